import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { LOGIN_DISPOSITIVO_DIAS } from '../config.ts';
import type { Cliente } from '../db/schema/index.ts';

/**
 * The browsers an account signed in from (OWASP's device cookies): a successful /login leaves a signed
 * `dispositivo` cookie, sent back to /login only. Past the account's ceiling across all addresses, a
 * browser carrying one for that account still gets its password checked, so strangers who use up the
 * ceiling cannot lock the owner out where she signs in; other clients wait (docs/decisions/0025-login-limits-per-account-and-address.md).
 */

export const COOKIE_DISPOSITIVO = 'dispositivo';
const DIA_SEGUNDOS = 86_400;

/** HMAC-SHA256 of the cookie's fields, with a purpose label so it can never stand in for another signature of the same secret. */
const firma = (secret: Uint8Array, datos: string) => createHmac('sha256', secret).update(`dispositivo-login:${datos}`).digest('base64url');

/** Sets the cookie that recognises this browser for `cliente` (its id and session version, signed, dated). */
export function rememberDevice(c: Context, secret: Uint8Array, cliente: Pick<Cliente, 'id' | 'sesionVersion'>, now = new Date()): void {
  const datos = `${cliente.id}.${cliente.sesionVersion}.${Math.floor(now.getTime() / 1000)}`;
  setCookie(c, COOKIE_DISPOSITIVO, `${datos}.${firma(secret, datos)}`, {
    path: '/login',
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    maxAge: LOGIN_DISPOSITIVO_DIAS * DIA_SEGUNDOS,
  });
}

/**
 * Whether the request carries a valid device cookie for `cliente`: its signature, its account, its
 * session version (a password change forgets every browser) and its age all checked.
 */
export function knownDevice(c: Context, secret: Uint8Array, cliente: Pick<Cliente, 'id' | 'sesionVersion'>, now = new Date()): boolean {
  const match = /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(getCookie(c, COOKIE_DISPOSITIVO) ?? '');
  if (!match) return false;
  const [, id, sesion, emitido, mac] = match;
  const edad = now.getTime() / 1000 - Number(emitido);
  if (Number(id) !== cliente.id || Number(sesion) !== cliente.sesionVersion || edad < -60 || edad > LOGIN_DISPOSITIVO_DIAS * DIA_SEGUNDOS)
    return false;
  const expected = Buffer.from(firma(secret, `${id}.${sesion}.${emitido}`));
  const actual = Buffer.from(mac!);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
