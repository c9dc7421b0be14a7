import { startTransition, useEffect, useMemo, useState } from 'react';
import { TIENDA } from '../../lib/tienda.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import type { BusquedaInicial } from '../../lib/catalogue/search.ts';
import { pagefindSearch, type PagefindHits } from '../../components/search/pagefind.ts';
import {
  askSpecMatches,
  pagefindOnly,
  specFirst,
  specMatches,
  type SearchList,
  type SpecMatches,
} from '../../components/search/spec-first.ts';

/** The search page's state: how many products its query found, and the page shown with its live products. */
export type SearchResults =
  { kind: 'loading' } | { kind: 'empty-query' } | { kind: 'done'; total: number; page: number; pages: number; productos: Producto[] };

/**
 * The results of `query`, TIENDA.resultadosPorPagina a page: the spec's matches first (from `inicial` when the page
 * came with them, else from the API), then Pagefind's others (spec-first.ts); the count grows when Pagefind has
 * answered. The search page's script may have started both searches already. A failure shows what there is and is
 * only logged (storefront §8); when the API's search fails, Pagefind's results are shown alone.
 */
export function useSearchResults(query: string | undefined, page: number, inicial?: BusquedaInicial): SearchResults {
  const searching = query?.trim() ? query : undefined;
  const [hits, setHits] = useState<PagefindHits | undefined>();
  const [asked, setAsked] = useState<SpecMatches | 'failed' | undefined>();
  const [shown, setShown] = useState<{ page: number; productos: Producto[] } | undefined>();

  // The page's own first results, when they are this query's.
  const given = useMemo(
    () => (searching !== undefined && inicial?.q === searching ? specMatches(inicial) : undefined),
    [searching, inicial],
  );

  useEffect(() => {
    if (searching === undefined) return;
    let cancelled = false;
    void pagefindSearch(searching).then((found) => {
      // The count and the pages grow: not urgent, rendered in slices.
      if (!cancelled) startTransition(() => setHits(found));
    });
    return () => {
      cancelled = true;
    };
  }, [searching]);

  useEffect(() => {
    if (searching === undefined || given) return;
    let cancelled = false;
    askSpecMatches(searching).then(
      (matches) => {
        if (!cancelled) setAsked(matches);
      },
      (error: unknown) => {
        if (cancelled) return;
        console.error('No se pudo buscar en el catálogo; se muestran los resultados de Pagefind', error);
        setAsked('failed');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [searching, given]);

  const spec = given ?? asked;
  const list = useMemo<SearchList | undefined>(() => {
    if (spec === 'failed') return hits && pagefindOnly(hits);
    // With no spec match, nothing is shown until Pagefind has looked too: 'No se encontraron productos.' would be early.
    if (!spec || (spec.total === 0 && !hits)) return undefined;
    return specFirst(spec, hits);
  }, [spec, hits]);

  const size = TIENDA.resultadosPorPagina;
  const pages = list ? Math.max(1, Math.ceil(list.total / size)) : 1;
  const current = Math.min(Math.max(1, page), pages);

  useEffect(() => {
    if (!list) return;
    // A page left before its products came (another page asked, the island gone) is not shown.
    let left = false;
    list.page(current).then(
      (productos) => {
        if (!left) startTransition(() => setShown({ page: current, productos }));
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
  }, [list, current]);

  if (query === undefined) return { kind: 'loading' };
  if (searching === undefined) return { kind: 'empty-query' };
  // The page's own first results show at once, before any answer.
  const showing = shown ?? (given && given.total > 0 ? { page: 1, productos: inicial!.productos } : undefined);
  if (!list || (!showing && list.total > 0)) return { kind: 'loading' };
  // The page number changes with its products: until the next page has loaded, the last one stays shown.
  return { kind: 'done', total: list.total, page: showing?.page ?? current, pages, productos: showing?.productos ?? [] };
}
