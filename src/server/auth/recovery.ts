import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { RECUPERACION } from '../../config.ts';
import { changePasswordSchema, maskEmail, sendCodeSchema, validateCodeSchema, type RecoveryResponse, type VerifyResponse } from '../../lib/api/account-schemas.ts';
import { logError } from '../db/errors.ts';
import { clientes, codigosRecuperacion } from '../db/schema/index.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { parseNombre } from '../http/params.ts';
import { recoveryEmail } from '../mail/templates.ts';
import { findCliente } from './accounts.ts';
import { clientIp, type AuthDeps } from './context.ts';
import { hashPassword } from './passwords.ts';
import { enforceRateLimit } from './rate-limit.ts';

const MINUTE = 60_000;
/** A recovery call that did not succeed; error answers add their mensaje. */
const FAILED = { success: false } satisfies RecoveryResponse;

/** A recovery call that succeeded, with its Spanish message. */
const succeeded = (mensaje: string): RecoveryResponse => ({ success: true, mensaje });

/** Salted SHA-256 of a code: `salt:hash`. Codes live 10 minutes and allow a few tries, so this suffices. */
function hashCode(code: string, salt = randomBytes(16).toString('base64url')): string {
  return `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('base64url')}`;
}

/** A code that can still be tried: neither used nor validated, and not expired. */
const isPending = (now: Date) => and(isNull(codigosRecuperacion.usado), isNull(codigosRecuperacion.validado), gt(codigosRecuperacion.expira, now));

function codeMatches(stored: string, code: string): boolean {
  const [salt = ''] = stored.split(':');
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashCode(code, salt));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Password recovery (storefront §4), hardened per DESIGN.md: the code never leaves the server except
 * by e-mail; it is random, stored hashed, expires, allows few attempts; the password changes only
 * after /validar-codigo succeeded for that account, once. `correo` may be the e-mail or the username.
 */
export function recoveryRoutes({ db, config, mailer }: AuthDeps) {
  const limitIp = (c: Parameters<typeof clientIp>[0], step: string) =>
    enforceRateLimit(db, `recuperacion:${step}:ip:${clientIp(c, config)}`, config.rateLimits.recuperacionPorIp);

  return new Hono()
    .get('/api/verificar-correo-o-usuario/:userOrEmail', async (c) => {
      await limitIp(c, 'verificar');
      const cliente = await findCliente(db, parseNombre(c.req.param('userOrEmail'), 'usuario o correo'));
      // The e-mail is shown masked: the dialog only needs to confirm where the code goes.
      return c.json((cliente ? { exists: true, correo: maskEmail(cliente.correo) } : { exists: false, correo: null }) satisfies VerifyResponse);
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
      const [validated] = await db
        .update(codigosRecuperacion)
        .set({ validado: now })
        .where(and(eq(codigosRecuperacion.id, pending.id), isPending(now)))
        .returning({ id: codigosRecuperacion.id });
      if (!validated) return c.json(FAILED);
      return c.json(succeeded('Código válido. Ahora puedes cambiar tu contraseña.'));
    })
    .post('/cambiar-contrasena', async (c) => {
      await limitIp(c, 'cambiar');
      const { correo, nuevaContrasena } = await parseBody(c, changePasswordSchema, FAILED);
      const cliente = await findCliente(db, correo);
      const now = new Date();
      const proof =
        cliente &&
        (
          await db
            .select({ id: codigosRecuperacion.id })
            .from(codigosRecuperacion)
            .where(
              and(
                eq(codigosRecuperacion.clienteId, cliente.id),
                isNull(codigosRecuperacion.usado),
                gt(codigosRecuperacion.validado, new Date(now.getTime() - RECUPERACION.pruebaMinutos * MINUTE)),
              ),
            )
            .limit(1)
        )[0];
      if (!cliente || !proof) throw clientError(403, 'Primero valida el código enviado a tu correo.', FAILED);
      const passwordHash = await hashPassword(nuevaContrasena);
      await db.transaction(async (tx) => {
        // A new session version ends every session opened with the old password (requireAuth checks it).
        await tx.update(clientes).set({ passwordHash, sesionVersion: sql`${clientes.sesionVersion} + 1` }).where(eq(clientes.id, cliente.id));
        await tx.update(codigosRecuperacion).set({ usado: now }).where(eq(codigosRecuperacion.id, proof.id));
      });
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
