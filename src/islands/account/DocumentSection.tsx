import { useId, useState, type SubmitEvent } from 'react';
import { updateCliente } from '../../lib/api/account-client.ts';
import { DOC_TYPES, type DocType } from '../../lib/api/account-rules.ts';
import type { ClienteApi } from '../../lib/api/account-schemas.ts';
import { DOC_LABELS, DOC_MESSAGES, docNumberProblem, docSavedMessage, documentoDe, sanitizeDocNumber } from '../../lib/account/profile.ts';
import { TIENDA } from '../../lib/tienda.ts';
import { showAlert } from '../../ui/alerts.ts';
import type { ProtectedSession } from './useProtectedSession.ts';
import '../../ui/fields.css';

interface Props {
  cliente: ClienteApi;
  session: ProtectedSession;
  /** Refetches the customer after a document is saved. */
  onSaved: () => Promise<void>;
  /** Called once a saved document has been confirmed to the shopper and refetched (checkout continues then). */
  onVerified?: () => void;
}

/**
 * The identity document (checkout §2 Profile, §5 Document form, §8): a form while the customer has
 * none; once saved (and refetched), the verified document.
 */
export default function DocumentSection({ cliente, session, onSaved, onVerified }: Props) {
  const id = useId();
  const documento = documentoDe(cliente);
  const [type, setType] = useState<DocType>('DNI');
  const [number, setNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!number || saving) return;
    const rule = docNumberProblem(type, number);
    setProblem(rule);
    if (rule) return;
    setSaving(true);
    try {
      const res = await updateCliente(session.claims.idUsuario, session.token, { docType: type, docNumber: number });
      if (res.id !== 1) throw new Error(res.mensaje);
      const refetch = onSaved();
      await showAlert({ icon: 'success', title: DOC_MESSAGES.listo, text: docSavedMessage(type) });
      await refetch;
      onVerified?.();
    } catch (error) {
      console.error(DOC_MESSAGES.error, error);
      await showAlert({ icon: 'error', title: 'Error', text: DOC_MESSAGES.error });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card account-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-card__title">
        Documento de identidad
      </h2>
      {documento ? (
        <div className="account-doc" data-testid="documento-verificado">
          <span className="account-doc__icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="26" height="26">
              <path fill="currentColor" d="M3 5h18v14H3V5Zm2 2v10h14V7H5Zm2 2h5v2H7V9Zm0 4h8v2H7v-2Zm9-4h2v2h-2V9Z" />
            </svg>
          </span>
          <div className="account-doc__data">
            <p className="account-doc__type">{DOC_LABELS[documento.type]}</p>
            <p className="account-doc__number">{documento.number}</p>
          </div>
          <span className="account-chip account-chip--ok">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path fill="currentColor" d="m9.6 16.2-4.2-4.2L4 13.4l5.6 5.6L20 8.6l-1.4-1.4-9 9Z" />
            </svg>
            Verificado
          </span>
        </div>
      ) : (
        <form className="account-form account-form--doc" onSubmit={submit} aria-busy={saving}>
          <div className="account-note account-form__wide" role="note">
            <strong>{DOC_MESSAGES.requerido}</strong>
            <span>Lo necesitamos para procesar tus compras y emitir tu comprobante de pago.</span>
          </div>
          <div className="auth-field">
            <label className="auth-field__label" htmlFor={`${id}-type`}>
              Tipo de documento
            </label>
            <select
              id={`${id}-type`}
              className="auth-field__input account-select"
              value={type}
              onChange={(event) => {
                setType(event.target.value as DocType);
                setNumber('');
                setProblem(null);
              }}
            >
              {DOC_TYPES.map((docType) => (
                <option key={docType} value={docType}>
                  {docType}
                </option>
              ))}
            </select>
          </div>
          <div className="auth-field">
            <label className="auth-field__label" htmlFor={`${id}-number`}>
              Número de documento
            </label>
            <input
              id={`${id}-number`}
              className="auth-field__input"
              value={number}
              onChange={(event) => {
                setNumber(sanitizeDocNumber(type, event.target.value));
                setProblem(null);
              }}
              inputMode={type === 'DNI' ? 'numeric' : 'text'}
              maxLength={type === 'DNI' ? TIENDA.dniDigitos : 12}
              autoComplete="off"
              required
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
            {problem && (
              <p id={`${id}-problem`} className="account-problem" role="alert">
                {problem}
              </p>
            )}
          </div>
          <div className="account-form__actions">
            <button type="submit" className="btn" disabled={!number || saving}>
              {saving ? 'Guardando…' : 'Guardar documento'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
