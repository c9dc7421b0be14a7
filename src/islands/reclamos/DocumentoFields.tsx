import { DOC_TYPES, type DocType } from '../../lib/api/account-rules.ts';
import { DOC_LABELS, sanitizeDocNumber } from '../../lib/account/profile.ts';
import { TIENDA } from '../../lib/tienda.ts';
import TextField from '../../ui/TextField.tsx';

interface Props {
  /** The ids' prefix: `{id}-tipo` and `{id}` (the number, which a problem focuses). */
  id: string;
  tipo: DocType;
  numero: string;
  onTipo: (tipo: DocType) => void;
  onNumero: (numero: string) => void;
  problem?: string | null;
}

/** An identity document of the sheet: its type (DOC_TYPES) and its number, kept to what the type allows as typed. */
export default function DocumentoFields({ id, tipo, numero, onTipo, onNumero, problem }: Props) {
  return (
    <>
      <div className="auth-field">
        <label className="auth-field__label" htmlFor={`${id}-tipo`}>
          Tipo de documento
        </label>
        <select
          id={`${id}-tipo`}
          className="auth-field__input reclamo-select"
          value={tipo}
          onChange={(event) => {
            const nuevo = event.target.value as DocType;
            onTipo(nuevo);
            onNumero(sanitizeDocNumber(nuevo, numero));
          }}
        >
          {DOC_TYPES.map((docType) => (
            <option key={docType} value={docType}>
              {DOC_LABELS[docType]}
            </option>
          ))}
        </select>
      </div>
      <TextField
        id={id}
        label="Número de documento"
        value={numero}
        onChange={(typed) => onNumero(sanitizeDocNumber(tipo, typed))}
        inputMode={tipo === 'DNI' ? 'numeric' : 'text'}
        maxLength={tipo === 'DNI' ? TIENDA.dniDigitos : 12}
        autoComplete="off"
        aria-required="true"
        problem={problem}
      />
    </>
  );
}
