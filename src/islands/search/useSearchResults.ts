import { useEffect, useState } from 'react';
import { TIENDA } from '../../lib/tienda.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { pagefindSearch, type PagefindHits } from '../../components/search/pagefind.ts';
import { resultsPage } from '../../components/search/results-page.ts';

/** The search page's state: how many products its query found, and the page shown with its live products. */
export type SearchResults =
  { kind: 'loading' } | { kind: 'empty-query' } | { kind: 'done'; total: number; page: number; pages: number; productos: Producto[] };

/**
 * The results of `query` from the Pagefind index, TIENDA.resultadosPorPagina a page (resultsPage): only the
 * page shown has its result fragments fetched, and its products' live prices and stock come from one ids
 * call; the search page's script may have started both already. A failure shows what there is and is only
 * logged (storefront §8).
 */
export function useSearchResults(query: string | undefined, page: number): SearchResults {
  const [hits, setHits] = useState<PagefindHits | undefined>();
  const [shown, setShown] = useState<{ page: number; productos: Producto[] } | undefined>();

  useEffect(() => {
    if (!query?.trim()) return;
    let cancelled = false;
    void pagefindSearch(query).then((found) => {
      if (!cancelled) setHits(found);
    });
    return () => {
      cancelled = true;
    };
  }, [query]);

  const size = TIENDA.resultadosPorPagina;
  const pages = hits ? Math.max(1, Math.ceil(hits.total / size)) : 1;
  const current = Math.min(Math.max(1, page), pages);

  useEffect(() => {
    if (!hits) return;
    // A page left before its products came (another page asked, the island gone) is not shown.
    let left = false;
    resultsPage(hits, current).then(
      (productos) => {
        if (!left) setShown({ page: current, productos });
      },
      (error: unknown) => {
        if (left) return;
        console.error('No se pudieron cargar los resultados de la búsqueda', error);
        setShown({ page: current, productos: [] });
      },
    );
    return () => {
      left = true;
    };
  }, [hits, current]);

  if (query === undefined || (query.trim() && !hits)) return { kind: 'loading' };
  if (!query.trim()) return { kind: 'empty-query' };
  if (!shown && hits!.total > 0) return { kind: 'loading' };
  // The page number changes with its products: until the next page has loaded, the last one stays shown.
  return { kind: 'done', total: hits!.total, page: shown?.page ?? current, pages, productos: shown?.productos ?? [] };
}
