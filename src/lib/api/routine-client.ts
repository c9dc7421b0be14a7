import { CACHE_MS } from '../../config.ts';
import type { CantidadPasos } from '../routine/pasos.ts';
import { API_BASE, ApiError, apiGet } from './client.ts';
import { arrayOf, isProducto, type Guard } from './guards.ts';
import type { FiltradoPiel, FiltrosPiel, ListaRutina, ProductoRutina, RutinaRecomendada } from './routine-schemas.ts';

/** The routine builder's calls (checkout §7): filter lists, product counts and the recommended routine. */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isLista: Guard<ListaRutina> = (data): data is ListaRutina =>
  isObject(data) && data.success === true && Array.isArray(data.data) && data.data.every((item) => typeof item === 'string');

const isCategorias: Guard<{ success: true; data: { nombreCategoria: string }[] }> = (data): data is { success: true; data: { nombreCategoria: string }[] } =>
  isObject(data) && data.success === true && Array.isArray(data.data) && data.data.every((item) => isObject(item) && typeof item.nombreCategoria === 'string');

const isFiltrado: Guard<FiltradoPiel> = (data): data is FiltradoPiel =>
  isObject(data) && data.success === true && typeof data.total === 'number' && arrayOf(isProducto)(data.data);

const isProductoRutina = (data: unknown): data is ProductoRutina =>
  isObject(data) && typeof data.idProducto === 'number' && typeof data.nombreProducto === 'string' && typeof data.precio === 'number';

const isRutina: Guard<RutinaRecomendada> = (data): data is RutinaRecomendada =>
  isObject(data) &&
  data.success === true &&
  isObject(data.data) &&
  Object.values(data.data).every(arrayOf(isProductoRutina)) &&
  Array.isArray(data.categoriasIncluidas) &&
  Array.isArray(data.categoriasDeshabilitadas) &&
  typeof data.nivelRutina === 'string';

/** POSTs a JSON body and answers what `guard` accepts; an error status throws ApiError with the server's mensaje. */
async function post<T>(path: string, body: unknown, guard: Guard<T>, signal?: AbortSignal): Promise<T> {
  const res = await fetch(API_BASE + path, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const mensaje = isObject(data) && typeof data.mensaje === 'string' ? data.mensaje : `Error ${res.status}`;
    throw new ApiError(res.status, mensaje);
  }
  if (!guard(data)) throw new ApiError(502, `Respuesta inesperada de ${path}`);
  return data;
}

const lista = async (path: string) => (await apiGet(path, isLista, { cacheMs: CACHE_MS.porDefecto })).data;

/** The skin types the catalogue's products carry (GET /api/tipos-piel). */
export const fetchTiposPiel = (): Promise<string[]> => lista('/api/tipos-piel');

/** The age groups the catalogue's products carry (GET /api/grupos-edad). */
export const fetchGruposEdad = (): Promise<string[]> => lista('/api/grupos-edad');

/** The skin concerns the catalogue's products carry (GET /api/inquietudes-piel). */
export const fetchInquietudes = (): Promise<string[]> => lista('/api/inquietudes-piel');

/** Every categoría name of the catalogue (GET /api/categorias). */
export const fetchCategoriasRutina = async (): Promise<string[]> =>
  (await apiGet('/api/categorias', isCategorias, { cacheMs: CACHE_MS.porDefecto })).data.map((item) => item.nombreCategoria);

/** In-stock products matching the filters (POST /api/filtrar-productos-piel): `total` and the first `limit` (default 20). */
export const filtrarProductosPiel = (filters: FiltrosPiel, limit?: number, signal?: AbortSignal): Promise<FiltradoPiel> =>
  post('/api/filtrar-productos-piel', { ...filters, ...(limit === undefined ? {} : { limit }) }, isFiltrado, signal);

/** How many in-stock products match the filters (the builder's count; checkout §9 uses limit 1000). */
export const contarProductosPiel = async (filters: FiltrosPiel, signal?: AbortSignal): Promise<number> =>
  (await filtrarProductosPiel(filters, 1000, signal)).total;

/** The recommended routine of 3, 5 or 7 steps for the filters (POST /api/rutina-recomendada). */
export const fetchRutinaRecomendada = (filters: FiltrosPiel, pasos: CantidadPasos, signal?: AbortSignal): Promise<RutinaRecomendada> =>
  post('/api/rutina-recomendada', { ...filters, pasosRutina: pasos }, isRutina, signal);
