import { useId, useMemo, useState, type SubmitEvent } from 'react';
import { updateCliente } from '../../lib/api/account-client.ts';
import type { ClienteApi } from '../../lib/api/account-schemas.ts';
import { ApiError } from '../../lib/api/request.ts';
import { isProfileDirty, PROFILE_MESSAGES, profileFormFrom, profileUpdateFrom, type ProfileForm } from '../../lib/account/profile.ts';
import { updateStoredUser } from '../../stores/auth.ts';
import PhoneField from '../../ui/PhoneField.tsx';
import TextField from '../../ui/TextField.tsx';
import UsernameField from '../../ui/UsernameField.tsx';
import { showAlert } from '../../ui/alerts.ts';
import type { ProtectedSession } from './useProtectedSession.ts';

interface Props {
  cliente: ClienteApi;
  session: ProtectedSession;
  onSaved: (cliente: ClienteApi) => void;
}

/** 'Datos Personales' (checkout §2, §5 Profile, §8): the update button works only when something changed. */
export default function ProfileSection({ cliente, session, onSaved }: Props) {
  const id = useId();
  const loaded = useMemo(() => profileFormFrom(cliente), [cliente]);
  const [form, setForm] = useState<ProfileForm>(loaded);
  const [busy, setBusy] = useState(false);
  const dirty = isProfileDirty(form, loaded);
  const set = (key: keyof ProfileForm) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dirty || busy) return;
    setBusy(true);
    const body = profileUpdateFrom(form, cliente.correo);
    try {
      const res = await updateCliente(session.claims.idUsuario, session.token, body);
      if (res.id !== 1) {
        await showAlert({ icon: 'error', title: 'Error', text: res.mensaje || PROFILE_MESSAGES.errorActualizar });
        return;
      }
      const saved: ClienteApi = {
        ...cliente,
        nombre: body.nombre!,
        usuario: body.usuario!,
        telefono: body.telefono!,
        direccion: body.direccion!,
        ciudad: body.ciudad!,
      };
      onSaved(saved);
      setForm(profileFormFrom(saved));
      updateStoredUser({ nombre: saved.nombre, user: saved.usuario, telefono: saved.telefono, direccion: saved.direccion });
      await showAlert({ icon: 'success', title: PROFILE_MESSAGES.actualizados });
    } catch (error) {
      // A refusal (a taken username, an expired session) says why; a call that got no answer is logged.
      if (!(error instanceof ApiError)) console.error(PROFILE_MESSAGES.errorRed, error);
      const text = error instanceof ApiError ? (error.mensaje ?? PROFILE_MESSAGES.errorActualizar) : PROFILE_MESSAGES.errorRed;
      await showAlert({ icon: 'error', title: 'Error', text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card account-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-card__title">
        Datos Personales
      </h2>
      <form className="account-form" onSubmit={submit} aria-busy={busy}>
        <TextField
          id={`${id}-nombre`}
          label="Nombre completo"
          value={form.nombre}
          onChange={set('nombre')}
          autoComplete="name"
          maxLength={100}
          required
        />
        <UsernameField id={`${id}-usuario`} value={form.usuario} onChange={set('usuario')} />
        <PhoneField id={`${id}-telefono`} value={form.telefono} onChange={set('telefono')} />
        <TextField
          id={`${id}-correo`}
          label="Correo electrónico"
          value={cliente.correo}
          onChange={() => undefined}
          type="email"
          readOnly
          hint="El correo no se puede modificar."
        />
        <TextField
          id={`${id}-direccion`}
          className="account-form__wide"
          label="Dirección"
          value={form.direccion}
          onChange={set('direccion')}
          autoComplete="street-address"
          maxLength={250}
          placeholder="Av., calle, número, distrito y referencia"
        />
        <TextField
          id={`${id}-ciudad`}
          label="Ciudad (opcional)"
          value={form.ciudad}
          onChange={set('ciudad')}
          autoComplete="address-level2"
          maxLength={100}
        />
        <div className="account-form__actions">
          {dirty && (
            <button type="button" className="btn btn--ghost" onClick={() => setForm(loaded)} disabled={busy}>
              Descartar cambios
            </button>
          )}
          <button type="submit" className="btn" disabled={!dirty || busy}>
            {busy ? 'Guardando…' : 'Actualizar datos'}
          </button>
        </div>
      </form>
    </section>
  );
}
