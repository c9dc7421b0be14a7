import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { loginRedirectUrl } from '../../lib/auth/login.ts';
import type { SessionClaims } from '../../lib/auth/claims.ts';
import { $session, $token, logout } from '../../stores/auth.ts';

/** A verified session of a protected page. */
export interface ProtectedSession {
  claims: SessionClaims;
  token: string;
}

/** Sends the visitor home with the login dialog, replacing this history entry (storefront §2, Protected routes). */
export function redirectToLogin(): void {
  location.replace(loginRedirectUrl(location.pathname));
}

/** The API refused the token (expired or revoked server-side): end the session and ask for a login. */
export function sessionRejected(): void {
  logout();
  redirectToLogin();
}

/**
 * The session of a protected page, checked after mount: with no valid token the visitor is
 * redirected. Null until checked (and on the server), so the static HTML and hydration agree.
 */
export function useProtectedSession(): ProtectedSession | null {
  const claims = useStore($session);
  const token = useStore($token);
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    if ($session.get()) setChecked(true);
    else redirectToLogin();
  }, []);

  useEffect(() => {
    // The session ended while the page was open (logout in another island, expiry on a later check).
    if (checked && !claims) redirectToLogin();
  }, [checked, claims]);

  return checked && claims && token ? { claims, token } : null;
}
