import { useId, type InputHTMLAttributes, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { FieldFrame } from '../../ui/TextField.tsx';

interface Comunes {
  etiqueta: string;
  pista?: string;
  problema?: string | null;
}

/** A labelled input of the shop's form kit (FieldFrame) that react-hook-form's `register` plugs into. */
export function Campo({
  etiqueta,
  pista,
  problema,
  id,
  ref,
  ...input
}: Comunes & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const propio = useId();
  const campo = id ?? propio;
  return (
    <FieldFrame id={campo} label={etiqueta} hint={pista} problem={problema}>
      {(aria) => <input {...input} {...aria} ref={ref} id={campo} className="auth-field__input" />}
    </FieldFrame>
  );
}

/** A labelled select of the form kit. */
export function Selector({
  etiqueta,
  pista,
  problema,
  id,
  ref,
  children,
  ...select
}: Comunes & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  const propio = useId();
  const campo = id ?? propio;
  return (
    <FieldFrame id={campo} label={etiqueta} hint={pista} problem={problema}>
      {(aria) => (
        <select {...select} {...aria} ref={ref} id={campo} className="auth-field__input">
          {children}
        </select>
      )}
    </FieldFrame>
  );
}

/** A labelled text area of the form kit. */
export function Texto({
  etiqueta,
  pista,
  problema,
  id,
  ref,
  ...area
}: Comunes & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const propio = useId();
  const campo = id ?? propio;
  return (
    <FieldFrame id={campo} label={etiqueta} hint={pista} problem={problema}>
      {(aria) => <textarea {...area} {...aria} ref={ref} id={campo} className="auth-field__input" />}
    </FieldFrame>
  );
}

/** The six-digit code of an authenticator app: numeric keyboard, the browser's one-time-code autofill. */
export const CODIGO_TOTP = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  pattern: '[0-9]{6}',
  maxLength: 6,
} as const;
