import { fetchBusqueda, fetchProductosPorIds } from '../../lib/api/catalogue-client.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { inIdOrder } from '../../lib/catalogue/live-products.ts';
import { matchesSearch, type BusquedaInicial } from '../../lib/catalogue/search.ts';
import { remembered } from '../../lib/remember.ts';
import { LIMITES, TIENDA } from '../../lib/tienda.ts';
import { pagefindSearch, type PagefindHits } from './pagefind.ts';
import { resultsPage } from './results-page.ts';

/**
 * The search page's results (decision 0232): first the spec's matches (name or brand, contains-match), which the
 * API answers a page at a time (`/web/buscar`; the first page may come in the page's HTML), then the products only
 * Pagefind finds (by description or ingredients), in Pagefind's order.
 */

/** What the search page shows: how many products, and any page of them (TIENDA.resultadosPorPagina a page). */
export interface SearchList {
  total: number;
  page: (page: number) => Promise<Producto[]>;
}

/** The spec's matches for one query: how many, and their pages; each page is asked once. */
export interface SpecMatches extends SearchList {
  query: string;
}

/** The spec's matches of `first.q`, knowing their first page. */
export function specMatches(first: BusquedaInicial): SpecMatches {
  const pages = new Map<number, Promise<Producto[]>>([[1, Promise.resolve(first.productos)]]);
  const size = TIENDA.resultadosPorPagina;
  return {
    query: first.q,
    total: first.total,
    page: (page) => remembered(pages, page, () => fetchBusqueda(first.q, page, size).then((answer) => answer.mensaje)),
  };
}

/** The last query asked of the API, and its answer: the page's own script and its island share one call. */
let last: { query: string; matches: Promise<SpecMatches> } | undefined;

/** The spec's matches of `query`, its first page asked of the API. */
export function askSpecMatches(query: string): Promise<SpecMatches> {
  if (last?.query !== query) {
    const matches = fetchBusqueda(query, 1, TIENDA.resultadosPorPagina).then((first) =>
      specMatches({ q: query, total: first.total, productos: first.mensaje }),
    );
    last = { query, matches };
    // A failure is the island's to show; the next ask tries again.
    matches.catch(() => {
      if (last?.matches === matches) last = undefined;
    });
  }
  return last.matches;
}

/**
 * The spec's matches, then Pagefind's others. Until Pagefind has answered (`hits` undefined) only the spec's are
 * counted; after, the count is the spec's plus Pagefind's beyond them (Pagefind finds every spec match:
 * decision 0082), and a page past the spec's matches walks Pagefind's results for the others.
 */
export function specFirst(spec: SpecMatches, hits: PagefindHits | undefined): SearchList {
  const size = TIENDA.resultadosPorPagina;
  const others = hits && othersOf(spec.query, hits);
  return {
    total: spec.total + (hits ? Math.max(0, hits.total - spec.total) : 0),
    page: async (page) => {
      const start = (page - 1) * size;
      const end = page * size;
      const [own, more] = await Promise.all([
        start < spec.total ? spec.page(page) : [],
        others && end > spec.total ? others(Math.max(0, start - spec.total), end - spec.total) : [],
      ]);
      return [...own, ...more];
    },
  };
}

/** Pagefind's results alone, as before decision 0232: what the page shows when the API's search failed. */
export const pagefindOnly = (hits: PagefindHits): SearchList => ({ total: hits.total, page: (page) => resultsPage(hits, page) });

/** Each search's walk through Pagefind's results for the products the spec's match does not find. */
const walks = new WeakMap<PagefindHits, (from: number, to: number) => Promise<Producto[]>>();

/**
 * Products `from` to `to` (exclusive) of those Pagefind finds for `query` that the spec's match does not, in
 * Pagefind's order, with their live prices and stock. Pagefind's results are read in order, a range at a time
 * (the first as big as a page, then LIMITES.idsPorConsulta), each range once; walks of one search take turns.
 */
function othersOf(query: string, hits: PagefindHits): (from: number, to: number) => Promise<Producto[]> {
  const known = walks.get(hits);
  if (known) return known;
  const found: Producto[] = [];
  let read = 0;
  let turn: Promise<unknown> = Promise.resolve();
  const walk = (from: number, to: number) => {
    const run = turn.then(async () => {
      while (found.length < to && read < hits.total) {
        const end = read + (read === 0 ? TIENDA.resultadosPorPagina : LIMITES.idsPorConsulta);
        const ids = await hits.ids(read, end);
        const productos = inIdOrder(ids, await fetchProductosPorIds(ids));
        found.push(...productos.filter((producto) => !matchesSearch(producto, query)));
        read = end;
      }
      return found.slice(from, to);
    });
    turn = run.catch(() => undefined);
    return run;
  };
  walks.set(hits, walk);
  return walk;
}

/**
 * The search page's own script: starts the query's searches as soon as the page's scripts run, beside React rather
 * than after it: Pagefind's, and the API's spec matches unless the page came with them (`drawn`, decision 0232). The
 * island (useSearchResults) takes the same promises when it has hydrated. Failures are the island's to show and log.
 */
export function startSearch(query: string, drawn: boolean): void {
  if (!query.trim()) return;
  pagefindSearch(query).catch(() => undefined);
  if (!drawn) askSpecMatches(query).catch(() => undefined);
}
