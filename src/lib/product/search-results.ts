import type { Producto } from '../api/schemas.ts';
import { normalizeSearch, searchProducts } from '../catalogue/search.ts';

/**
 * The search page's results: every product the spec's contains-match finds (name matches first,
 * then brand-only matches, in catalogue order), then the products only Pagefind found, in its
 * ranking. Pagefind ids missing from the live catalogue (deleted since the build) are dropped.
 */
export function mergeSearchResults(productos: Producto[], query: string, pagefindIds: readonly number[]): Producto[] {
  const needle = normalizeSearch(query);
  const contains = searchProducts(productos, query);
  const byName = contains.filter((p) => normalizeSearch(p.nombre).includes(needle));
  const byBrand = contains.filter((p) => !normalizeSearch(p.nombre).includes(needle));
  const seen = new Set(contains.map((p) => p.idProducto));
  const byId = new Map(productos.map((p) => [p.idProducto, p]));
  const pagefindOnly: Producto[] = [];
  for (const id of pagefindIds) {
    const producto = byId.get(id);
    if (producto && !seen.has(id)) {
      seen.add(id);
      pagefindOnly.push(producto);
    }
  }
  return [...byName, ...byBrand, ...pagefindOnly];
}
