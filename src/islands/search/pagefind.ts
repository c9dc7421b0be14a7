import { productIdFromPath } from '../../lib/product/paths.ts';

interface PagefindResult {
  data: () => Promise<{ url: string }>;
}
interface Pagefind {
  search: (query: string) => Promise<{ results: PagefindResult[] } | null>;
}

/** The index is written by the build (site-build.ts); the dev server has none. */
const PAGEFIND_URL = '/pagefind/pagefind.js';
/** Each result's URL costs a fragment request; results past this rank add little. */
const MAX_RESULTS = 200;

let loading: Promise<Pagefind | undefined> | undefined;
function loadPagefind(): Promise<Pagefind | undefined> {
  loading ??= import(/* @vite-ignore */ PAGEFIND_URL).then(
    (module: Pagefind) => module,
    (error: unknown) => {
      console.info('Búsqueda sin índice Pagefind (solo coincidencias por nombre y marca).', error);
      return undefined;
    },
  );
  return loading;
}

/** The product ids Pagefind finds for a query, best first; [] when the index is missing or fails. */
export async function pagefindProductIds(query: string): Promise<number[]> {
  try {
    const pagefind = await loadPagefind();
    const search = await pagefind?.search(query);
    if (!search) return [];
    const pages = await Promise.all(search.results.slice(0, MAX_RESULTS).map((result) => result.data()));
    return pages.map((page) => productIdFromPath(page.url)).filter((id): id is number => id !== undefined);
  } catch (error) {
    console.error('La búsqueda de Pagefind falló', error);
    return [];
  }
}
