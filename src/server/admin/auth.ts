import { createHash, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { ServerConfig } from '../config.ts';
import { clientIp } from '../auth/context.ts';
import { enforceRateLimit, refuseWhenLimited } from '../auth/rate-limit.ts';
import type { Db } from '../db/client.ts';
import { clavesApi, personas } from '../db/schema/index.ts';
import { clientError } from '../http/errors.ts';
import { COOKIE_BORRADA, COOKIE_SESION, SESION_TERMINADA, sesionDe } from '../personal/sesiones.ts';
import { huella, PREFIJO_CLAVE } from '../personal/secretos.ts';
import { nombreDeCabecera, type OperatorEnv } from './audit.ts';

/** What the operator API's guard needs: the database (sessions, keys, its rate limit), the settings and the token. */
export interface OperatorAuthDeps {
  db: Db;
  config: Pick<ServerConfig, 'trustProxy' | 'clientIpHeader' | 'rateLimits' | 'personal'>;
  /** The operator token; null when that door is closed (production without SHOP_ADMIN_TOKEN). */
  operatorToken: () => Promise<string | null>;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether `given` is the operator token, in constant time whatever either's length. */
export const isOperatorToken = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/** The audit trail's name of the break-glass token (issue 36); the X-Operador header's name follows it in parentheses. */
export const NOMBRE_TOKEN = 'token de operador';
/** The audit trail's name of an API key: 'clave: ' and the name the owner gave it. */
export const nombreDeClave = (nombre: string) => `clave: ${nombre}`;

export const TOKEN_INVALIDO = 'Token de operador inválido.';
/** The 401 of a call with no credential at all (a browser not signed in): what to do, not a token it never sent. */
export const SIN_CREDENCIAL = 'Inicia sesión para continuar.';
export const CLAVE_INVALIDA = 'Clave de API inválida o revocada.';

/**
 * Who is calling the operator API (issue 36), in this order:
 * - `Authorization: Bearer kbk_…`: a named API key (its role, always fresh; audit name 'clave: <nombre>');
 * - `Authorization: Bearer <token>`: the break-glass SHOP_ADMIN_TOKEN, or the token generated outside
 *   production for `npm run shop` on this machine: the owner, always fresh, audit name 'token de
 *   operador', plus ' (<X-Operador>)' when the command line names its user;
 * - the `kb_personal` session cookie: the signed-in person (role from the database, fresh after a recent
 *   sign-in), whose name is the database's, never a header's.
 * Sets `operador`, `rol` and `fresca` (and `persona`, `sesion` for a person). A wrong key or token is a
 * 401, rate-limited per IP (an IP past its limit is refused before its credential is even compared); a
 * session that ended is a 401 that clears the cookie.
 */
export function requireOperator({ db, config, operatorToken }: OperatorAuthDeps): MiddlewareHandler<OperatorEnv> {
  return async (c, next) => {
    const given = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    if (c.req.header('Authorization') !== undefined || !getCookie(c, COOKIE_SESION)) {
      await porCredencial(c, given);
    } else {
      const sesion = await sesionDe(db, c, config.personal);
      if (!sesion) {
        // The refusal's own response is what goes out: the cookie is cleared on it.
        const error = clientError(401, SESION_TERMINADA);
        error.res?.headers.append('Set-Cookie', COOKIE_BORRADA);
        throw error;
      }
      const [persona] = await db
        .select({ nombre: personas.nombre, rol: personas.rol })
        .from(personas)
        .where(eq(personas.id, sesion.personaId));
      c.set('operador', persona!.nombre);
      c.set('rol', persona!.rol);
      c.set('fresca', sesion.fresca);
      c.set('persona', sesion.personaId);
      c.set('sesion', sesion.id);
    }
    await next();
  };

  async function porCredencial(c: Context<OperatorEnv>, given: string | undefined) {
    const clave = `operador:ip:${clientIp(c, config)}`;
    await refuseWhenLimited(db, clave, config.rateLimits.operadorPorIp);
    if (given?.startsWith(PREFIJO_CLAVE)) {
      const ahora = config.personal.ahora();
      const [fila] = await db
        .update(clavesApi)
        .set({ ultimoUso: ahora })
        .where(eq(clavesApi.hash, huella(given)))
        .returning({ nombre: clavesApi.nombre, rol: clavesApi.rol, revocada: clavesApi.revocada });
      if (!fila || fila.revocada) {
        await enforceRateLimit(db, clave, config.rateLimits.operadorPorIp);
        throw clientError(401, CLAVE_INVALIDA);
      }
      c.set('operador', nombreDeClave(fila.nombre));
      c.set('rol', fila.rol);
      c.set('fresca', true);
      return;
    }
    const expected = await operatorToken();
    if (given !== undefined && !expected) throw clientError(503, 'La API de operador está desactivada: define SHOP_ADMIN_TOKEN.');
    if (!given || !expected || !isOperatorToken(given, expected)) {
      await enforceRateLimit(db, clave, config.rateLimits.operadorPorIp);
      throw clientError(401, c.req.header('Authorization') === undefined ? SIN_CREDENCIAL : TOKEN_INVALIDO);
    }
    const nombre = nombreDeCabecera(c);
    c.set('operador', nombre ? `${NOMBRE_TOKEN} (${nombre})` : NOMBRE_TOKEN);
    c.set('rol', 'dueno');
    c.set('fresca', true);
  }
}
