import { openAuthDialog, type AuthDialog } from '../../stores/ui.ts';

/** What the line says and which dialog it opens. */
export interface DialogSwitchProps {
  question: string;
  /** The link's text. */
  action: string;
  to: Exclude<AuthDialog, null>;
}

/** The line under an account form that opens another account dialog: '¿No tienes una cuenta? Regístrate'. */
export default function DialogSwitch({ question, action, to }: DialogSwitchProps) {
  return (
    <p className="auth-form__switch">
      {question}{' '}
      <button type="button" className="auth-link auth-link--strong" onClick={() => openAuthDialog(to)}>
        {action}
      </button>
    </p>
  );
}
