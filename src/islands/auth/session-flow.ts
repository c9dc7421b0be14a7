import { TIENDA } from '../../lib/tienda.ts';
import { login } from '../../lib/api/account-client.ts';
import { serverMessage } from '../../lib/api/request.ts';
import type { StoredUser } from '../../lib/auth/claims.ts';
import { LOGIN_MESSAGES, safeOrigin, shouldPromptProfile, welcomeTitle } from '../../lib/auth/login.ts';
import { startSession } from '../../stores/auth.ts';
import { closeAuthDialog } from '../../stores/ui.ts';
import { showAlert, showToast } from '../../ui/alerts.ts';

/** What a login attempt came to: a session, or the error text to show. */
export type LoginResult = { ok: true; user: StoredUser; profileCompleted: number } | { ok: false; mensaje: string };

/** Calls /login and stores the session on success (storefront §4, Login and token). */
export async function signIn(user: string, password: string): Promise<LoginResult> {
  try {
    const res = await login(user.trim(), password);
    // id 0 is a failure carrying the server's message.
    if (!res.id || !res.mensaje) return { ok: false, mensaje: res.mensaje || LOGIN_MESSAGES.excepcion };
    const stored = startSession(res.mensaje);
    if (!stored) return { ok: false, mensaje: LOGIN_MESSAGES.excepcion };
    return { ok: true, user: stored, profileCompleted: res.profileCompleted };
  } catch (error) {
    // A refusal (wrong password, too many attempts) carries the server's message; anything else is logged.
    const mensaje = serverMessage(error);
    if (!mensaje) console.error('No se pudo iniciar sesión', error);
    return { ok: false, mensaje: mensaje ?? LOGIN_MESSAGES.excepcion };
  }
}

/** The error dialog of a failed login or registration. */
export const showError = (text: string) => showAlert({ icon: 'error', title: 'Error', text });

/**
 * After a session starts: close the dialog, go back to the protected page that sent the shopper
 * here, or welcome them and (for logins) invite them to complete an incomplete profile.
 */
export async function welcome(
  user: StoredUser,
  { profileCompleted, prompt }: { profileCompleted: number; prompt: boolean },
): Promise<void> {
  closeAuthDialog();
  const origin = safeOrigin(location.search);
  if (origin) {
    location.replace(origin);
    return;
  }
  void showToast({ icon: 'success', title: welcomeTitle(user.nombre), text: LOGIN_MESSAGES.exito, timerMs: TIENDA.toastLoginMs });
  if (!prompt || !shouldPromptProfile(profileCompleted, location.pathname)) return;
  const go = await showAlert({
    icon: 'info',
    title: 'Completa tus datos',
    text: 'Completa tus datos en Mi Cuenta para que tus próximas compras sean más rápidas.',
    confirmText: 'Ir a Mi Cuenta',
    cancelText: 'Lo haré después',
  });
  if (go) location.assign('/cuenta');
}
