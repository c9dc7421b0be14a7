import type { Context } from 'hono';
import { productCardHtml } from '../../lib/catalogue/product-card-html.ts';
import { escapeHtml } from '../../lib/text.ts';
import { BUSQUEDA_INICIAL_ID, BUSQUEDA_SERVIDOR_ATTR, searchCount, searchTitle, type BusquedaInicial } from '../../lib/catalogue/search.ts';
import { SEARCH_PATH } from '../../lib/catalogue/routes.ts';
import type { BusquedaPaginada, Producto } from '../../lib/api/schemas.ts';
import { TIENDA } from '../../lib/tienda.ts';

/**
 * The search page with its first results in its HTML (decision 0232): the built page (`dist/search/index.html`,
 * "the shell") with the first page of the query's spec matches drawn beside its island, as the island draws them,
 * and the same data as JSON for the island to adopt. The island's own markup stays hidden until it has rendered
 * those results; then it removes the drawn block and shows itself in one commit (islands/search/SearchPage.tsx).
 */

/** Where the page's results go: the wrapper around the search island (pages/search.astro). */
export const SEARCH_SHELL_MARKER = 'data-busqueda-shell';
/** The icon sprite's hashed URL, as the built page references it (ui/icons.tsx). */
const SPRITE = /\/_astro\/icons\.[\w-]+\.svg/;
const TITLE = /<title>[^<]*<\/title>/;

/**
 * A product as the island's cards need it: without its long texts (description, use, benefits, ingredients), a
 * third of a page's weight, which no card shows; the quick view and the cart ask the API for the whole product.
 */
const forCards = (producto: Producto): Producto => ({ ...producto, descripcion: '', modouso: '', beneficios: '', ingredientes: '' });

/** JSON inside a <script>: no `<` can close it or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The island's page buttons on page 1 (islands/search/PageButtons.tsx, as React writes them: a test compares), inert until the island takes over. */
export function pageButtonsHtml(pages: number): string {
  if (pages <= 1) return '';
  const button = (label: string, text: string | number, extra = '') =>
    `<button type="button" class="page-buttons__btn"${extra} aria-label="${label}">${text}</button>`;
  const numbers = Array.from({ length: pages }, (_, index) =>
    button(`Página ${index + 1}`, index + 1, index === 0 ? ' aria-current="page"' : ''),
  );
  return `<nav class="page-buttons" aria-label="Páginas de resultados">${button('Página anterior', '‹', ' disabled=""')}${numbers.join('')}${button('Página siguiente', '›')}</nav>`;
}

/**
 * What the island shows for `inicial` once it has its query: the form, the heading, the count and the first cards
 * (or its "searching" line while only Pagefind may still find something). Its own ids are apart from the island's.
 */
function resultsHtml({ q, total, productos }: BusquedaInicial, sprite: string): string {
  const form =
    `<form class="search-page__form" action="${SEARCH_PATH}" method="get" role="search">` +
    '<label class="visually-hidden" for="search-page-q-servidor">Buscar productos</label>' +
    `<input id="search-page-q-servidor" name="q" type="search" placeholder="Busca por producto o marca" value="${escapeHtml(q)}"/>` +
    '<button class="btn" type="submit">Buscar</button></form>';
  const title = `<h1 class="search-page__title" tabindex="-1">${escapeHtml(searchTitle(q))}</h1>`;
  if (total === 0) return `${form}${title}<p class="search-page__status" role="status">Buscando productos…</p>`;
  const cards = productos.map(
    (producto, index) => `<li>${productCardHtml(producto, { priority: index === 0, headingLevel: 'h2', sprite })}</li>`,
  );
  const pages = Math.ceil(total / TIENDA.resultadosPorPagina);
  return (
    `${form}${title}<p class="search-page__count" role="status">${searchCount(total)}</p>` +
    `<ul class="search-page__grid">${cards.join('')}</ul>${pageButtonsHtml(pages)}`
  );
}

/**
 * The shell with `inicial` drawn in it, or undefined when the shell is not the search page this module knows
 * (no wrapper, no island, no sprite): the static page is served then, and its island searches by itself.
 */
export function searchPageHtml(shell: string, inicial: BusquedaInicial): string | undefined {
  const sprite = SPRITE.exec(shell)?.[0];
  const marker = shell.indexOf(SEARCH_SHELL_MARKER);
  const wrapperEnd = marker < 0 ? -1 : shell.indexOf('>', marker) + 1;
  const island = wrapperEnd <= 0 ? -1 : shell.indexOf('<astro-island', wrapperEnd);
  if (!sprite || island < 0) return undefined;
  const islandOpen = island + '<astro-island'.length;
  const block =
    `<div class="search-page" ${BUSQUEDA_SERVIDOR_ATTR}>${resultsHtml(inicial, sprite)}</div>` +
    `<script type="application/json" id="${BUSQUEDA_INICIAL_ID}">${scriptJson({ ...inicial, productos: inicial.productos.map(forCards) })}</script>`;
  const title = `<title>${escapeHtml(`${searchTitle(inicial.q)} | ${TIENDA.nombre}`)}</title>`;
  return (
    shell.slice(0, wrapperEnd).replace(TITLE, title) +
    shell.slice(wrapperEnd, island) +
    block +
    '<astro-island hidden' +
    shell.slice(islandOpen)
  );
}

/** The first page of `q`'s spec matches as `/web/buscar` answers it, or undefined when it answered anything else (an empty query: 400). */
export async function firstPage(api: (request: Request) => Response | Promise<Response>, origin: string, q: string) {
  const query = new URLSearchParams({ q, pagina: '1', porPagina: String(TIENDA.resultadosPorPagina) });
  const res = await api(new Request(`${origin}/web/buscar?${query}`));
  if (!res.ok) return undefined;
  const { total, mensaje } = (await res.json()) as BusquedaPaginada;
  return { q, total, productos: mensaje } satisfies BusquedaInicial;
}

/** The search page's query, when the request is one the server draws: a GET or HEAD of the page with a `q`. */
export function drawnQuery(c: Context): string | undefined {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return undefined;
  if (c.req.path !== SEARCH_PATH && c.req.path !== `${SEARCH_PATH}/`) return undefined;
  return c.req.query('q');
}
