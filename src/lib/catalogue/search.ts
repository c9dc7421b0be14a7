import type { Producto } from '../api/schemas.ts';
import { foldAccents } from '../text.ts';

/** The spec's search normalisation: lowercase, without space + - _ : . , ; & (storefront §2 Search page). */
export const normalizeSpec = (text: string) => text.toLowerCase().replace(/[\s+\-_:.,;&]/g, '');

/** The spec's normalisation, also without accents, so 'serum' finds 'Sérum'. */
export const normalizeSearch = (text: string) => normalizeSpec(foldAccents(text));

/**
 * Products whose name or brand contains the query after normalisation. Accent-insensitive, so it
 * finds everything the spec's contains-match finds, and more. The shop searches with Pagefind, whose
 * index is built to find at least these (search-terms.ts; its test compares the two).
 */
export function searchProducts(productos: Producto[], query: string): Producto[] {
  const needle = normalizeSearch(query);
  if (!needle) return [];
  return productos.filter((p) => normalizeSearch(p.nombre).includes(needle) || normalizeSearch(p.marca).includes(needle));
}

/** The brands of the header suggestions: those whose name contains the query, after normalisation (storefront §2 Header). */
export function suggestBrands(marcas: string[], query: string, limit = 6): string[] {
  const needle = normalizeSearch(query);
  return needle ? marcas.filter((marca) => normalizeSearch(marca).includes(needle)).slice(0, limit) : [];
}
