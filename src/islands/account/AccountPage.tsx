import { useCallback, useEffect, useState } from 'react';
import { fetchCliente } from '../../lib/api/account-client.ts';
import { isProfileComplete } from '../../lib/api/account-rules.ts';
import type { ClienteApi } from '../../lib/api/account-schemas.ts';
import { ApiError } from '../../lib/api/request.ts';
import { PROFILE_MESSAGES } from '../../lib/account/profile.ts';
import AccountLoading from './AccountLoading.tsx';
import DocumentSection from './DocumentSection.tsx';
import ProfileSection from './ProfileSection.tsx';
import { sessionRejected, useProtectedSession } from './useProtectedSession.ts';
import './account.css';

/** 'Mi Cuenta' (checkout §2 Profile): personal data and identity document of the signed-in customer. */
export default function AccountPage() {
  const session = useProtectedSession();
  const [cliente, setCliente] = useState<ClienteApi>();
  const [failed, setFailed] = useState(false);
  const id = session?.claims.idUsuario;
  const token = session?.token;

  const load = useCallback(async () => {
    if (!id || !token) return;
    try {
      setCliente(await fetchCliente(id, token));
      setFailed(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return sessionRejected();
      console.error(PROFILE_MESSAGES.errorCarga, error);
      setFailed(true);
    }
  }, [id, token]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!session) return <AccountLoading />;
  if (failed && !cliente) {
    return (
      <div className="card account-card account-error" role="alert">
        <p>{PROFILE_MESSAGES.errorCarga}</p>
        <button type="button" className="btn btn--outline" onClick={() => void load()}>
          Reintentar
        </button>
      </div>
    );
  }
  if (!cliente) return <AccountLoading />;

  const complete = isProfileComplete(cliente);
  return (
    <div className="account-sections">
      <div className="card account-card account-summary">
        <span className="account-summary__avatar" aria-hidden="true">
          {initials(cliente.nombre)}
        </span>
        <div className="account-summary__who">
          <p className="account-summary__name">{cliente.nombre}</p>
          <p className="account-summary__mail">{cliente.correo}</p>
        </div>
        <span className={`account-chip${complete ? ' account-chip--ok' : ' account-chip--todo'}`}>
          {complete ? 'Perfil completo' : 'Perfil incompleto'}
        </span>
      </div>
      <ProfileSection cliente={cliente} session={session} onSaved={setCliente} />
      <DocumentSection cliente={cliente} session={session} onSaved={load} />
    </div>
  );
}

/** Up to two initials of a name, for the avatar. */
function initials(nombre: string): string {
  const words = nombre.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => word!.charAt(0).toUpperCase()).join('') || '?';
}
