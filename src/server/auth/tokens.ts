import { errors, jwtVerify, SignJWT } from 'jose';
import { TOKEN_DURACION_SEGUNDOS } from '../../lib/tienda.ts';
import { type ServerConfig } from '../config.ts';
import { isTokenClaims, type TokenClaims } from '../../lib/auth/claims.ts';
import { generatedSecret } from '../db/secrets.ts';
import type { Db } from '../db/client.ts';
import type { Cliente } from '../db/schema/index.ts';

/**
 * The HS256 secret: JWT_SECRET, required in production; otherwise generated once and kept in the
 * database (so in `.data/` for the embedded default), shared by every instance on that database.
 */
export async function resolveJwtSecret(db: Db, config: Pick<ServerConfig, 'jwtSecret' | 'production'>): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  if (config.production) throw new Error('JWT_SECRET es obligatorio en producción.');
  return new TextEncoder().encode(await generatedSecret(db, 'jwt'));
}

/** The claims of a session token for `cliente`. */
export const claimsFor = (cliente: Cliente): TokenClaims => ({
  user: cliente.usuario,
  idUsuario: cliente.id,
  correo: cliente.correo,
  nombre: cliente.nombre,
  telefono: cliente.telefono,
  direccion: cliente.direccion,
  sesion: cliente.sesionVersion,
});

/** Signs a 7-day session token. */
export function signToken(claims: TokenClaims, secret: Uint8Array, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + TOKEN_DURACION_SEGUNDOS)
    .sign(secret);
}

/** The claims of a valid token: HS256 only, signature and expiry checked; undefined otherwise. */
export async function verifyToken(token: string, secret: Uint8Array): Promise<TokenClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp'] });
    return isTokenClaims(payload) ? payload : undefined;
  } catch (error) {
    if (error instanceof errors.JOSEError) return undefined;
    throw error;
  }
}
