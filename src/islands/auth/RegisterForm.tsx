import { useId, useState, type SubmitEvent } from 'react';
import { TIENDA } from '../../lib/tienda.ts';
import { register } from '../../lib/api/account-client.ts';
import { CONTRASENA } from '../../lib/api/account-rules.ts';
import { serverMessage } from '../../lib/api/request.ts';
import { phoneDigits } from '../../lib/account/phone.ts';
import { closeAuthDialog, openAuthDialog } from '../../stores/ui.ts';
import { showAlert } from '../../ui/alerts.ts';
import AuthForm from './AuthForm.tsx';
import PasswordField from '../../ui/PasswordField.tsx';
import PhoneField from '../../ui/PhoneField.tsx';
import { showError, signIn, welcome } from './session-flow.ts';
import TextField from '../../ui/TextField.tsx';
import UsernameField from '../../ui/UsernameField.tsx';

const EMPTY = { nombre: '', usuario: '', correo: '', telefono: '', password: '', aceptaMarketing: false };
const REGISTER_EXCEPTION = 'Ocurrió un error al crear tu cuenta. Por favor, intenta nuevamente.';

/**
 * The 'Crear Cuenta' form (storefront §2 Dialogs, §4 Registration, §5: every field required, e-mail
 * type, phone of 9 digits (TELEFONO) shown as '999 999 999' and sent without spaces). Marketing consent is
 * optional and never pre-ticked.
 */
export default function RegisterForm() {
  const id = useId();
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const set =
    <K extends keyof typeof EMPTY>(key: K) =>
    (value: (typeof EMPTY)[K]) =>
      setForm((current) => ({ ...current, [key]: value }));

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const res = await register({
        ...form,
        nombre: form.nombre.trim(),
        usuario: form.usuario.trim(),
        correo: form.correo.trim(),
        telefono: phoneDigits(form.telefono),
      });
      if (res.id !== 1) {
        await showError(res.mensaje || REGISTER_EXCEPTION);
        return;
      }
      await showAlert({ icon: 'success', title: '¡Registro exitoso!', timerMs: TIENDA.toastRegistroMs });
      const session = await signIn(form.usuario, form.password);
      setForm(EMPTY);
      if (session.ok) {
        await welcome(session.user, { profileCompleted: session.profileCompleted, prompt: false });
      } else {
        closeAuthDialog();
        openAuthDialog('login');
      }
    } catch (error) {
      // A refusal (invalid or taken data, too many attempts) carries the server's message; anything else is logged.
      const mensaje = serverMessage(error);
      if (!mensaje) console.error('No se pudo registrar', error);
      await showError(mensaje ?? REGISTER_EXCEPTION);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthForm
      onSubmit={submit}
      busy={busy}
      submit="Crear Cuenta"
      busySubmit="Creando tu cuenta…"
      switchTo={{ question: '¿Ya tienes una cuenta?', action: 'Inicia sesión', to: 'login' }}
    >
      <TextField
        id={`${id}-nombre`}
        label="Nombre completo"
        value={form.nombre}
        onChange={set('nombre')}
        autoComplete="name"
        maxLength={100}
        required
        autoFocus
      />
      <div className="auth-form__pair">
        <UsernameField id={`${id}-usuario`} value={form.usuario} onChange={set('usuario')} />
        <PhoneField id={`${id}-telefono`} value={form.telefono} onChange={set('telefono')} />
      </div>
      <TextField
        id={`${id}-correo`}
        label="Correo electrónico"
        value={form.correo}
        onChange={set('correo')}
        type="email"
        autoComplete="email"
        maxLength={120}
        required
      />
      <PasswordField
        id={`${id}-password`}
        label="Contraseña"
        value={form.password}
        onChange={set('password')}
        autoComplete="new-password"
        minLength={CONTRASENA.minimo}
        hint={CONTRASENA.pista}
        required
      />
      <label className="auth-check">
        <input type="checkbox" checked={form.aceptaMarketing} onChange={(event) => set('aceptaMarketing')(event.target.checked)} />
        <span>Quiero recibir ofertas y novedades de {TIENDA.nombre} por correo (opcional).</span>
      </label>
      <p className="auth-form__legal">
        Al crear tu cuenta aceptas que tratemos tus datos según nuestra <a href="/politica-de-privacidad">Política de Privacidad</a>.
      </p>
    </AuthForm>
  );
}
