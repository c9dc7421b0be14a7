import { CACHE_MS } from '../tienda.ts';
import type { CantidadPasos } from '../routine/pasos.ts';
import { isProducto } from './catalogue-client.ts';
import { fieldsOf, isText, isTrue, listOf, recordOf } from './checks.ts';
import { request } from './request.ts';
import type { FiltradoPiel, FiltrosPiel, ListaRutina, ProductoRutina, RutinaRecomendada } from './routine-schemas.ts';

/** The routine builder's calls (checkout §7): filter lists, product counts and the recommended routine. */

const isLista = fieldsOf<ListaRutina>({ success: isTrue, data: listOf(isText) });
const isFiltrado = fieldsOf<FiltradoPiel>({ success: isTrue, total: 'number', data: listOf(isProducto) });
const isProductoRutina = fieldsOf<ProductoRutina>({ idProducto: 'number', nombreProducto: 'string', precio: 'number' });
const isRutina = fieldsOf<RutinaRecomendada>({
  success: isTrue,
  data: recordOf(listOf(isProductoRutina)),
  categoriasIncluidas: 'array',
  categoriasDeshabilitadas: 'array',
  nivelRutina: 'string',
});

const lista = async (path: string) => (await request(path, { check: isLista, cacheMs: CACHE_MS.porDefecto })).data;

/** The skin types the catalogue's products carry (GET /api/tipos-piel). */
export const fetchTiposPiel = (): Promise<string[]> => lista('/api/tipos-piel');

/** The age groups the catalogue's products carry (GET /api/grupos-edad). */
export const fetchGruposEdad = (): Promise<string[]> => lista('/api/grupos-edad');

/** The skin concerns the catalogue's products carry (GET /api/inquietudes-piel). */
export const fetchInquietudes = (): Promise<string[]> => lista('/api/inquietudes-piel');

/** In-stock products matching the filters (POST /api/filtrar-productos-piel): `total` and the first `limit` (default 20). */
export const filtrarProductosPiel = (filters: FiltrosPiel, limit?: number, signal?: AbortSignal): Promise<FiltradoPiel> =>
  request('/api/filtrar-productos-piel', {
    method: 'POST',
    body: { ...filters, ...(limit === undefined ? {} : { limit }) },
    check: isFiltrado,
    signal,
  });

/** How many in-stock products match the filters (the builder's count; checkout §9 uses limit 1000). */
export const contarProductosPiel = async (filters: FiltrosPiel, signal?: AbortSignal): Promise<number> =>
  (await filtrarProductosPiel(filters, 1000, signal)).total;

/** The recommended routine of 3, 5 or 7 steps for the filters (POST /api/rutina-recomendada). */
export const fetchRutinaRecomendada = (filters: FiltrosPiel, pasos: CantidadPasos, signal?: AbortSignal): Promise<RutinaRecomendada> =>
  request('/api/rutina-recomendada', { method: 'POST', body: { ...filters, pasosRutina: pasos }, check: isRutina, signal });
