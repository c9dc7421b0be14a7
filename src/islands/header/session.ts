import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { StoredUser } from '../../lib/auth/claims.ts';
import { $user, logout as endSession } from '../../stores/auth.ts';

/** The name to greet: nombre, else the user name. */
export const displayName = (user: StoredUser) => user.nombre || user.user || '';

/** Logout (storefront §2, §4): clears the token, the stored user details and the cart. */
export const logout = endSession;

/**
 * The signed-in user from the session store, after mount only (undefined before, so the server
 * HTML and the first render agree); it follows logins, logouts and profile edits at once.
 */
export function useStoredUser(): StoredUser | null | undefined {
  const user = useStore($user);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? user : undefined;
}
