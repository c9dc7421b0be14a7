import Cookies from 'js-cookie';
import { atom, computed, onMount } from 'nanostores';
import { TIENDA } from '../config.ts';
import { decodeToken, isTokenValid, type SessionClaims } from '../lib/auth/token.ts';
import { clearCart } from './cart.ts';

/** The session (storefront §4, Login and token): token in the `tokenweb` cookie, user in localStorage. */
export const TOKEN_COOKIE = 'tokenweb';

/** The user kept in localStorage under `user` after login. */
export interface StoredUser {
  idUsuario: number;
  user: string;
  nombre: string;
  correo: string;
  telefono: string;
  direccion: string;
}

const readCookie = () => (typeof document === 'undefined' ? undefined : Cookies.get(TOKEN_COOKIE));

/** The raw token; read from the cookie when first used in the browser (render it after mount). */
export const $token = atom<string | undefined>(undefined);
onMount($token, () => {
  if (typeof document !== 'undefined') initSession();
});

/** The valid session's claims, or null when logged out or the token is invalid or expired. */
export const $session = computed($token, (token): SessionClaims | null => (token && isTokenValid(token) ? decodeToken(token) : null));

/** The stored user, kept in step with the session. */
export const $user = computed($session, (claims): StoredUser | null =>
  claims ? { idUsuario: claims.idUsuario, user: claims.user, nombre: claims.nombre, correo: claims.correo, telefono: claims.telefono, direccion: claims.direccion } : null,
);

/**
 * Reads the cookie once on the client. A token judged invalid or expired is cleared and the stored
 * cart emptied (storefront §4).
 */
export function initSession(): void {
  const token = readCookie();
  if (token && !isTokenValid(token)) {
    clearToken();
    localStorage.removeItem('user');
    clearCart();
    return;
  }
  $token.set(token);
}

/** Stores a new session: cookie (7 days, secure, SameSite strict), user and user details. */
export function startSession(token: string): StoredUser | null {
  Cookies.set(TOKEN_COOKIE, token, { expires: TIENDA.tokenDias, secure: true, sameSite: 'strict', path: '/' });
  $token.set(token);
  const user = $user.get();
  if (user) {
    localStorage.setItem('user', JSON.stringify(user));
    saveUserData(user);
  }
  return user;
}

/** Saves the user details shown across pages with their timestamp (storefront §3). */
export function saveUserData(data: Pick<StoredUser, 'correo' | 'nombre' | 'telefono' | 'direccion'>): void {
  localStorage.setItem('userData', JSON.stringify({ correo: data.correo, nombre: data.nombre, telefono: data.telefono, direccion: data.direccion }));
  localStorage.setItem('userDataTimestamp', String(Date.now()));
}

/** Removes the cookie and the stored userData and userDataTimestamp. */
export function clearToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  localStorage.removeItem('userData');
  localStorage.removeItem('userDataTimestamp');
  $token.set(undefined);
}

/** Logout: clears the token, the user and the cart. */
export function logout(): void {
  clearToken();
  localStorage.removeItem('user');
  clearCart();
}
