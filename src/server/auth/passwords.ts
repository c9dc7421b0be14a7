import { hash, verify } from '@node-rs/argon2';

// 2 is Algorithm.Argon2id, a const enum that isolated modules cannot read.
const OPTIONS = { algorithm: 2 as const };

/** An argon2id hash of a password. */
export const hashPassword = (password: string) => hash(password, OPTIONS);

/** Compares a password with its hash; a malformed hash never matches. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the account does not exist, so timing does not reveal it. */
let dummy: Promise<string> | undefined;
export const dummyHash = () => (dummy ??= hashPassword('contraseña-que-no-existe'));
