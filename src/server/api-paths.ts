/**
 * The one list of paths the API answers (everything else is the static storefront), and the forms
 * each entry point needs: the Node server's test, the dev server's proxy and the Netlify function's
 * routes. No imports: astro.config.mjs reads it at config time.
 */

/** Paths with API calls below them: `/web/listprod`, `/carrito/create-preference/7`, `/imagenes/{sha256}.jpg`… */
export const API_PREFIXES = ['/web', '/api', '/admin/api', '/webhooks', '/clientes', '/carrito', '/imagenes'] as const;

/** Single API paths. */
export const API_EXACT_PATHS = ['/login', '/send-correoprueba', '/validar-codigo', '/cambiar-contrasena', '/health'] as const;

const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A path (or a whole URL path with its query, as the dev proxy sees it) of the API: something below a
 * prefix (`/carrito/` alone is the cart page with a trailing slash), or a single path.
 */
export const API_PATH_PATTERN = new RegExp(
  `^(?:${API_PREFIXES.map(escape).join('|')})/[^?#]|^(?:${API_EXACT_PATHS.map(escape).join('|')})(?:$|[?#])`,
);

/** Whether a request path belongs to the API rather than to the static site. */
export const isApiPath = (path: string) => API_PATH_PATTERN.test(path);

/**
 * The Netlify function's `config.path` (URLPattern paths): each prefix with everything below it and
 * each single path. Netlify reads that list from the function's source without running it, so
 * netlify/functions/api.ts spells it out and a test keeps it equal to this.
 */
export const netlifyApiPaths = (): string[] => [...API_PREFIXES.map((prefix) => `${prefix}/*`), ...API_EXACT_PATHS];

/** The endings Netlify's local server (`netlify serve`/`netlify dev`) tries after a 404 or 403, as for a page. */
const PRETTY_URL_RETRY = /(?:\/index\.html?|\.html?)$/;

/**
 * The API path a request meant, without the ending Netlify's local server adds when it retries a
 * function's 404 or 403 as a pretty URL (/api/detalle-pedido/7 → …/7.html, …/7.htm, …/7/index.html,
 * …/7/index.htm; netlify/cli src/utils/proxy.ts, issue #1442). No API path ends so, so each retry
 * gets the first answer again and the last one (the same 404 or 403) reaches the client. The real
 * platform answers with the function's response and never retries.
 */
export const withoutPrettyUrlRetry = (path: string) => path.replace(PRETTY_URL_RETRY, '');
