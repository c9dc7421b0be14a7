import { useEffect, useId, useReducer, useRef, type SubmitEvent } from 'react';
import { changePassword, sendRecoveryCode, validateRecoveryCode, verifyUserOrEmail } from '../../lib/api/account-client.ts';
import { CONTRASENA } from '../../lib/api/account-rules.ts';
import {
  canSubmit,
  initialRecoveryState,
  RECOVERY_BUTTONS,
  recoveryReducer,
  runRecoveryStep,
  type RecoveryApi,
} from '../../lib/auth/recovery-steps.ts';
import { closeAuthDialog, openAuthDialog } from '../../stores/ui.ts';
import { showAlert } from '../../ui/alerts.ts';
import AuthForm from './AuthForm.tsx';
import PasswordField from '../../ui/PasswordField.tsx';
import TextField from '../../ui/TextField.tsx';

const API: RecoveryApi = { verify: verifyUserOrEmail, send: sendRecoveryCode, validate: validateRecoveryCode, change: changePassword };

/** The multi-step password recovery (storefront §4, Password recovery; messages of §8). */
export default function RecoveryForm() {
  const id = useId();
  const [state, dispatch] = useReducer(recoveryReducer, initialRecoveryState);
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    // The field a new step reveals takes focus, so keyboard and screen-reader users follow along.
    const next = state.step === 'code' ? `${id}-code` : state.step === 'password' ? `${id}-password` : null;
    if (next) document.getElementById(next)?.focus();
  }, [state.step, id]);

  useEffect(() => {
    if (!state.done) return;
    closeAuthDialog();
    void showAlert({
      icon: 'success',
      title: 'Contraseña cambiada con éxito.',
      text: 'Ya puedes iniciar sesión con tu nueva contraseña.',
      confirmText: 'Iniciar Sesión',
      cancelText: 'Cerrar',
    }).then((login) => {
      if (login) openAuthDialog('login');
    });
  }, [state.done]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const current = stateRef.current;
    if (!canSubmit(current)) return;
    dispatch({ type: 'submit' });
    const result = await runRecoveryStep(current, API);
    // A shopper who edited step 1 meanwhile started over: this answer is stale.
    if (stateRef.current.identifier !== current.identifier || stateRef.current.step !== current.step) return;
    dispatch(result);
  };

  const { step, message } = state;
  const pastCode = step === 'password';
  return (
    <AuthForm
      onSubmit={submit}
      busy={state.busy}
      submit={RECOVERY_BUTTONS[step]}
      busySubmit="Procesando…"
      disabled={!canSubmit(state)}
      switchTo={{ question: '¿Recordaste tu contraseña?', action: 'Inicia sesión', to: 'login' }}
    >
      <ol className="auth-steps" aria-label="Pasos">
        {(['identify', 'send', 'code', 'password'] as const).map((name, index, all) => (
          <li
            key={name}
            className={`auth-steps__item${all.indexOf(step) >= index ? ' is-active' : ''}`}
            aria-current={name === step ? 'step' : undefined}
          >
            <span className="visually-hidden">Paso {index + 1}</span>
          </li>
        ))}
      </ol>
      <TextField
        id={`${id}-identifier`}
        label="Usuario o correo"
        value={state.identifier}
        onChange={(value) => dispatch({ type: 'identifier', value })}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        autoFocus
      />
      {step !== 'identify' && state.maskedEmail && (
        <p className="auth-recover__mail">
          Correo registrado: <strong>{state.maskedEmail}</strong>
        </p>
      )}
      {(step === 'code' || pastCode) && (
        <TextField
          id={`${id}-code`}
          label="Código de verificación"
          value={state.code}
          onChange={(value) => dispatch({ type: 'code', value: value.replace(/\s/g, '') })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          readOnly={pastCode}
          required
        />
      )}
      {pastCode && (
        <PasswordField
          id={`${id}-password`}
          label="Nueva contraseña"
          value={state.password}
          onChange={(value) => dispatch({ type: 'password', value })}
          autoComplete="new-password"
          minLength={CONTRASENA.minimo}
          hint={CONTRASENA.pista}
          required
        />
      )}
      <p className={`auth-message${message ? ` auth-message--${message.kind}` : ''}`} role="status" aria-live="polite">
        {message?.text}
      </p>
    </AuthForm>
  );
}
