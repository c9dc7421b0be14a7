import { productIdFromPath } from '../../lib/catalogue/routes.ts';
import { remembered } from '../../lib/remember.ts';

/** A Pagefind result: its fragment (URL, text, metadata) is fetched only when `data()` is called. */
export interface PagefindResult {
  data: () => Promise<{ url: string }>;
}
interface Pagefind {
  init: () => Promise<void>;
  mergeIndex: (path: string) => Promise<void>;
  search: (query: string) => Promise<{ results: PagefindResult[] } | null>;
}

/** What Pagefind found for a query: how many products, and their ids a range at a time, best first. */
export interface PagefindHits {
  total: number;
  /** The ids of results `start` to `end` (exclusive): only those results' fragments are fetched. */
  ids: (start: number, end: number) => Promise<number[]>;
}

/** The index is written by the build (site-builder/search-index.ts); the dev server has none. */
const PAGEFIND_URL = '/pagefind/pagefind.js';
/** A big catalogue's further indexes, which the search merges with the first (site-builder/search-index.ts, SEARCH_INDEXES_FILE). */
const INDEXES_URL = '/pagefind/indices.json';

/** The further indexes' folders; none when the build wrote no list. */
async function furtherIndexes(): Promise<string[]> {
  try {
    const res = await fetch(INDEXES_URL);
    const { indices } = res.ok ? ((await res.json()) as { indices?: unknown }) : {};
    return Array.isArray(indices) ? indices.filter((path): path is string => typeof path === 'string') : [];
  } catch {
    return [];
  }
}

let loading: Promise<Pagefind | undefined> | undefined;
/** The last query searched, and its search. */
let last: { query: string; hits: Promise<PagefindHits> } | undefined;
function loadPagefind(): Promise<Pagefind | undefined> {
  // The list is asked beside the script, not after it.
  loading ??= Promise.all([import(/* @vite-ignore */ PAGEFIND_URL) as Promise<Pagefind>, furtherIndexes()]).then(
    async ([module, further]) => {
      await module.init();
      await Promise.all(further.map((path) => module.mergeIndex(path)));
      return module;
    },
    (error: unknown) => {
      console.info('Búsqueda sin índice Pagefind: no hay resultados de productos.', error);
      return undefined;
    },
  );
  return loading;
}

/** Loads Pagefind's script and index entry ahead of the first query (the header search on focus). */
export const preloadPagefind = () => void loadPagefind();

/**
 * Searches the build's Pagefind index (product pages: name, brand, description, details, and the
 * name and brand pieces of search-terms.ts). An index that is missing or fails finds nothing; the
 * failure is only logged (storefront §8).
 */
export function pagefindSearch(query: string): Promise<PagefindHits> {
  // The same query asked again (the search page's own script, then its island) is the same search.
  if (last?.query !== query) last = { query, hits: searchIndex(query) };
  return last.hits;
}

async function searchIndex(query: string): Promise<PagefindHits> {
  try {
    const search = await (await loadPagefind())?.search(query);
    return hitsOf(search?.results ?? []);
  } catch (error) {
    console.error('La búsqueda de Pagefind falló', error);
    return hitsOf([]);
  }
}

/**
 * Pagefind's results as hits: a range's ids cost that range's fragments only, fetched once however often the
 * range is asked for (a failed range is asked again next time); pages that are not products are left out.
 */
export function hitsOf(results: readonly PagefindResult[]): PagefindHits {
  const ranges = new Map<string, Promise<number[]>>();
  const fetchRange = async (start: number, end: number) => {
    const pages = await Promise.all(results.slice(start, end).map((result) => result.data()));
    return pages.map((page) => productIdFromPath(page.url)).filter((id): id is number => id !== undefined);
  };
  return {
    total: results.length,
    ids: (start, end) => remembered(ranges, `${start}-${end}`, () => fetchRange(start, end)),
  };
}
