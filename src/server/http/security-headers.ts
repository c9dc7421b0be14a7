import type { MiddlewareHandler } from 'hono';
import { cachedBuildScriptHashes } from './inline-scripts.ts';

/**
 * The shop's security headers, in one place: the Node server (site and API), the API app (so the
 * Netlify function carries them) and netlify.toml (checked against this module by a test) use them.
 */

/** Where the storefront's pages may load from: itself, plus OpenStreetMap's embedded store maps. */
export const SITE_CSP_BASE = {
  'default-src': ["'self'"],
  // Pagefind's search index is WebAssembly; inline scripts are allowed only by their sha256 hashes.
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  // Islands set style attributes and Astro inlines small stylesheets; styles cannot run code.
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-src': ['https://www.openstreetmap.org'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/** JSON answers render nothing and are framed by no one. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Headers every response carries, site and API alike, in development as in production. */
export const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=()',
} as const;

/** HTTPS only for a year, production only (a local shop on http://localhost must stay reachable). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The storefront's Content-Security-Policy, with the hashes of the inline scripts its build wrote. */
export function siteCsp({ scriptHashes = [], apiOrigin }: { scriptHashes?: Iterable<string>; apiOrigin?: string } = {}): string {
  const directives: Record<string, string[]> = Object.fromEntries(
    Object.entries(SITE_CSP_BASE).map(([name, values]) => [name, [...values]]),
  );
  directives['script-src']!.push(...[...scriptHashes].sort().map((hash) => `'sha256-${hash}'`));
  if (apiOrigin) directives['connect-src']!.push(apiOrigin);
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** The security headers of a response: the common ones, its CSP, and HSTS in production. */
export function securityHeaders({ production, csp }: { production: boolean; csp: string }): Record<string, string> {
  return { ...COMMON_HEADERS, 'Content-Security-Policy': csp, ...(production ? { 'Strict-Transport-Security': HSTS } : {}) };
}

/**
 * Scripts and stylesheets run under the policy of the page that loads them, never their own (a policy
 * governs documents and workers, and the shop starts no worker), so they go without the page's CSP:
 * repeated on each of a page's dozen files it was about 8 KB of a first visit over HTTP/1.1.
 */
const RUNS_UNDER_THE_PAGE = /^(?:text\/javascript|application\/javascript|text\/css)\b/;

/**
 * Middleware adding the security headers to every response that does not already carry them (the
 * API's own headers win over the site's when the Node server passes an API answer through).
 */
export function withSecurityHeaders({ production, csp }: { production: boolean; csp: () => string | Promise<string> }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = securityHeaders({ production, csp: await csp() });
    if (RUNS_UNDER_THE_PAGE.test(c.res.headers.get('Content-Type') ?? ''))
      delete (headers as Record<string, string>)['Content-Security-Policy'];
    for (const [name, value] of Object.entries(headers)) if (!c.res.headers.has(name)) c.header(name, value);
  };
}

/** The Node server's headers: the site's CSP allows the inline scripts the build in `distDir` lists as its own. */
export function siteSecurityHeaders({
  distDir,
  production,
  apiBase = process.env.PUBLIC_API_BASE,
}: {
  distDir: string;
  production: boolean;
  apiBase?: string;
}): MiddlewareHandler {
  const hashes = cachedBuildScriptHashes(distDir);
  const apiOrigin = apiBase && URL.canParse(apiBase) ? new URL(apiBase).origin : undefined;
  return withSecurityHeaders({ production, csp: () => siteCsp({ scriptHashes: hashes(), apiOrigin }) });
}
