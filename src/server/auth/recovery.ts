import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { CookieOptions } from 'hono/utils/cookie';
import { RECUPERACION } from '../../lib/tienda.ts';
import {
  changePasswordSchema,
  maskEmail,
  sendCodeSchema,
  validateCodeSchema,
  type RecoveryResponse,
  type VerifyResponse,
} from '../../lib/api/account-schemas.ts';
import { logError } from '../db/errors.ts';
import { clientes, codigosRecuperacion } from '../db/schema/index.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { parseNombre } from '../http/params.ts';
import { recoveryEmail } from './emails.ts';
import { findCliente } from './accounts.ts';
import { clientIp, type AuthDeps } from './context.ts';
import { hashPassword } from './passwords.ts';
import { clearRateLimit, enforceRateLimit } from './rate-limit.ts';
import { claveTopeCuenta } from './routes.ts';

const MINUTE = 60_000;
const MENSAJE_SIN_PRUEBA = 'Primero valida el código enviado a tu correo.';
/** A recovery call that did not succeed; error answers add their mensaje. */
const FAILED = { success: false } satisfies RecoveryResponse;

/** A recovery call that succeeded, with its Spanish message. */
const succeeded = (mensaje: string): RecoveryResponse => ({ success: true, mensaje });

/** Salted SHA-256 of a code: `salt:hash`. Codes live 10 minutes and allow a few tries, so this suffices. */
function hashCode(code: string, salt = randomBytes(16).toString('base64url')): string {
  return `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('base64url')}`;
}

/** A code that can still be tried: neither used nor validated, and not expired. */
const isPending = (now: Date) =>
  and(isNull(codigosRecuperacion.usado), isNull(codigosRecuperacion.validado), gt(codigosRecuperacion.expira, now));

