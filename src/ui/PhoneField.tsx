import { TELEFONO } from '../lib/api/account-rules.ts';
import { formatPhone, PHONE_INPUT } from '../lib/account/phone.ts';
import TextField from './TextField.tsx';

interface Props {
  id: string;
  /** As shown: digits in groups of three. */
  value: string;
  onChange: (value: string) => void;
}

/** The mobile input of registration and of the profile: digits only, grouped as typed, the server's length (storefront §5). */
export default function PhoneField({ id, value, onChange }: Props) {
  return (
    <TextField
      id={id}
      label="Celular"
      value={value}
      onChange={(typed) => onChange(formatPhone(typed))}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder={PHONE_INPUT.placeholder}
      pattern={PHONE_INPUT.pattern}
      title={TELEFONO.titulo}
      required
    />
  );
}
