import { useEffect, useId, useRef, useState } from 'react';
import Icon from '../../ui/icons.tsx';
import { greetingName } from '../../lib/account/greeting.ts';
import { openAuthDialog } from '../../stores/ui.ts';
import { showToast } from '../../ui/alerts.ts';
import { displayName, logout, useStoredUser } from './session.ts';
import './UserMenu.css';

interface Props {
  variant: 'desktop' | 'mobile';
}

const PROTEGIDAS = ['/cuenta', '/mis-pedidos'];

/** 'Iniciar Sesion' for visitors; for a signed-in user a menu toggle with the greeting (storefront §2 Header). */
export default function UserMenu({ variant }: Props) {
  const user = useStoredUser();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const desktop = variant === 'desktop';

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (!user) {
    return desktop ? (
      <button type="button" className="btn btn--outline user-menu__login" onClick={() => openAuthDialog('login')}>
        <Icon name="user" size={18} />
        Iniciar Sesion
      </button>
    ) : (
      <button type="button" className="icon-btn" aria-label="Iniciar sesión" onClick={() => openAuthDialog('login')}>
        <Icon name="user" />
      </button>
    );
  }

  const saludo = greetingName(displayName(user));
  const onLogout = () => {
    setOpen(false);
    logout();
    void showToast({ icon: 'success', title: 'Sesión cerrada', text: '¡Vuelve pronto!', timerMs: 2500 });
    if (PROTEGIDAS.some((path) => window.location.pathname.startsWith(path))) window.location.replace('/');
  };

  return (
    <div
      ref={rootRef}
      className={`user-menu user-menu--${variant}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          toggleRef.current?.focus();
        }
      }}
    >
      <button
        ref={toggleRef}
        type="button"
        className={desktop ? 'user-menu__toggle' : 'icon-btn'}
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={desktop ? undefined : `Mi cuenta: ${saludo}`}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon name="user" size={desktop ? 20 : 24} />
        {desktop && (
          <>
            <span className="user-menu__greeting">
              <small>Hola,</small> <span>{saludo}</span>
            </span>
            <Icon name="chevronDown" size={16} className="user-menu__chevron" />
          </>
        )}
        {!desktop && <span className="user-menu__dot" aria-hidden="true" />}
      </button>
      {open && (
        <ul id={`${id}-menu`} className="user-menu__list">
          {!desktop && <li className="user-menu__hello">Hola, {saludo}</li>}
          <li>
            <a href="/cuenta">Mi Cuenta</a>
          </li>
          <li>
            <a href="/mis-pedidos">{desktop ? 'Mis Compras' : 'Mis pedidos'}</a>
          </li>
          <li>
            <button type="button" onClick={onLogout}>
              Cerrar sesión
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
