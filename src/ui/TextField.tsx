import type { InputHTMLAttributes, ReactNode } from 'react';
import './fields.css';

/** What a field's control carries so screen readers read its hint and problem. */
interface ControlAria {
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

interface FrameProps {
  id: string | undefined;
  label: string;
  hint?: string;
  /** Why the value was refused: shown under the control as an alert, the control marked invalid. */
  problem?: string | null;
  className?: string;
  /** The control itself, given the attributes that tie it to its hint and problem. */
  children: (aria: ControlAria) => ReactNode;
}

/** The frame of a labelled form field (account, checkout, complaints book, reviews): label, control, hint and problem. */
export function FieldFrame({ id, label, hint, problem, className, children }: FrameProps) {
  const described = [hint && `${id}-hint`, problem && `${id}-problem`].filter(Boolean).join(' ');
  return (
    <div className={`auth-field${className ? ` ${className}` : ''}`}>
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ 'aria-describedby': described || undefined, 'aria-invalid': problem ? true : undefined })}
      {hint && (
        <p id={`${id}-hint`} className="auth-field__hint">
          {hint}
        </p>
      )}
      {problem && (
        <p id={`${id}-problem`} className="auth-field__problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  /** Why the value was refused: shown under the input as an alert, the input marked invalid. */
  problem?: string | null;
}

/** A labelled input of the shop's forms, with an optional hint and problem read by screen readers. */
export default function TextField({ label, onChange, hint, problem, id, className, ...input }: Props) {
  return (
    <FieldFrame id={id} label={label} hint={hint} problem={problem} className={className}>
      {(aria) => <input {...input} {...aria} id={id} className="auth-field__input" onChange={(event) => onChange(event.target.value)} />}
    </FieldFrame>
  );
}
