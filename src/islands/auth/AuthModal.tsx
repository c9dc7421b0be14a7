import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import { closeAuthDialog, type AuthDialog } from '../../stores/ui.ts';
import { trapTab } from '../ui/focus-trap.ts';
import './auth.css';

type Dialog = Exclude<AuthDialog, null>;

const BODIES = {
  login: lazy(() => import('./LoginForm.tsx')),
  register: lazy(() => import('./RegisterForm.tsx')),
  recover: lazy(() => import('./RecoveryForm.tsx')),
} satisfies Record<Dialog, unknown>;

const HEADINGS: Record<Dialog, { title: string; lead: string }> = {
  login: { title: 'Iniciar Sesión', lead: 'Accede a tu cuenta para comprar más rápido y seguir tus pedidos.' },
  register: { title: 'Crear Cuenta', lead: 'Regístrate en un minuto y disfruta de una compra más rápida.' },
  recover: { title: 'Recuperar Contraseña', lead: 'Te enviaremos un código a tu correo para crear una nueva contraseña.' },
};

/** An alert of src/islands/ui/alerts.ts is open above the modal: it owns the keyboard then. */
const alertOpen = () => document.querySelector('.kb-alert') !== null;

/**
 * The modal frame of the account dialogs: focus moves in and is trapped, Escape and the backdrop
 * close it (AuthDialogs returns focus). The body changes when the shopper switches dialogs.
 */
export default function AuthModal({ dialog }: { dialog: Dialog }) {
  const boxRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const Body = BODIES[dialog];
  const heading = HEADINGS[dialog];

  useEffect(() => {
    const root = document.documentElement;
    root.classList.add('auth-open');
    const onKey = (event: KeyboardEvent) => {
      const box = boxRef.current;
      if (!box || alertOpen()) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        closeAuthDialog();
      } else {
        trapTab(event, box);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      root.classList.remove('auth-open');
    };
  }, []);

  useEffect(() => {
    // The body's first field takes focus when it mounts; until then the frame holds it.
    const box = boxRef.current;
    if (box && !box.contains(document.activeElement)) box.focus({ preventScroll: true });
  }, [dialog]);

  return (
    <div
      className="auth-modal"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !alertOpen()) closeAuthDialog();
      }}
    >
      <div
        ref={boxRef}
        className={`auth-modal__box auth-modal__box--${dialog}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-lead`}
        tabIndex={-1}
      >
        <header className="auth-modal__head">
          <span className="auth-modal__mark" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="22" height="22">
              <path fill="currentColor" d="M12 21s-7.5-4.6-9.4-9.3C1.3 8.4 3.3 4.5 7 4.5c2.1 0 3.6 1.1 5 2.9 1.4-1.8 2.9-2.9 5-2.9 3.7 0 5.7 3.9 4.4 7.2C19.5 16.4 12 21 12 21Z" />
            </svg>
          </span>
          <h2 id={`${id}-title`} className="auth-modal__title">
            {heading.title}
          </h2>
          <p id={`${id}-lead`} className="auth-modal__lead">
            {heading.lead}
          </p>
          <button type="button" className="auth-modal__close" aria-label="Cerrar" onClick={closeAuthDialog}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" d="m6 6 12 12M18 6 6 18" />
            </svg>
          </button>
        </header>
        <div className="auth-modal__body">
          <Suspense fallback={<div className="auth-modal__loading" aria-hidden="true" />}>
            <Body />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
