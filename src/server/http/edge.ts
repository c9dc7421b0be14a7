import type { MiddlewareHandler } from 'hono';
import { tieneControles } from '../../lib/api/text-schemas.ts';
import { clientError } from './errors.ts';

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * Refuses, before any route, a path or query holding control characters (NUL, escapes): no name,
 * id or code has them, and PostgreSQL refuses NUL in text, so they are a Spanish 400, never a 500.
 */
export const rejectControlCharacters: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  const parts = [...url.pathname.split('/'), ...[...url.searchParams].flat()];
  if (parts.some((part) => tieneControles(decoded(part))))
    throw clientError(400, 'La dirección de la solicitud contiene caracteres no permitidos.');
  return next();
};

/** Methods that change something: a foreign page may send them only as the browser's "simple" requests (no JSON), which this refuses. */
const ESCRITURAS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes that need neither JSON nor a check of their origin: Mercado Pago's webhook (its signature is
 * the proof) and RFC 8058's one-click unsubscribe of a review e-mail (a form POST from the mail
 * provider, its unguessable key the proof).
 */
const ESCRITURAS_EXENTAS = [/^\/webhooks\/mercadopago$/, /^\/api\/resenas\/baja\/[^/]+$/];

export const MENSAJE_OTRO_SITIO = 'Esta solicitud viene de otro sitio y no se acepta: usa la tienda desde su propia página.';
export const MENSAJE_SOLO_JSON = 'La solicitud debe enviar sus datos como JSON (Content-Type: application/json).';

/** The origins (scheme://host[:port]) of `urls`, ignoring any that is not a URL. */
function originsOf(urls: (string | undefined)[]): Set<string> {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      if (url) origins.add(new URL(url).origin);
    } catch {
      // PUBLIC_API_BASE may be a path (same origin): nothing to add.
    }
  }
  return origins;
}

/**
 * Cross-site writes (issue 34 item 3): on POST, PUT, PATCH and DELETE, a browser's `Origin` must be the
 * shop's (SITE_URL, PUBLIC_API_BASE) or the request's own host, and without an `Origin` its
 * `Sec-Fetch-Site` must not be `cross-site` (403); a body must be `application/json` (415), which a
 * foreign page cannot send without the browser asking first. Clients that are not browsers (the spec's
 * client, curl, `npm run shop`) send no `Origin` and keep working.
 */
export function sameSiteWrites(config: { siteUrl: string; publicApiBase?: string }): MiddlewareHandler {
  const shopOrigins = originsOf([config.siteUrl, config.publicApiBase]);
  return async (c, next) => {
    if (!ESCRITURAS.has(c.req.method) || ESCRITURAS_EXENTAS.some((path) => path.test(c.req.path))) return next();
    if (isCrossSite(c.req.raw, shopOrigins)) throw clientError(403, MENSAJE_OTRO_SITIO);
    const type = c.req.header('Content-Type');
    if (type === undefined ? hasBody(c.req.raw) : !/^application\/json\s*(?:;|$)/i.test(type.trim()))
      throw clientError(415, MENSAJE_SOLO_JSON);
    return next();
  };
}

/**
 * Whether a browser sent `request` from another site: its `Origin` is neither one of the shop's nor the
 * request's own host (or is, but the browser says `cross-site`); without an `Origin`, by `Sec-Fetch-Site`.
 */
function isCrossSite(request: Request, shopOrigins: ReadonlySet<string>): boolean {
  const origin = originOf(request.headers.get('Origin') ?? undefined);
  const crossSite = request.headers.get('Sec-Fetch-Site')?.toLowerCase() === 'cross-site';
  if (origin === undefined) return crossSite;
  if (shopOrigins.has(origin)) return false;
  return crossSite || !sameHost(origin, request.url);
}

/** A sent `Origin` as URL.origin writes it (`null` and non-URLs stay as they are, and match nothing). */
function originOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  try {
    return new URL(header).origin;
  } catch {
    return header;
  }
}

/** Whether `origin` names the host the request was sent to (the browser writes both; `null` and non-URLs never match). */
function sameHost(origin: string, url: string): boolean {
  try {
    return new URL(origin).host === new URL(url).host;
  } catch {
    return false;
  }
}

/** Whether a request without Content-Type still carries a body (HTTP/1.1 frames one with Content-Length or Transfer-Encoding). */
function hasBody(request: Request): boolean {
  const length = request.headers.get('Content-Length');
  return (length !== null && length.trim() !== '0') || request.headers.has('Transfer-Encoding');
}
