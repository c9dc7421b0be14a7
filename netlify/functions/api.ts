/**
 * The API as a Netlify Function (Functions 2.0: a web Request in, a Response out): the same Hono app
 * as `npm start`, on the database of DATABASE_URL, at every path of the one list (api-paths.ts).
 * Netlify's [[headers]] do not reach function responses: the app sets its own security headers.
 */
import { serverConfig, type ServerConfig } from '../../src/server/config.ts';
import { createApp } from '../../src/server/app.ts';
import { withoutPrettyUrlRetry } from '../../src/server/api-paths.ts';
import { NETLIFY_CLIENT_IP_HEADER } from '../../src/server/auth/context.ts';
import { startRefusal } from '../../src/server/config-check.ts';
import type { Db } from '../../src/server/db/client.ts';
import { logError } from '../../src/server/db/errors.ts';
import type { HealthDeps } from '../../src/server/health/routes.ts';
import { MENSAJE_SIN_BASE_DE_DATOS } from '../../src/server/http/errors.ts';
import type { LogLine } from '../../src/server/http/request-log.ts';
import { API_CSP, securityHeaders } from '../../src/server/http/security-headers.ts';
import { deployedVersion } from '../../src/server/jobs/rebuild.ts';
import { functionDatabase } from '../database.ts';

export interface HandlerOptions {
  config?: ServerConfig;
  logRequest?: LogLine;
  /** The deployed site's catalogue version, for GET /health. */
  builtVersion?: HealthDeps['builtVersion'];
}

/** The function's handler over `db`: the shop's API, with the client's address from Netlify's edge. */
export function createHandler(
  db: Db,
  { config = serverConfig(process.env, { netlify: true }), logRequest, builtVersion }: HandlerOptions = {},
) {
  // There is no socket here: the client's address (for rate limits) is the header Netlify's edge sets.
  const app = createApp({ db, config: { ...config, clientIpHeader: NETLIFY_CLIENT_IP_HEADER }, logRequest, builtVersion });
  return (request: Request) => app.fetch(asMeant(request));
}

/** Whether the request came to a local address: Netlify's local server; never so on the platform, which serves the site's domain. */
const isLocalRequest = (request: Request) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(request.url).hostname);

/** The answer to a request from elsewhere while a test mode is on (see the default export). */
function localOnlyRefusal(): Response {
  const headers = securityHeaders({ production: true, csp: API_CSP });
  return Response.json(
    { mensaje: 'Esta tienda está en modo de prueba, que solo atiende en la máquina donde corre (localhost).' },
    { status: 503, headers },
  );
}

/** The request at the path it meant: Netlify's local server retries a 404 or 403 at …/7.html (api-paths.ts, withoutPrettyUrlRetry). */
function asMeant(request: Request): Request {
  const url = new URL(request.url);
  const path = withoutPrettyUrlRetry(url.pathname);
  if (path === url.pathname) return request;
  url.pathname = path;
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit);
}

// A production deployment missing a setting, or asking for the test mode, fails to load, with every problem in the function's log.
const refusal = startRefusal(process.env, { netlify: true });
if (refusal) throw new Error(refusal);

let handler: ReturnType<typeof createHandler> | undefined;

/** Opens the database on an instance's first request; while it cannot, answers 503 as the API does when its database is down. */
export default async (request: Request): Promise<Response> => {
  try {
    const config = serverConfig(process.env, { netlify: true });
    // The test modes run only on Netlify's local server (config.ts, onNetlifyLocalServer): should a deploy ever get one, it serves no request from outside.
    if ((config.pagoPrueba || config.comprobantes.proveedor === 'prueba') && !isLocalRequest(request)) return localOnlyRefusal();
    handler ??= createHandler(await functionDatabase(), {
      config,
      logRequest: console.log,
      builtVersion: () => deployedVersion(config.siteUrl),
    });
  } catch (error) {
    logError('La función de la API no pudo abrir la base de datos', error);
    const headers = { 'Retry-After': '5', ...securityHeaders({ production: true, csp: API_CSP }) };
    return Response.json({ mensaje: MENSAJE_SIN_BASE_DE_DATOS }, { status: 503, headers });
  }
  return handler(request);
};

// Netlify reads this from the source without running it, so the paths are spelled out: a test keeps
// them equal to netlifyApiPaths() (src/server/api-paths.ts). preferStatic: a built page wins (/carrito/).
export const config = {
  path: [
    '/web/*',
    '/api/*',
    '/admin/api/*',
    '/webhooks/*',
    '/clientes/*',
    '/carrito/*',
    '/imagenes/*',
    '/login',
    '/send-correoprueba',
    '/validar-codigo',
    '/cambiar-contrasena',
    '/health',
  ],
  preferStatic: true,
};
