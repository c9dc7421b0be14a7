import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { ServerConfig } from '../../config.ts';
import type { Db } from '../db/client.ts';
import { clientError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { resolveJwtSecret, verifyToken, type TokenClaims } from './tokens.ts';

/** What the account routes need: the database, the settings, a mailer and the JWT secret. */
export interface AuthDeps {
  db: Db;
  config: ServerConfig;
  mailer: Mailer;
  secret: () => Promise<Uint8Array>;
}

/** Resolves the JWT secret once per app. */
export function lazySecret(db: Db, config: ServerConfig): () => Promise<Uint8Array> {
  let secret: Promise<Uint8Array> | undefined;
  return () => (secret ??= resolveJwtSecret(db, config));
}

/** The client's IP: X-Forwarded-For behind a trusted proxy, else the socket's address. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'desconocida';
  } catch {
    return 'desconocida';
  }
}

export type AuthEnv = { Variables: { claims: TokenClaims } };

/** Requires a valid bearer token (HS256, signature and expiry checked); 401 otherwise. */
export function requireAuth(secret: () => Promise<Uint8Array>): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!token) throw clientError(401, 'Debes iniciar sesión para continuar.');
    const claims = await verifyToken(token, await secret());
    if (!claims) throw clientError(401, 'Tu sesión expiró o no es válida. Inicia sesión nuevamente.');
    c.set('claims', claims);
    await next();
  };
}

/** The {userId} path parameter, which must be the token's own user (DESIGN.md); 403 otherwise. */
export function ownUserId(c: Context<AuthEnv>, param = 'userId'): number {
  const raw = c.req.param(param) ?? '';
  if (!/^[1-9]\d{0,8}$/.test(raw)) throw clientError(400, 'El id de usuario debe ser un número entero positivo.');
  const id = Number(raw);
  if (id !== c.get('claims').idUsuario) throw clientError(403, 'No tienes permiso para acceder a los datos de otro usuario.');
  return id;
}
