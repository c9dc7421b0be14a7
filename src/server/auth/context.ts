import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { eq } from 'drizzle-orm';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { clientes } from '../db/schema/index.ts';
import { clientError } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { TokenClaims } from '../../lib/auth/claims.ts';
import { resolveJwtSecret, verifyToken } from './tokens.ts';

/** The JWT secret of an app, with the check that a token's session is still current. */
export interface SessionSecret {
  (): Promise<Uint8Array>;
  /** Whether the token was issued for the customer's current password (its session version). */
  sessionCurrent(claims: TokenClaims): Promise<boolean>;
}

/** What the account routes need: the database, the settings, a mailer and the JWT secret. */
export interface AuthDeps {
  db: Db;
  config: ServerConfig;
  mailer: Mailer;
  secret: SessionSecret;
}

/** Resolves the JWT secret once per app; a failed look-up (a database hiccup) is retried on the next call. */
export function lazySecret(db: Db, config: ServerConfig): SessionSecret {
  let secret: Promise<Uint8Array> | undefined;
  const resolve = () =>
    (secret ??= resolveJwtSecret(db, config).catch((error: unknown) => {
      secret = undefined;
      throw error;
    }));
  return Object.assign(resolve, {
    async sessionCurrent(claims: TokenClaims) {
      const [row] = await db.select({ version: clientes.sesionVersion }).from(clientes).where(eq(clientes.id, claims.idUsuario));
      return row !== undefined && row.version === (claims.sesion ?? 0);
    },
  });
}

/** Netlify's header with the address of the client that connected to its edge (set by the platform). */
export const NETLIFY_CLIENT_IP_HEADER = 'x-nf-client-connection-ip';

/** Longest client address kept (an IPv6 address with a zone fits); longer headers are cut. */
const IP_MAXIMO = 64;

/**
 * The client's IP, for rate limits: the platform's header when configured (Netlify), else behind
 * `trustProxy` proxies the X-Forwarded-For entry the outermost trusted proxy wrote, else the socket's address.
 */
export function clientIp(c: Context, config: Pick<ServerConfig, 'trustProxy' | 'clientIpHeader'>): string {
  const fromHeader = config.clientIpHeader ? c.req.header(config.clientIpHeader)?.trim() : forwardedFor(c, Number(config.trustProxy));
  return (fromHeader || socketAddress(c)).slice(0, IP_MAXIMO);
}

/** Each trusted proxy appends the address it saw, so entries left of the last `proxies` are the client's own word. */
function forwardedFor(c: Context, proxies: number): string | undefined {
  if (!(proxies > 0)) return undefined;
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops[Math.max(0, hops.length - proxies)];
}

/** The bucket of requests whose address is unknown: every such client shares it. */
const DIRECCION_DESCONOCIDA = 'desconocida';
let unknownReported = false;

function socketAddress(c: Context): string {
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    address = undefined;
  }
  if (address) return address;
  // A server layer that drops Node's bindings puts the whole shop in one bucket: one stranger's failed
  // logins would lock everyone out. Said once, loudly, instead of silently.
  if (!unknownReported) {
    unknownReported = true;
    console.error(
      `No se pudo saber la dirección del cliente (${c.req.method} ${c.req.path}): los límites de intentos de todos los clientes sin dirección se cuentan juntos. ` +
        'Sirve la API con @hono/node-server pasando su `env` (app.fetch(request, env)), o define TRUST_PROXY detrás de un proxy.',
    );
  }
  return DIRECCION_DESCONOCIDA;
}

export type AuthEnv = { Variables: { claims: TokenClaims } };

/**
 * Requires a valid bearer token (HS256, signature and expiry checked) whose session is current (no
 * password change since it was issued); 401 otherwise. `secret` is the app's `lazySecret`.
 */
export function requireAuth(secret: () => Promise<Uint8Array>): MiddlewareHandler<AuthEnv> {
  const { sessionCurrent } = secret as Partial<SessionSecret>;
  // Routers declare the secret as a plain function; without the session check tokens would outlive a password reset.
  if (!sessionCurrent) throw new Error('requireAuth necesita el secreto de lazySecret (con la versión de sesión).');
  return async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    if (!token) throw clientError(401, 'Debes iniciar sesión para continuar.');
    const claims = await verifyToken(token, await secret());
    if (!claims || !(await sessionCurrent(claims))) throw clientError(401, 'Tu sesión expiró o no es válida. Inicia sesión nuevamente.');
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
