import { CACHE_MS, LIMITES } from '../tienda.ts';
import type { SortOption } from '../catalogue/listing.ts';
import type { ListingSource } from '../catalogue/selection.ts';
import { fieldsOf, isText, listOf } from './checks.ts';
import { request } from './request.ts';
import type { BusquedaPaginada, Detalle, Listado, Marca, Popup, Producto } from './schemas.ts';

/** The catalogue calls the islands make (storefront §7); the pages themselves are built from the snapshot. */

/** A product, by the fields the islands price and stock it with. */
export const isProducto = fieldsOf<Producto>({
  idProducto: 'number',
  nombre: 'string',
  precio: 'number',
  descuento: 'number',
  stock: 'number',
  stock_total: 'number',
});
const isDetalle = fieldsOf<Detalle>({ id: 'number', mensaje: listOf(isProducto) });
const isListado = fieldsOf<Listado>({
  id: 'number',
  mensaje: listOf(isProducto),
  total: 'number',
  totalListado: 'number',
  pagina: 'number',
  marcas: listOf(isText),
  precios: fieldsOf<Listado['precios']>({ min: 'number', max: 'number' }),
});
const isBusquedaPaginada = fieldsOf<BusquedaPaginada>({ id: 'number', mensaje: listOf(isProducto), total: 'number', pagina: 'number' });
const isMarca = fieldsOf<Marca>({ idMarca: 'number', nombre: 'string' });
const isPopup = fieldsOf<Popup>({ visible: 'number', img_url: 'string' });

/**
 * The live products of these ids (the cart's refresh), each once; ids the catalogue no longer has are
 * left out. Asked LIMITES.idsPorConsulta at a time, always fresh and never stored in
 * localStorage (nothing reads such an answer back).
 */
export async function fetchProductosPorIds(ids: number[], signal?: AbortSignal): Promise<Producto[]> {
  const unique = [...new Set(ids)];
  const chunks: number[][] = [];
  for (let start = 0; start < unique.length; start += LIMITES.idsPorConsulta)
    chunks.push(unique.slice(start, start + LIMITES.idsPorConsulta));
  const answers = await Promise.all(
    chunks.map((chunk) => request(`/web/productos?ids=${chunk.join(',')}`, { check: listOf(isProducto), signal })),
  );
  return answers.flat();
}

/** What a listing island asks of `/web/listado`: the page, the sort, and the filters the shopper set. */
export interface ListadoRequest {
  pagina: number;
  porPagina: number;
  orden?: SortOption;
  /** The price range in soles; absent, no price filter. */
  rango?: { min: number; max: number };
  /** Brand names; empty or absent, every brand. */
  marcas?: string[];
}

/** The `/web/listado` query of a listing and a request, its brands as repeated `marca`. */
export function listadoPath(source: ListingSource, { pagina, porPagina, orden, rango, marcas = [] }: ListadoRequest): string {
  const query = new URLSearchParams({ tipo: source.kind, nombre: source.name, pagina: String(pagina), porPagina: String(porPagina) });
  if (orden && orden !== 'relevancia') query.set('orden', orden);
  if (rango) {
    query.set('min', String(rango.min));
    query.set('max', String(rango.max));
  }
  for (const marca of marcas) query.append('marca', marca);
  return `/web/listado?${query}`;
}

/** One page of a listing's live products after its filters and sort, with what its filters offer. */
export const fetchListado = (source: ListingSource, asked: ListadoRequest, signal?: AbortSignal): Promise<Listado> =>
  request(listadoPath(source, asked), { check: isListado, signal });

/** A page of the search page's spec matches (`/web/buscar`: name or brand, contains-match), never stored. */
export const fetchBusqueda = (q: string, pagina: number, porPagina: number, signal?: AbortSignal): Promise<BusquedaPaginada> =>
  request(`/web/buscar?${new URLSearchParams({ q, pagina: String(pagina), porPagina: String(porPagina) })}`, {
    check: isBusquedaPaginada,
    signal,
  });

/** One product, always fresh; undefined when the API answers id 0. */
export async function fetchProducto(id: number, signal?: AbortSignal): Promise<Producto | undefined> {
  const detail = await request(`/web/detailprod/${id}`, { check: isDetalle, cacheMs: 0, signal });
  return detail.id === 0 ? undefined : detail.mensaje[0];
}

/** The brands, cached (storefront §7). */
export const fetchMarcas = () => request('/web/ListMarcas', { check: listOf(isMarca), cacheMs: CACHE_MS.marcas });

/** The home popups, cached (storefront §7). */
export const fetchPopups = () => request('/web/popups', { check: listOf(isPopup), cacheMs: CACHE_MS.popups });
