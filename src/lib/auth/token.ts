import { jwtDecode } from 'jwt-decode';
import { isSessionClaims, type SessionClaims } from './claims.ts';

/** The token's claims, or null when it cannot be decoded or lacks them (logged, per storefront §8). */
export function decodeToken(token: string): SessionClaims | null {
  try {
    const claims = jwtDecode<unknown>(token);
    return isSessionClaims(claims) ? claims : null;
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
