import { jwtDecode } from 'jwt-decode';

/** The claims the storefront reads from the session token (storefront §3, Decoded token). */
export interface SessionClaims {
  user: string;
  idUsuario: number;
  correo: string;
  nombre: string;
  telefono: string;
  direccion: string;
  exp: number;
}

/** The token's claims, or null when it cannot be decoded (logged, per storefront §8). */
export function decodeToken(token: string): SessionClaims | null {
  try {
    const claims = jwtDecode<Partial<SessionClaims>>(token);
    if (typeof claims.exp !== 'number' || typeof claims.idUsuario !== 'number') return null;
    return claims as SessionClaims;
  } catch (error) {
    console.error('No se pudo leer el token de sesión', error);
    return null;
  }
}

/** A token is valid only if present, decodable and its exp is later than now (storefront §4). */
export function isTokenValid(token: string | null | undefined, now = Date.now()): boolean {
  if (!token) return false;
  const claims = decodeToken(token);
  return claims !== null && claims.exp * 1000 > now;
}
