import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { createApp, isApiPath } from '../app.ts';
import { drawnQuery, firstPage, searchPageHtml } from '../catalogue/search-page.ts';
import { compressOnTheFly } from '../http/compress.ts';
import { requestLog, type LogLine } from '../http/request-log.ts';
import { siteSecurityHeaders } from '../http/security-headers.ts';
import { esRutaTienda } from '../../lib/site/rutas.ts';
import type { Services } from '../services.ts';
import { adminPage, builtVersion, esRutaDelPanel, notFoundPage, staticSite } from './static-site.ts';

/** The one-process shop: the API at its paths, the static storefront everywhere else; with `logRequest`, one line per request of either. */
export function createShopServer({ services, distDir, logRequest }: { services: Services; distDir: string; logRequest?: LogLine }) {
  const api = createApp({ services, builtVersion: () => builtVersion(distDir) });
  const site = staticSite(distDir);
  const server = new Hono();
  if (logRequest) server.use('*', requestLog(logRequest));
  // Compresses what the build did not precompress (product pages, API JSON, the 404 page), brotli first; skips encoded bodies.
  server.use('*', compressOnTheFly());
  server.use('*', siteSecurityHeaders({ distDir, production: services.config.production }));
  // c.env (Node's bindings: the socket) goes along, or the API could not tell one client's address from another's.
  server.all('*', async (c) => {
    if (isApiPath(c.req.path)) return api.fetch(c.req.raw, c.env);
    // /search?q=…: the built page with the query's first results drawn in it (decision 0232).
    const q = drawnQuery(c);
    if (q !== undefined) {
      const drawn = await drawnSearchPage(distDir, q, new URL(c.req.url).origin, (request) => api.fetch(request, c.env));
      if (drawn) return drawn;
    }
    // The back office is one page whose app routes inside the browser: its paths that are no file get that page.
    if (esRutaDelPanel(c.req.path)) {
      const res = await site.fetch(c.req.raw, c.env);
      if (res.status !== 404 || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return withNoIndex(res);
      return adminPage(distDir);
    }
    // /marcas/Dr.%20Jart%2B is another spelling of /marcas/Dr.%20Jart+: sent there, as dist/_redirects does on Netlify.
    const literal = withLiteralSubDelims(c.req.raw);
    if (literal !== c.req.raw && (c.req.method === 'GET' || c.req.method === 'HEAD')) {
      const { pathname, search } = new URL(literal.url);
      // `//evil.example/%2B` would be sent to `//evil.example/+`, another site: only the shop's own paths are redirected to.
      if (esRutaTienda(pathname)) return c.redirect(`${pathname}${search}`, 301);
      return notFoundPage(distDir);
    }
    return site.fetch(literal, c.env);
  });
  return server;
}

/** The search page drawn for `q` from the build's own page, or undefined when there is none or the query is empty (the static page then). */
async function drawnSearchPage(
  distDir: string,
  q: string,
  origin: string,
  api: (request: Request) => Response | Promise<Response>,
): Promise<Response | undefined> {
  let shell: string;
  try {
    shell = readFileSync(join(distDir, 'search', 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
  const inicial = await firstPage(api, origin, q);
  const html = inicial && searchPageHtml(shell, inicial);
  if (!html) return undefined;
  return new Response(html, {
    headers: { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'public, max-age=0, must-revalidate' },
  });
}

/** A response of the back office's paths, never indexed. */
function withNoIndex(res: Response): Response {
  const headers = new Headers(res.headers);
  headers.set('X-Robots-Tag', 'noindex, nofollow');
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/**
 * The same request with escaped sub-delimiters (& + : , ; = @ $) in its path written literally:
 * the static files are named with them (/marcas/Rom&nd), and the static server decodes paths with
 * decodeURI, which leaves those escapes as they are.
 */
export function withLiteralSubDelims(request: Request): Request {
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/%(26|2B|3A|2C|3B|3D|40|24)/gi, (escape) => decodeURIComponent(escape));
  if (pathname === url.pathname) return request;
  url.pathname = pathname;
  return new Request(url, request);
}
