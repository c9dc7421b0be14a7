import { USUARIO } from '../lib/api/account-rules.ts';
import TextField from './TextField.tsx';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/** The username input of registration and of the profile, held to the server's rule (storefront §5). */
export default function UsernameField({ id, value, onChange }: Props) {
  return (
    <TextField
      id={id}
      label="Usuario"
      value={value}
      onChange={onChange}
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      pattern={USUARIO.pattern.source}
      title={USUARIO.titulo}
      required
    />
  );
}
