/**
 * The session token's claims (storefront §3, Decoded token): what the server signs and what the
 * storefront reads, with the one check both apply to a decoded payload.
 */

/** The claims the server signs into a session token. */
export interface TokenClaims {
  user: string;
  idUsuario: number;
  correo: string;
  nombre: string;
  telefono: string;
  direccion: string;
  /** The customer's session version when the token was issued (absent in tokens older than it: 0). */
  sesion?: number;
}

/** The claims of an issued token: plus its expiry, in seconds since the epoch. */
export interface SessionClaims extends TokenClaims {
  exp: number;
}

/** The user the storefront keeps in localStorage under `user` after login (storefront §3). */
export type StoredUser = Pick<TokenClaims, 'idUsuario' | 'user' | 'nombre' | 'correo' | 'telefono' | 'direccion'>;

/** Whether a decoded payload carries the claims every reader relies on: the customer's id and user, and a numeric session version if any. */
export function isTokenClaims(payload: unknown): payload is TokenClaims {
  const claims = payload as Partial<Record<keyof TokenClaims, unknown>> | null;
  return (
    typeof claims === 'object' &&
    claims !== null &&
    typeof claims.idUsuario === 'number' &&
    typeof claims.user === 'string' &&
    (claims.sesion === undefined || typeof claims.sesion === 'number')
  );
}

/** Whether a decoded payload carries the claims and an expiry (what the storefront reads from its cookie). */
export const isSessionClaims = (payload: unknown): payload is SessionClaims =>
  isTokenClaims(payload) && typeof (payload as { exp?: unknown }).exp === 'number';

/** The stored user of a session. */
export const userFromClaims = (claims: TokenClaims): StoredUser => ({
  idUsuario: claims.idUsuario,
  user: claims.user,
  nombre: claims.nombre,
  correo: claims.correo,
  telefono: claims.telefono,
  direccion: claims.direccion,
});
