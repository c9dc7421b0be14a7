import { fetchProductosPorIds } from '../../lib/api/catalogue-client.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { inIdOrder } from '../../lib/catalogue/live-products.ts';
import { remembered } from '../../lib/remember.ts';
import { TIENDA } from '../../lib/tienda.ts';
import type { PagefindHits } from './pagefind.ts';

/** The pages of results asked for, by search: each page's products are fetched once. */
const asked = new WeakMap<PagefindHits, Map<number, Promise<Producto[]>>>();

/**
 * Page `page` of `hits`, TIENDA.resultadosPorPagina products a page: only that page's result fragments, then its
 * products' live prices and stock from one ids call, in Pagefind's order. Asked again, the same promise (a failed
 * page is asked anew).
 */
export function resultsPage(hits: PagefindHits, page: number): Promise<Producto[]> {
  let pages = asked.get(hits);
  if (!pages) asked.set(hits, (pages = new Map()));
  const size = TIENDA.resultadosPorPagina;
  return remembered(pages, page, () =>
    hits.ids((page - 1) * size, page * size).then(async (ids) => inIdOrder(ids, await fetchProductosPorIds(ids))),
  );
}
