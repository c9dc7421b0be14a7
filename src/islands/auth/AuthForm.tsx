import type { ReactNode, SubmitEvent } from 'react';
import DialogSwitch, { type DialogSwitchProps } from './DialogSwitch.tsx';

interface Props {
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => void;
  busy: boolean;
  /** The submit button's text, and its text while the form is busy. */
  submit: string;
  busySubmit: string;
  /** When the button is disabled; while busy by default. */
  disabled?: boolean;
  /** The line under the button that opens another account dialog. */
  switchTo: DialogSwitchProps;
  children: ReactNode;
}

/** The frame of the account dialogs' forms: the fields (children), the submit button and the line to another dialog. */
export default function AuthForm({ onSubmit, busy, submit, busySubmit, disabled = busy, switchTo, children }: Props) {
  return (
    <form className="auth-form" onSubmit={onSubmit} aria-busy={busy}>
      {children}
      <button type="submit" className="btn auth-form__submit" disabled={disabled}>
        {busy ? busySubmit : submit}
      </button>
      <DialogSwitch {...switchTo} />
    </form>
  );
}
