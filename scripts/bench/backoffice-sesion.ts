/**
 * A signed-in owner of the back office through the operator API alone (issue 36), as the bench and
 * `npm run verify:netlify` need one: an invitation created with the operator token, accepted (name,
 * password, the authenticator's first code), then a sign-in with password and a TOTP code of the
 * next period (the shop refuses a code twice; its window allows one period of drift). Every answer
 * checked; the session cookie and the raw Set-Cookie headers that carried it are returned.
 */
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { InscripcionTotp, InvitacionCreada, PrimerPasoRespuesta } from '../../src/lib/api/backoffice-schemas.ts';
import { COOKIE_SESION } from '../../src/server/personal/sesiones.ts';

export interface SesionDeDueno {
  correo: string;
  contrasena: string;
  /** The TOTP secret (base32). */
  secreto: string;
  /** The `kb_personal` cookie's value after the sign-in. */
  cookie: string;
  /** The Set-Cookie header of the invitation's confirmation, and of the sign-in. */
  setCookieAlta: string;
  setCookieIngreso: string;
}

/** The six digits an authenticator shows for `secreto`, `desfase` periods from now. */
export function codigoTotp(secreto: string, desfase = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secreto), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + desfase * 30_000 });
}

/** The session cookie of a Set-Cookie header (its value), or undefined. */
export function cookieDe(setCookie: string): string | undefined {
  return new RegExp(`(?:^|,\\s*)${COOKIE_SESION}=([^;]+)`).exec(setCookie)?.[1];
}

/** Invites, enrols and signs in an owner on the shop at `base` (e.g. http://127.0.0.1:4390), with the operator `token`. */
export async function sesionDeDueno(base: string, token: string): Promise<SesionDeDueno> {
  const correo = `banco-${randomBytes(4).toString('hex')}@example.pe`;
  const contrasena = `Piel-luminosa-${randomBytes(6).toString('hex')}`;
  const api = async <T>(metodo: string, path: string, cuerpo?: unknown, encabezados: Record<string, string> = {}) => {
    const res = await fetch(`${base}/admin/api${path}`, {
      method: metodo,
      headers: { ...(cuerpo === undefined ? {} : { 'Content-Type': 'application/json' }), ...encabezados },
      body: cuerpo === undefined ? undefined : JSON.stringify(cuerpo),
    });
    const texto = await res.text();
    if (!res.ok) throw new Error(`${metodo} /admin/api${path}: ${res.status} ${texto.slice(0, 300)}`);
    return { datos: JSON.parse(texto) as T, setCookie: res.headers.get('set-cookie') ?? '' };
  };
  const { datos: creada } = await api<InvitacionCreada>(
    'POST',
    '/personal/invitaciones',
    { correo, rol: 'dueno' },
    { Authorization: `Bearer ${token}` },
  );
  const invitacion = new URL(creada.enlace).searchParams.get('token');
  if (!invitacion) throw new Error(`El enlace de la invitación no tiene token: ${creada.enlace}`);
  await api('GET', `/invitaciones/${invitacion}`);
  const { datos: alta } = await api<InscripcionTotp>('POST', `/invitaciones/${invitacion}`, { nombre: 'Dueña del banco', contrasena });
  const secreto = alta.secreto.replace(/\s+/g, '');
  const { setCookie: setCookieAlta } = await api('POST', `/invitaciones/${invitacion}/totp`, {
    inscripcion: alta.inscripcion,
    codigo: codigoTotp(secreto),
  });
  const { datos: primero } = await api<PrimerPasoRespuesta>('POST', '/sesion', { correo, contrasena });
  const { setCookie: setCookieIngreso } = await api('POST', '/sesion/verificar', {
    desafio: primero.desafio,
    codigo: codigoTotp(secreto, 1),
  });
  const cookie = cookieDe(setCookieIngreso);
  if (!cookie) throw new Error(`El ingreso no devolvió la cookie ${COOKIE_SESION}: «${setCookieIngreso}».`);
  return { correo, contrasena, secreto, cookie, setCookieAlta, setCookieIngreso };
}
