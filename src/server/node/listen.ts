import { serve, type Http2Bindings, type HttpBindings, type ServerType } from '@hono/node-server';
import { isApiPath } from '../app.ts';
import { MENSAJE_SIN_BASE_DE_DATOS } from '../http/errors.ts';
import { isLoopback } from '../http/ip.ts';

/** Node's bindings for one request (HTTP/1 or HTTP/2): its socket, for the client's address. */
export type NodeBindings = HttpBindings | Http2Bindings;

/** What Node's server hands each request: the web Request and its bindings. */
export type NodeFetch = (request: Request, env: NodeBindings) => Response | Promise<Response>;

/** A Hono app or anything that answers a Request given Node's bindings. */
export interface Handler {
  fetch(request: Request, env?: NodeBindings): Response | Promise<Response>;
}

/**
 * `app` while the database starts: until `ready()` the API's paths (every path with `everyPath`, for
 * `npm run api`) answer 503 with Retry-After; the static pages are served meanwhile. Node's bindings
 * are passed on to `app`.
 */
export function untilReady(app: Handler, ready: () => boolean, { everyPath = false }: { everyPath?: boolean } = {}): NodeFetch {
  // `env` carries the socket: dropping it would put every client at one address for the rate limits.
  return (request, env) =>
    ready() || (!everyPath && !isApiPath(new URL(request.url).pathname))
      ? app.fetch(request, env)
      : Response.json(
          { mensaje: MENSAJE_SIN_BASE_DE_DATOS },
          { status: 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } },
        );
}

/** What a client from another machine gets while a test mode is on. */
export const MENSAJE_SOLO_ESTA_MAQUINA = 'Esta tienda está en modo de prueba, que solo atiende en la máquina donde corre.';

/**
 * `fetch` for clients on this machine only: any other peer, by its socket's address (never a header
 * such as Host, which the client writes), gets 403. For a test mode, behind a loopback-only HOST as well.
 */
export function loopbackOnly(fetch: NodeFetch): NodeFetch {
  return (request, env) =>
    isLoopback(env?.incoming?.socket?.remoteAddress)
      ? fetch(request, env)
      : Response.json({ mensaje: MENSAJE_SOLO_ESTA_MAQUINA }, { status: 403, headers: { 'Cache-Control': 'no-store' } });
}

/** Serves `fetch` on `port` and `hostname` (port 0: a free one); resolves once listening, rejects when the port is taken. */
export async function listen(fetch: NodeFetch, { port, hostname }: { port: number; hostname: string }): Promise<ServerType> {
  const server = serve({ fetch, port, hostname });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return server;
}
