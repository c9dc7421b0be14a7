import { CACHE_MS, LIMITES } from '../../config.ts';
import type { ListingSource } from '../catalogue/selection.ts';
import { fieldsOf, listOf } from './checks.ts';
import { request } from './request.ts';
import type { BusquedaPaginada, Detalle, Marca, Popup, Producto } from './schemas.ts';

/** The catalogue calls the islands make (storefront §7); the pages themselves are built from the snapshot. */

/** A product, by the fields the islands price and stock it with. */
export const isProducto = fieldsOf<Producto>({ idProducto: 'number', nombre: 'string', precio: 'number', descuento: 'number', stock: 'number', stock_total: 'number' });
const isDetalle = fieldsOf<Detalle>({ id: 'number', mensaje: listOf(isProducto) });
const isBusquedaPaginada = fieldsOf<BusquedaPaginada>({ id: 'number', mensaje: listOf(isProducto), total: 'number', pagina: 'number', porPagina: 'number' });
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
  for (let start = 0; start < unique.length; start += LIMITES.idsPorConsulta) chunks.push(unique.slice(start, start + LIMITES.idsPorConsulta));
  const answers = await Promise.all(chunks.map((chunk) => request(`/web/productos?ids=${chunk.join(',')}`, { check: listOf(isProducto), signal })));
  return answers.flat();
}

/** The listings the API pages (storefront §7 search calls with `?pagina=&porPagina=`), by the call that answers each. */
const LISTING_CALLS: Partial<Record<ListingSource['kind'], string>> = { categoria: 'searchCat', marca: 'searchMar', child: 'searchChild' };

/** Whether the API answers this listing a page at a time (categorías, lines, children and brands; not the special listings). */
export const hasListingPages = (source: ListingSource) => source.kind in LISTING_CALLS;

/**
 * One page (1-based) of a listing's live products, in catalogue order, and how many it has; a listing
 * the API does not page answers none.
 */
export async function fetchListingPage(source: ListingSource, pagina: number, porPagina: number, signal?: AbortSignal): Promise<{ productos: Producto[]; total: number }> {
  const call = LISTING_CALLS[source.kind];
  if (!call) return { productos: [], total: 0 };
  const path = `/web/${call}/${encodeURIComponent(source.name)}?pagina=${pagina}&porPagina=${porPagina}`;
  const answer = await request(path, { check: isBusquedaPaginada, signal });
  return { productos: answer.mensaje, total: answer.total };
}

/** One product, always fresh; undefined when the API answers id 0. */
export async function fetchProducto(id: number, signal?: AbortSignal): Promise<Producto | undefined> {
  const detail = await request(`/web/detailprod/${id}`, { check: isDetalle, cacheMs: 0, signal });
  return detail.id === 0 ? undefined : detail.mensaje[0];
}

/** The brands, cached (storefront §7). */
export const fetchMarcas = () => request('/web/ListMarcas', { check: listOf(isMarca), cacheMs: CACHE_MS.marcas });

/** The home popups, cached (storefront §7). */
export const fetchPopups = () => request('/web/popups', { check: listOf(isPopup), cacheMs: CACHE_MS.popups });
