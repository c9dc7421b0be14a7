import type { Context, MiddlewareHandler } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { eq } from 'drizzle-orm';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { clientes } from '../db/schema/index.ts';
import { clientError } from '../http/errors.ts';
import { addressList, isLoopback, rateLimitBucket, type AddressList } from '../http/ip.ts';
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
 * The client's address as its rate-limit bucket: the platform's header when configured (Netlify), else
 * the X-Forwarded-For entry a trusted proxy wrote (forwardedFor), else the socket's address. An IPv6
 * client's bucket is its /64 (rateLimitBucket).
 */
export function clientIp(c: Context, config: Pick<ServerConfig, 'trustProxy' | 'clientIpHeader'>): string {
  const fromHeader = config.clientIpHeader ? c.req.header(config.clientIpHeader)?.trim() : forwardedFor(c, config.trustProxy);
  return rateLimitBucket((fromHeader || socketAddress(c)).slice(0, IP_MAXIMO));
}

const proxyLists = new WeakMap<readonly string[], AddressList>();
let untrustedPeerReported = false;

/**
 * The client's address by X-Forwarded-For, when its direct peer is a trusted proxy. Each trusted proxy
 * appends the address it saw, so entries left of the trusted ones are the client's own word:
 * - a list of proxies: trusted only from a listed peer; the right-most entry that is not a listed proxy;
 * - a number N: trusted only from this machine (a peer on loopback, or no socket: a call inside the
 *   process), the N-th entry from the right.
 */
function forwardedFor(c: Context, trust: ServerConfig['trustProxy']): string | undefined {
  if (!trust) return undefined;
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (hops.length === 0) return undefined;
  const peer = peerAddress(c);
  if (Array.isArray(trust)) {
    const list = proxyLists.get(trust) ?? proxyLists.set(trust, addressList(trust)).get(trust)!;
    if (!peer || !list.has(peer)) return undefined;
    return [...hops].reverse().find((hop) => !list.has(hop)) ?? hops[0];
  }
  if (peer !== undefined && !isLoopback(peer)) {
    // TRUST_PROXY=N once meant "from any peer": say once why the header is ignored now, and what to set.
    if (!untrustedPeerReported) {
      untrustedPeerReported = true;
      console.error(
        `TRUST_PROXY=${String(trust)} confía en X-Forwarded-For solo si la conexión viene de esta máquina; llegó una de ${peer} y se usa esa dirección. ` +
          'Si es tu proxy, pon su dirección o su red en TRUST_PROXY (por ejemplo TRUST_PROXY=10.0.0.5).',
      );
    }
    return undefined;
  }
  return hops[Math.max(0, hops.length - Number(trust))];
}

/** The socket's peer address, or undefined when there is no socket (a request made inside the process). */
function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address || undefined;
  } catch {
    return undefined;
  }
}

/** The bucket of requests whose address is unknown: every such client shares it. */
const DIRECCION_DESCONOCIDA = 'desconocida';
let unknownReported = false;

function socketAddress(c: Context): string {
  const address = peerAddress(c);
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
