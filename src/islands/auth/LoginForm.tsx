import { useId, useState, type SubmitEvent } from 'react';
import { openAuthDialog } from '../../stores/ui.ts';
import AuthForm from './AuthForm.tsx';
import PasswordField from '../../ui/PasswordField.tsx';
import { showError, signIn, welcome } from './session-flow.ts';
import TextField from '../../ui/TextField.tsx';

/** The 'Iniciar Sesión' form (storefront §2 Dialogs, §4 Login flow, §5: both fields required). */
export default function LoginForm() {
  const id = useId();
  const [user, setUser] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await signIn(user, password);
    setBusy(false);
    if (!result.ok) {
      await showError(result.mensaje);
      return;
    }
    setUser('');
    setPassword('');
    await welcome(result.user, { profileCompleted: result.profileCompleted, prompt: true });
  };

  return (
    <AuthForm
      onSubmit={submit}
      busy={busy}
      submit="Iniciar Sesión"
      busySubmit="Ingresando…"
      switchTo={{ question: '¿No tienes una cuenta?', action: 'Regístrate', to: 'register' }}
    >
      <TextField
        id={`${id}-user`}
        label="Usuario o Correo"
        value={user}
        onChange={setUser}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        autoFocus
      />
      <PasswordField
        id={`${id}-password`}
        label="Contraseña"
        value={password}
        onChange={setPassword}
        name="password"
        autoComplete="current-password"
        required
      />
      <div className="auth-form__row">
        <button type="button" className="auth-link" onClick={() => openAuthDialog('recover')}>
          ¿Olvidaste tu contraseña?
        </button>
      </div>
    </AuthForm>
  );
}
