import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame } from '../../ui/TextField.tsx';

interface Props extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  problem?: string | null;
}

/** A labelled multi-line text of the sheet, in the same frame as TextField (label, hint, problem). */
export default function AreaField({ id, label, onChange, hint, problem, className, ...area }: Props) {
  return (
    <FieldFrame id={id} label={label} hint={hint} problem={problem} className={className}>
      {(aria) => (
        <textarea
          {...area}
          {...aria}
          id={id}
          className="auth-field__input reclamo-area"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FieldFrame>
  );
}
