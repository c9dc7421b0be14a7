import type { Producto } from '../api/schemas.ts';
import { normalizeSearch } from './search.ts';

/** A text as the spec's contains-match compares it, letters and digits only: 'Dr. Jart+' → 'drjart'. */
const compact = (text: string) =>
  normalizeSearch(text)
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The extra words a product's search document gives the index (site-builder/search-index.ts): every suffix of its name and of its brand,
 * compacted. Pagefind matches each word of a query as the start of an indexed word, so every piece of
 * a name or brand, mid-word ones included ('erum', 'cosrx snail'), finds the product: Pagefind finds
 * whatever the spec's contains-match finds (storefront §2, Search page).
 */
export function searchTerms(producto: Pick<Producto, 'nombre' | 'marca'>): string {
  const terms = new Set<string>();
  for (const text of [producto.nombre, producto.marca]) {
    const letters = compact(text);
    for (let start = 0; start < letters.length; start += 1) terms.add(letters.slice(start));
  }
  return [...terms].join(' ');
}
