import { useState, type InputHTMLAttributes } from 'react';
import './fields.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
}

/** A password input with a show/hide toggle (storefront §2 Dialogs). */
export default function PasswordField({ label, value, onChange, hint, id, ...input }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="auth-field__password">
        <input
          {...input}
          id={id}
          className="auth-field__input"
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <button
          type="button"
          className="auth-field__toggle"
          aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z"
            />
            {visible && <path stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" d="M4 4l16 16" />}
          </svg>
        </button>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="auth-field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
