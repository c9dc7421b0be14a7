import { lazy, Suspense, useEffect, useRef } from 'react';
import { closeAuthDialog, type AuthDialog } from '../../stores/ui.ts';
import Modal from '../../ui/Modal.tsx';
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

/** The account dialogs' emblem beside the title. */
const HEART = (
  <svg viewBox="0 0 24 24" width="22" height="22">
    <path
      fill="currentColor"
      d="M12 21s-7.5-4.6-9.4-9.3C1.3 8.4 3.3 4.5 7 4.5c2.1 0 3.6 1.1 5 2.9 1.4-1.8 2.9-2.9 5-2.9 3.7 0 5.7 3.9 4.4 7.2C19.5 16.4 12 21 12 21Z"
    />
  </svg>
);

/**
 * The account dialogs in the shop's Modal (focus, Escape, backdrop, focus return). The body changes
 * when the shopper switches dialogs; the frame stays.
 */
export default function AuthModal({ dialog }: { dialog: Dialog }) {
  const Body = BODIES[dialog];
  const heading = HEADINGS[dialog];
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // A switch unmounts the focused link with the old body; the new body's first field takes focus
    // when it mounts, and until then the body holds it.
    if (document.activeElement === document.body) body.current?.focus({ preventScroll: true });
  }, [dialog]);

  return (
    <Modal
      title={heading.title}
      lead={heading.lead}
      mark={HEART}
      size={dialog === 'register' ? 'normal' : 'narrow'}
      onClose={closeAuthDialog}
    >
      <div ref={body} className="auth-modal__body" tabIndex={-1}>
        <Suspense fallback={<div className="auth-modal__loading" aria-hidden="true" />}>
          <Body />
        </Suspense>
      </div>
    </Modal>
  );
}
