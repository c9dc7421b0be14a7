import type { InputHTMLAttributes } from 'react';
import './fields.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
}

/** A labelled input of the account forms, with an optional hint read by screen readers. */
export default function TextField({ label, onChange, hint, id, className, ...input }: Props) {
  return (
    <div className={`auth-field${className ? ` ${className}` : ''}`}>
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <input {...input} id={id} className="auth-field__input" onChange={(event) => onChange(event.target.value)} aria-describedby={hint ? `${id}-hint` : undefined} />
      {hint && (
        <p id={`${id}-hint`} className="auth-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
