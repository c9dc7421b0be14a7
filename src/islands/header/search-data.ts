import { fetchMarcas, fetchProductosPorIds } from '../../lib/api/catalogue-client.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { inIdOrder } from '../../lib/catalogue/live-products.ts';
import { suggestBrands } from '../../lib/catalogue/search.ts';
import { pagefindSearch, preloadPagefind } from '../../components/search/pagefind.ts';

/** What the header suggests for a query: products and brand names. */
export interface Suggested {
  productos: Producto[];
  marcas: string[];
}

/** How many products and brands the suggestions show each. */
const LIMIT = 6;

let brands: Promise<string[]> | undefined;
/** The brand names, asked once per page (cached 24 hours, storefront §7); a failure is only logged and asked again next time. */
function loadBrands(): Promise<string[]> {
  brands ??= fetchMarcas().then(
    (marcas) => marcas.map((marca) => marca.nombre),
    (error: unknown) => {
      console.error('No se pudieron cargar las marcas para la búsqueda', error);
      brands = undefined;
      return [];
    },
  );
  return brands;
}

/** Readies the search on the first focus: Pagefind's script and index entry, and the brand names. */
export function prepareSuggestions(): void {
  preloadPagefind();
  void loadBrands();
}

/**
 * The header suggestions for `query` (storefront §2 Header: name, brand and description): the first
 * products Pagefind finds, with live prices from one ids call, and the matching brands. Only those
 * products' result fragments are fetched, never the catalogue; a failure suggests no products and is
 * only logged.
 */
export async function suggestFor(query: string, signal?: AbortSignal): Promise<Suggested> {
  const productos = pagefindSearch(query)
    .then((hits) => hits.ids(0, LIMIT))
    .then(async (ids) => inIdOrder(ids, await fetchProductosPorIds(ids, signal)))
    .catch((error: unknown) => {
      if (!signal?.aborted) console.error('No se pudieron cargar los productos para la búsqueda', error);
      return [];
    });
  const [found, marcas] = await Promise.all([productos, loadBrands()]);
  return { productos: found, marcas: suggestBrands(marcas, query, LIMIT) };
}
