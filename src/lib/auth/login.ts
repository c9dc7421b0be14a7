import { greetingName } from '../account/greeting.ts';

/**
 * Rules of the login flow (storefront §4, Login and token; §2, Protected routes) that the dialogs and
 * the protected pages share.
 */

/** The query parameter that carries the protected page a visitor was sent away from. */
export const ORIGIN_PARAM = 'origen';

export const LOGIN_MESSAGES = {
  excepcion: 'Ocurrió un error al iniciar sesión. Por favor, intenta nuevamente.',
  exito: 'Has iniciado sesión correctamente',
} as const;

/** Where a protected page sends a visitor without a valid session: home, with the origin along. */
export const loginRedirectUrl = (pathname: string) => `/?${ORIGIN_PARAM}=${encodeURIComponent(pathname)}`;

/**
 * The origin of `?origen=` when it is a path of this site, else null: only '/…', never '//host' or
 * '/\host' (which browsers read as another site).
 */
export function safeOrigin(search: string): string | null {
  const origin = new URLSearchParams(search).get(ORIGIN_PARAM);
  if (!origin || !origin.startsWith('/') || origin.startsWith('//') || origin.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f]/.test(origin)) return null;
  return origin;
}

/** The title of the welcome toast: '¡Bienvenido(a), Ana!' (the greeting's name rule), or without a name. */
export function welcomeTitle(nombre: string | undefined): string {
  const name = greetingName(nombre ?? '');
  return name ? `¡Bienvenido(a), ${name}!` : '¡Bienvenido(a)!';
}

/** Whether to invite the shopper to complete their data: profile incomplete and not at checkout (with or without a trailing slash). */
export const shouldPromptProfile = (profileCompleted: number, pathname: string) =>
  profileCompleted === 0 && pathname.replace(/\/+$/, '') !== '/procesoDePago';