/** Compares two stored hashes in constant time. */
function sameHash(expected: string, actual: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

function codeMatches(stored: string, code: string): boolean {
  const [salt = ''] = stored.split(':');
  return sameHash(stored, hashCode(code, salt));
}

/**
 * The cookie that carries the proof of a validated code from /validar-codigo to /cambiar-contrasena
 * (docs/decisions/0089-recovery-proof-cookie.md): only the client that validated the code can change the password, once.
 */
export const COOKIE_PRUEBA = 'prueba_recuperacion';
/** Sent back only to /cambiar-contrasena, never readable by scripts, never sent from another site. */
const PRUEBA_COOKIE: CookieOptions = { path: '/cambiar-contrasena', httpOnly: true, secure: true, sameSite: 'Strict' };

/**
 * The stored form of a proof: SHA-256 of 256 random bits needs no salt. Once a code is validated its
 * row keeps this in `codigo_hash` instead of the code's hash: the code has done its work by then.
 */
const proofHash = (proof: string) => `prueba:${createHash('sha256').update(proof).digest('base64url')}`;

/**
 * Password recovery (storefront §4), hardened per DESIGN.md: the code never leaves the server except
 * by e-mail; it is random, stored hashed, expires, allows few attempts; the password changes only
 * after /validar-codigo succeeded for that account, once, and only from the client that validated it
 * (the proof cookie). `correo` may be the e-mail or the username.
 */
export function recoveryRoutes({ db, config, mailer }: AuthDeps) {
  const limitIp = (c: Parameters<typeof clientIp>[0], step: string) =>
    enforceRateLimit(db, `recuperacion:${step}:ip:${clientIp(c, config)}`, config.rateLimits.recuperacionPorIp);

  return new Hono()
    .get('/api/verificar-correo-o-usuario/:userOrEmail', async (c) => {
      await limitIp(c, 'verificar');
      const cliente = await findCliente(db, parseNombre(c.req.param('userOrEmail'), 'usuario o correo'));
      // The e-mail is shown masked: the dialog only needs to confirm where the code goes.
      return c.json(
        (cliente ? { exists: true, correo: maskEmail(cliente.correo) } : { exists: false, correo: null }) satisfies VerifyResponse,
      );
    })
    .post('/send-correoprueba', async (c) => {
      await limitIp(c, 'envio');
      const { correo } = await parseBody(c, sendCodeSchema, FAILED);
      const cliente = await findCliente(db, correo);
      // Keyed by the account, so its username and its e-mail share one limit.
      const cuenta = cliente ? `id:${cliente.id}` : `nombre:${correo.trim().toLowerCase()}`;
      await enforceRateLimit(db, `recuperacion:envio:cuenta:${cuenta}`, config.rateLimits.recuperacionPorCorreo);
      if (!cliente) throw clientError(404, 'El usuario o correo no está registrado.', FAILED);
      const codigo = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const now = new Date();
      await db.transaction(async (tx) => {
        // A new code replaces any earlier one.
        await tx
          .update(codigosRecuperacion)
          .set({ usado: now })
          .where(and(eq(codigosRecuperacion.clienteId, cliente.id), isNull(codigosRecuperacion.usado)));
        await tx.insert(codigosRecuperacion).values({
          clienteId: cliente.id,
          codigoHash: hashCode(codigo),
          expira: new Date(now.getTime() + RECUPERACION.codigoMinutos * MINUTE),
        });
      });
      try {
        await mailer.send(recoveryEmail({ to: cliente.correo, nombre: cliente.nombre, codigo }));
      } catch (error) {
        logError('No se pudo enviar el correo de recuperación', error);
        throw clientError(502, 'Ocurrió un error al enviar el correo.', FAILED);
      }
      return c.json(succeeded('El código ha sido enviado a tu correo. Por favor, ingrésalo para continuar.'));
    })
    .post('/validar-codigo', async (c) => {
      await limitIp(c, 'validar');
      const { correo, codigoIngresado } = await parseBody(c, validateCodeSchema, FAILED);
      const cliente = await findCliente(db, correo);
      const now = new Date();
      const pending = cliente && (await latestPendingCode(cliente.id, now));
      if (!pending) return c.json(FAILED);
      // Count the attempt before judging it, in one statement: parallel guesses cannot all see a low count.
      const [counted] = await db
        .update(codigosRecuperacion)
        .set({ intentos: sql`${codigosRecuperacion.intentos} + 1` })
        .where(and(eq(codigosRecuperacion.id, pending.id), isPending(now), lt(codigosRecuperacion.intentos, RECUPERACION.intentosMaximos)))
        .returning({ id: codigosRecuperacion.id });
      if (!counted || !codeMatches(pending.codigoHash, codigoIngresado)) return c.json(FAILED);
      const proof = randomBytes(32).toString('base64url');
      const [validated] = await db
        .update(codigosRecuperacion)
        .set({ validado: now, codigoHash: proofHash(proof) })
        .where(and(eq(codigosRecuperacion.id, pending.id), isPending(now)))
        .returning({ id: codigosRecuperacion.id });
      if (!validated) return c.json(FAILED);
      setCookie(c, COOKIE_PRUEBA, proof, { ...PRUEBA_COOKIE, maxAge: RECUPERACION.pruebaMinutos * 60 });
      return c.json(succeeded('Código válido. Ahora puedes cambiar tu contraseña.'));
    })
    .post('/cambiar-contrasena', async (c) => {
      await limitIp(c, 'cambiar');
      const { correo, nuevaContrasena } = await parseBody(c, changePasswordSchema, FAILED);
      const cliente = await findCliente(db, correo);
      const proof = getCookie(c, COOKIE_PRUEBA) ?? '';
      const desde = new Date(Date.now() - RECUPERACION.pruebaMinutos * MINUTE);
      const validated =
        cliente && proof
          ? (
              await db
                .select({ id: codigosRecuperacion.id, codigoHash: codigosRecuperacion.codigoHash })
                .from(codigosRecuperacion)
                .where(
                  and(
                    eq(codigosRecuperacion.clienteId, cliente.id),
                    isNull(codigosRecuperacion.usado),
                    gt(codigosRecuperacion.validado, desde),
                  ),
                )
                .orderBy(desc(codigosRecuperacion.id))
                .limit(1)
            )[0]
          : undefined;
      if (!cliente || !validated || !sameHash(validated.codigoHash, proofHash(proof))) throw clientError(403, MENSAJE_SIN_PRUEBA, FAILED);
      const passwordHash = await hashPassword(nuevaContrasena);
      const changed = await db.transaction(async (tx) => {
        // The proof is spent first, and only while unused: of two requests carrying it, one changes the password.
        const [spent] = await tx
          .update(codigosRecuperacion)
          .set({ usado: new Date() })
          .where(
            and(
              eq(codigosRecuperacion.id, validated.id),
              isNull(codigosRecuperacion.usado),
              gt(codigosRecuperacion.validado, desde),
              eq(codigosRecuperacion.codigoHash, validated.codigoHash),
            ),
          )
          .returning({ id: codigosRecuperacion.id });
        if (!spent) return false;
        // A new session version ends every session opened with the old password (requireAuth checks it).
        await tx
          .update(clientes)
          .set({ passwordHash, sesionVersion: sql`${clientes.sesionVersion} + 1` })
          .where(eq(clientes.id, cliente.id));
        return true;
      });
      if (!changed) throw clientError(403, MENSAJE_SIN_PRUEBA, FAILED);
      deleteCookie(c, COOKIE_PRUEBA, PRUEBA_COOKIE);
      // The owner proved herself by e-mail: strangers' failed logins no longer hold her account back.
      await clearRateLimit(db, claveTopeCuenta(cliente.id), config.rateLimits.loginPorCuenta);
      return c.json(succeeded('Contraseña cambiada con éxito.'));
    });

  async function latestPendingCode(clienteId: number, now: Date) {
    const [row] = await db
      .select()
      .from(codigosRecuperacion)
      .where(and(eq(codigosRecuperacion.clienteId, clienteId), isPending(now)))
      .orderBy(desc(codigosRecuperacion.id))
      .limit(1);
    return row;
  }
}
