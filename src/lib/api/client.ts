import { CACHE_MS } from '../../config.ts';
import { arrayOf, isBanner, isDetalle, isMarca, isMensaje, isNombre, isPopup, isProducto, type Guard } from './guards.ts';
import { readCache, readStale, writeCache } from './local-cache.ts';
import type { Producto } from './schemas.ts';

/** The API base of the storefront (PUBLIC_API_BASE), same origin by default. */
export const API_BASE = (import.meta.env?.PUBLIC_API_BASE ?? '').replace(/\/+$/, '');

/** An error answer of the API, carrying its Spanish `mensaje`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    mensaje: string,
  ) {
    super(mensaje);
  }
}

interface GetOptions {
  /** Cache lifetime in ms; `0` refetches every time but still stores the answer (storefront §7). */
  cacheMs?: number;
  signal?: AbortSignal;
  /** Bearer token for the customer's calls (never cached). */
  token?: string;
}

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** GET a path whose answer `guard` accepts, through the localStorage cache of storefront §7. */
export async function apiGet<T>(path: string, guard: Guard<T>, options: GetOptions = {}): Promise<T> {
  const cacheMs = options.token ? 0 : (options.cacheMs ?? CACHE_MS.porDefecto);
  const store = options.token ? undefined : storage();
  if (store && cacheMs > 0) {
    const cached = readCache(store, path, cacheMs);
    if (guard(cached)) return cached;
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const res = await fetch(API_BASE + path, { signal: options.signal, headers });
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const mensaje = (body as { mensaje?: unknown } | undefined)?.mensaje;
    throw new ApiError(res.status, typeof mensaje === 'string' ? mensaje : `Error ${res.status}`);
  }
  if (!guard(body)) throw new ApiError(502, `Respuesta inesperada de ${path}`);
  if (store) writeCache(store, path, body);
  return body;
}

/** Every product, always fresh (listing, cart and search refresh prices and stock from it). */
export const fetchProductos = (signal?: AbortSignal) => apiGet('/web/listprod', arrayOf(isProducto), { cacheMs: 0, signal });

/** One product, always fresh; undefined when the API answers id 0. */
export async function fetchProducto(id: number, signal?: AbortSignal): Promise<Producto | undefined> {
  const detail = await apiGet(`/web/detailprod/${id}`, isDetalle, { cacheMs: 0, signal });
  return detail.id === 0 ? undefined : detail.mensaje[0];
}

export const fetchMarcas = () => apiGet('/web/ListMarcas', arrayOf(isMarca), { cacheMs: CACHE_MS.marcas });
export const fetchCategoriasHijas = (sub: string) =>
  apiGet(`/web/ListChildCat/${encodeURIComponent(sub)}`, arrayOf(isNombre), { cacheMs: CACHE_MS.categoriasHijas });
export const fetchMensajesBarra = () => apiGet('/web/navbar_superior', arrayOf(isMensaje), { cacheMs: CACHE_MS.mensajesBarra });
export const fetchPopups = () => apiGet('/web/popups', arrayOf(isPopup), { cacheMs: CACHE_MS.popups });

/** Banners, refreshed on every load; on failure the cached copy (storefront §8). */
export async function fetchBanners() {
  try {
    return await apiGet('/web/baners', arrayOf(isBanner), { cacheMs: 0 });
  } catch (error) {
    console.error('No se pudieron cargar los banners', error);
    const stale = storage() && readStale(storage()!, '/web/baners');
    return arrayOf(isBanner)(stale) ? stale : [];
  }
}
