import Cookies from 'js-cookie';
import { atom, computed, onMount } from 'nanostores';
import { TIENDA } from '../lib/tienda.ts';
import { userFromClaims, type SessionClaims, type StoredUser } from '../lib/auth/claims.ts';
import { decodeToken, isTokenValid } from '../lib/auth/token.ts';
import { saveItem } from '../lib/api/local-cache.ts';
import { clearCart } from './cart.ts';
import { shared } from './shared.ts';

/** The session (storefront §4, Login and token): token in the `tokenweb` cookie, user in localStorage. */
export const TOKEN_COOKIE = 'tokenweb';

/** Whether this page has read the session's cookie yet: once per page, whichever copy of this code does it (shared.ts). */
const read = shared('sesionLeida', () => ({ done: false }));
const initOnce = () => {
  if (!read.done && typeof document !== 'undefined') {
    read.done = true;
    initSession();
  }
};

/** The raw token; read from the cookie when first used in the browser (render it after mount). */
export const $token = shared('token', () => {
  const store = atom<string | undefined>(undefined);
  onMount(store, initOnce);
  return store;
});

/** The valid session's claims, or null when logged out or the token is invalid or expired. */
export const $session = shared('sesion', () =>
  computed($token, (token): SessionClaims | null => (token && isTokenValid(token) ? decodeToken(token) : null)),
);

/** The signed-in user (the stored copy, kept current after profile edits), or null. */
export const $user = shared('usuario', () => {
  const store = atom<StoredUser | null>(null);
  onMount(store, initOnce);
  return store;
});

function readStoredUser(): Partial<StoredUser> | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem('user') ?? 'null');
    return value && typeof value === 'object' ? (value as Partial<StoredUser>) : null;
  } catch {
    return null;
  }
}

/**
 * Reads the cookie once on the client. A token judged invalid or expired is cleared and the stored
 * cart emptied (storefront §4); a valid one restores the user, preferring the stored copy.
 */
export function initSession(): void {
  const token = Cookies.get(TOKEN_COOKIE);
  if (token && !isTokenValid(token)) {
    logout();
    return;
  }
  $token.set(token);
  const claims = $session.get();
  if (!claims) {
    $user.set(null);
    return;
  }
  const stored = readStoredUser();
  $user.set({ ...userFromClaims(claims), ...(stored?.idUsuario === claims.idUsuario ? stored : {}) });
}

/** Stores a new session: cookie (7 days, secure, SameSite strict), user and user details. */
export function startSession(token: string): StoredUser | null {
  read.done = true;
  Cookies.set(TOKEN_COOKIE, token, { expires: TIENDA.tokenDias, secure: true, sameSite: 'strict', path: '/' });
  $token.set(token);
  const claims = $session.get();
  const user = claims ? userFromClaims(claims) : null;
  if (user) {
    saveItem(localStorage, 'user', JSON.stringify(user));
    saveUserData(user);
  }
  $user.set(user);
  return user;
}

/** Keeps the stored user in step with a saved profile (the header greets the new name). */
export function updateStoredUser(changes: Partial<Omit<StoredUser, 'idUsuario'>>): void {
  const current = $user.get();
  if (!current) return;
  const user = { ...current, ...changes };
  saveItem(localStorage, 'user', JSON.stringify(user));
  saveUserData(user);
  $user.set(user);
}

/** Saves the user details shown across pages with their timestamp (storefront §3). */
export function saveUserData(data: Pick<StoredUser, 'correo' | 'nombre' | 'telefono' | 'direccion'>): void {
  saveItem(
    localStorage,
    'userData',
    JSON.stringify({ correo: data.correo, nombre: data.nombre, telefono: data.telefono, direccion: data.direccion }),
  );
  saveItem(localStorage, 'userDataTimestamp', String(Date.now()));
}

/** Removes the cookie and the stored userData and userDataTimestamp. */
export function clearToken(): void {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  localStorage.removeItem('userData');
  localStorage.removeItem('userDataTimestamp');
  $token.set(undefined);
}

/** Logout (and an invalid token): clears the token, the user and the cart. */
export function logout(): void {
  clearToken();
  localStorage.removeItem('user');
  $user.set(null);
  clearCart();
}
