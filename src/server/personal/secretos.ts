import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The back office's secrets (issue 36): each a random value the browser or a script holds (a session
 * cookie, an invitation link, a challenge, an API key, a recovery code) and the server keeps only as
 * its SHA-256. They are long random values, so a fast hash is enough: nothing to guess from it.
 */

/** A new random value: 32 bytes, base64url. */
export const nuevoSecreto = () => randomBytes(32).toString('base64url');

/** The stored form of a secret: its SHA-256, hex. */
export const huella = (secreto: string) => createHash('sha256').update(secreto, 'utf8').digest('hex');

/** Whether two texts are equal, in constant time whatever their lengths. */
export const iguales = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/** The prefix of every API key: a Bearer that starts with it is looked up as a key, never compared with the operator token. */
export const PREFIJO_CLAVE = 'kbk_';

/** A new API key: `kbk_` and 32 random bytes. */
export const nuevaClave = () => `${PREFIJO_CLAVE}${randomBytes(32).toString('base64url')}`;

/** What the people screen shows of a key to tell it apart: 'kbk_ab12cd34'. */
export const prefijoDe = (clave: string) => clave.slice(0, PREFIJO_CLAVE.length + 8);

const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A recovery code: 16 characters of an unambiguous alphabet, in four groups ('ABCD-EFGH-JKLM-NPQR'); 80 bits. */
export function nuevoCodigoRecuperacion(): string {
  const bytes = randomBytes(16);
  const letras = [...bytes].map((byte) => BASE32[byte % 32]).join('');
  return letras.match(/.{4}/g)!.join('-');
}

/** A recovery code as typed (any case, spaces or dashes) in its stored form's input. */
export const normalizarCodigo = (codigo: string) => codigo.toUpperCase().replace(/[^A-Z0-9]/g, '');
