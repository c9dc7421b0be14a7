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
export function searchProducts(productos: readonly Producto[], query: string): Producto[] {
  const needle = normalizeSearch(query);
  if (!needle) return [];
  const keys = searchKeys(productos);
  return productos.filter((_, index) => keys[index]!.includes(needle));
}

/** Whether `producto` is one searchProducts finds for `query` (the search page tells its spec matches from Pagefind's extra ones). */
export const matchesSearch = (producto: Pick<Producto, 'nombre' | 'marca'>, query: string) => {
  const needle = normalizeSearch(query);
  return needle !== '' && searchKey(producto).includes(needle);
};

/** Name and brand normalised, apart: a match may not run from one into the other. */
const searchKey = (producto: Pick<Producto, 'nombre' | 'marca'>) =>
  `${normalizeSearch(producto.nombre)}\n${normalizeSearch(producto.marca)}`;

/** Each list's keys, made on its first search: the API searches one in-memory list of up to 100,000 products many times. */
const keysOf = new WeakMap<readonly Producto[], string[]>();
function searchKeys(productos: readonly Producto[]): string[] {
  let keys = keysOf.get(productos);
  if (!keys) keysOf.set(productos, (keys = productos.map(searchKey)));
  return keys;
}

/** The brands of the header suggestions: those whose name contains the query, after normalisation (storefront §2 Header). */
export function suggestBrands(marcas: string[], query: string, limit = 6): string[] {
  const needle = normalizeSearch(query);
  return needle ? marcas.filter((marca) => normalizeSearch(marca).includes(needle)).slice(0, limit) : [];
}

/** The search page's heading for a query (storefront §2, Search page). */
export const searchTitle = (query: string) => `Resultados de búsqueda para: "${query}"`;

/** The search page's count of what it found. */
export const searchCount = (total: number) => (total === 1 ? '1 producto encontrado' : `${total} productos encontrados`);

/**
 * The search page's first page of the spec's matches, drawn by the server into the page with its cards (decision
 * 0232) and written beside them as JSON for the island to adopt: the query, how many match, the first page.
 */
export interface BusquedaInicial {
  q: string;
  total: number;
  productos: Producto[];
}

/** The id of the JSON script that holds a BusquedaInicial, and the attribute of the block of cards drawn beside the island. */
export const BUSQUEDA_INICIAL_ID = 'busqueda-inicial';
export const BUSQUEDA_SERVIDOR_ATTR = 'data-busqueda-servidor';
