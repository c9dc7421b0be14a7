import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono, type MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

/** The catalogue version a build was made from, as `{ "version": N }`: served as /version.json for Netlify's scheduled check. */
export const VERSION_STAMP = 'version.json';

/** The catalogue version a build was made from, or undefined when there is no complete build. */
export function builtVersion(distDir: string): number | undefined {
  try {
    const { version } = JSON.parse(readFileSync(join(distDir, VERSION_STAMP), 'utf8')) as { version?: unknown };
    return typeof version === 'number' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** Cache policy: fingerprinted assets forever, everything else revalidated. */
const cacheControl = (path: string) =>
  path.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';

/**
 * Serves the built storefront from `distDir`: precompressed files when the build wrote them, the
 * build's 404 page for unknown paths, and a Spanish "preparing" page while no build exists yet.
 */
export function staticSite(distDir: string) {
  let files: MiddlewareHandler | undefined;
  const site = new Hono();
  site.use('*', async (c, next) => {
    if (!existsSync(distDir)) return next();
    c.header('Cache-Control', cacheControl(c.req.path));
    files ??= serveStatic({ root: distDir, precompressed: true });
    return files(c, next);
  });
  site.all('*', (c) => {
    const notFound = join(distDir, '404.html');
    c.header('Cache-Control', 'no-store');
    if (existsSync(notFound)) return c.html(readFileSync(notFound, 'utf8'), 404);
    c.header('Retry-After', '5');
    return c.html(PREPARING, 503);
  });
  return site;
}

/** Paths of the back office's app (src/backoffice): the page under /admin/ and every path below it that is not the API. */
export const esRutaDelPanel = (path: string) => /^\/admin(?:\/|$)/.test(path) && !/^\/admin\/api(?:\/|$)/.test(path);

/**
 * The back office's one page (dist/admin/index.html) for a path of its app that is no file: the app routes
 * inside the browser (/admin/pedidos/7 is that page too), as Netlify's rewrite does (netlify/redirects.ts).
 * Never indexed; the 404 page when the build has no back office.
 */
export function adminPage(distDir: string): Response {
  const page = join(distDir, 'admin', 'index.html');
  if (!existsSync(page)) return notFoundPage(distDir);
  return new Response(readFileSync(page, 'utf8'), {
    headers: {
      'Content-Type': 'text/html; charset=UTF-8',
      'Cache-Control': 'public, max-age=0, must-revalidate',
      'X-Robots-Tag': 'noindex, nofollow',
    },
  });
}

/** The build's 404 page (uncached), or the Spanish "preparing" page (503) while no build exists yet: what the site answers to a path it does not have. */
export function notFoundPage(distDir: string): Response {
  const notFound = join(distDir, '404.html');
  const headers = { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'no-store' };
  if (existsSync(notFound)) return new Response(readFileSync(notFound, 'utf8'), { status: 404, headers });
  return new Response(PREPARING, { status: 503, headers: { ...headers, 'Retry-After': '5' } });
}

const PREPARING = `<!doctype html><html lang="es-PE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>K-Beauty Perú</title></head>
<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;color:#333">
<p>La tienda se está preparando. Esta página se actualizará en unos segundos…</p></body></html>`;
