/**
 * The search page with its query's first results in its HTML (decision 0232), as `npm start` serves it
 * (src/server/node/server.ts): the built page, fetched from the CDN at `/search/index.html` (a path this function's
 * route does not match), with the first page of the spec's matches that the API function answers drawn in it
 * (src/server/catalogue/search-page.ts). Netlify's header rules do not reach a function's response, so the
 * page's own CSP and security headers are copied from the CDN's answer. The CDN keeps each query's page for
 * SEARCH_PAGE_CDN_SECONDS (`Netlify-Vary: query=q`); a deploy clears it.
 */
import { catalogueLimits } from '../../src/server/config.ts';
import { firstPage, searchPageHtml } from '../../src/server/catalogue/search-page.ts';
import { logError } from '../../src/server/db/errors.ts';
import { API_CSP, securityHeaders } from '../../src/server/http/security-headers.ts';
import apiFunction from './api.ts';

/** The answer while the CDN cannot give the built page. */
export const SIN_PAGINA = 'La búsqueda no está disponible en este momento. Inténtalo de nuevo en unos segundos.';

/** What a function's response takes from the built page's own headers (dist/_headers, netlify.toml's [[headers]]). */
const PAGE_HEADERS = [
  'content-security-policy',
  'strict-transport-security',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'permissions-policy',
  'x-robots-tag',
] as const;

/** The built page, as the CDN has it. */
export const SHELL_PATH = '/search/index.html';

export interface SearchPageDeps {
  /** The API (the api function's handler). */
  api: (request: Request) => Response | Promise<Response>;
  /** Fetches a URL of the site (the CDN). */
  fetchSite: (url: string) => Promise<Response>;
  /** How long the CDN keeps a drawn page, in seconds (0: not kept). */
  cdnSeconds: number;
}

/** The function's handler over its parts (the tests give their own). */
export function createSearchPage({ api, fetchSite, cdnSeconds }: SearchPageDeps) {
  // A deploy brings new function instances with its new pages: an instance fetches its page once, until it fails.
  let built: Promise<BuiltPage> | undefined;
  const builtPage = (origin: string) => {
    const page = (built ??= fetchBuiltPage(fetchSite, origin));
    const forget = () => {
      if (built === page) built = undefined;
    };
    page.then((answer) => answer.status !== 200 && forget(), forget);
    return page;
  };
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    let page: BuiltPage;
    try {
      page = await builtPage(url.origin);
    } catch (error) {
      logError('La página de búsqueda no pudo leer la página construida', error);
      const headers = { 'Retry-After': '5', ...securityHeaders({ production: true, csp: API_CSP }) };
      return Response.json({ mensaje: SIN_PAGINA }, { status: 503, headers });
    }
    const { status, shell, pageHeaders } = page;
    const headers = new Headers({ 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'public, max-age=0, must-revalidate' });
    for (const [name, value] of pageHeaders) headers.set(name, value);
    if (status !== 200) return new Response(shell, { status, headers });
    const q = url.searchParams.get('q');
    let html: string | undefined;
    try {
      const inicial = q === null ? undefined : await firstPage(api, url.origin, q);
      html = inicial && searchPageHtml(shell, inicial);
    } catch (error) {
      // The static page then: its island asks the API, or Pagefind alone.
      logError('La página de búsqueda no pudo dibujar sus primeros resultados', error);
    }
    if (html && cdnSeconds > 0) {
      headers.set('Netlify-CDN-Cache-Control', `public, durable, s-maxage=${cdnSeconds}, stale-while-revalidate=${cdnSeconds}`);
      headers.set('Netlify-Vary', 'query=q');
    }
    return new Response(html ?? shell, { headers });
  };
}

/** The built page as the CDN answered it: its status, text and the headers the drawn page takes. */
interface BuiltPage {
  status: number;
  shell: string;
  pageHeaders: [string, string][];
}

async function fetchBuiltPage(fetchSite: SearchPageDeps['fetchSite'], origin: string): Promise<BuiltPage> {
  const res = await fetchSite(new URL(SHELL_PATH, origin).href);
  const pageHeaders = PAGE_HEADERS.flatMap((name): [string, string][] => {
    const value = res.headers.get(name);
    return value === null ? [] : [[name, value]];
  });
  return { status: res.status, shell: await res.text(), pageHeaders };
}

const handler = createSearchPage({
  api: (request) => apiFunction(request),
  fetchSite: (url) => fetch(url),
  cdnSeconds: catalogueLimits(process.env).busquedaCdnSegundos,
});

export default (request: Request) => handler(request);

// Netlify reads this from the source without running it. No preferStatic: the built /search page is this function's shell.
export const config = {
  path: '/search',
};
