import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { ServerConfig } from '../config.ts';
import { clientIp } from '../auth/context.ts';
import { enforceRateLimit, refuseWhenLimited } from '../auth/rate-limit.ts';
import type { Db } from '../db/client.ts';
import { clientError } from '../http/errors.ts';

/** What the operator API's guard needs: the database (for its rate limit), the settings and the token. */
export interface OperatorAuthDeps {
  db: Db;
  config: Pick<ServerConfig, 'trustProxy' | 'clientIpHeader' | 'rateLimits'>;
  /** The operator token; null when the operator API is off (production without SHOP_ADMIN_TOKEN). */
  operatorToken: () => Promise<string | null>;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether `given` is the operator token, in constant time whatever either's length. */
export const isOperatorToken = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

/**
 * Lets through only requests bearing the operator token (`Authorization: Bearer …`): a customer's
 * session token, a wrong or a missing one is a 401. Failures are rate-limited per IP, and an IP past
 * its limit is refused before its token is even compared.
 */
export function requireOperator({ db, config, operatorToken }: OperatorAuthDeps): MiddlewareHandler {
  return async (c, next) => {
    const expected = await operatorToken();
    if (!expected) throw clientError(503, 'La API de operador está desactivada: define SHOP_ADMIN_TOKEN.');
    const clave = `operador:ip:${clientIp(c, config)}`;
    await refuseWhenLimited(db, clave, config.rateLimits.operadorPorIp);
    const given = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    if (!given || !isOperatorToken(given, expected)) {
      await enforceRateLimit(db, clave, config.rateLimits.operadorPorIp);
      throw clientError(401, 'Token de operador inválido.');
    }
    await next();
  };
}
