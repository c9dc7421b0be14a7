import type { z } from 'zod';
import { CACHE_MS } from '../../config.ts';
import { readCache, readStale, writeCache } from './local-cache.ts';
import {
  bannerSchema,
  categoriaHijaSchema,
  detalleSchema,
  marcaSchema,
  mensajeBarraSchema,
  popupSchema,
  productoSchema,
  type Producto,
} from './schemas.ts';

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
}

const storage = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** GET a path, validated by `schema`, through the localStorage cache of storefront §7. */
export async function apiGet<S extends z.ZodType>(path: string, schema: S, options: GetOptions = {}): Promise<z.infer<S>> {
  const cacheMs = options.cacheMs ?? CACHE_MS.porDefecto;
  const store = storage();
  if (store && cacheMs > 0) {
    const cached = schema.safeParse(readCache(store, path, cacheMs));
    if (cached.success) return cached.data;
  }
  const res = await fetch(API_BASE + path, { signal: options.signal, headers: { Accept: 'application/json' } });
  const body: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    const mensaje = (body as { mensaje?: unknown } | undefined)?.mensaje;
    throw new ApiError(res.status, typeof mensaje === 'string' ? mensaje : `Error ${res.status}`);
  }
  const data = schema.parse(body);
  if (store) writeCache(store, path, data);
  return data;
}

/** Every product, always fresh (listing, cart and search refresh prices and stock from it). */
export const fetchProductos = (signal?: AbortSignal) => apiGet('/web/listprod', productoSchema.array(), { cacheMs: 0, signal });

/** One product, always fresh; undefined when the API answers id 0. */
export async function fetchProducto(id: number, signal?: AbortSignal): Promise<Producto | undefined> {
  const detail = await apiGet(`/web/detailprod/${id}`, detalleSchema, { cacheMs: 0, signal });
  return detail.id === 0 ? undefined : detail.mensaje[0];
}

export const fetchMarcas = () => apiGet('/web/ListMarcas', marcaSchema.array(), { cacheMs: CACHE_MS.marcas });
export const fetchCategoriasHijas = (sub: string) =>
  apiGet(`/web/ListChildCat/${encodeURIComponent(sub)}`, categoriaHijaSchema.array(), { cacheMs: CACHE_MS.categoriasHijas });
export const fetchMensajesBarra = () => apiGet('/web/navbar_superior', mensajeBarraSchema.array(), { cacheMs: CACHE_MS.mensajesBarra });
export const fetchPopups = () => apiGet('/web/popups', popupSchema.array(), { cacheMs: CACHE_MS.popups });

/** Banners, refreshed on every load; on failure the cached copy (storefront §8). */
export async function fetchBanners() {
  try {
    return await apiGet('/web/baners', bannerSchema.array(), { cacheMs: 0 });
  } catch (error) {
    console.error('No se pudieron cargar los banners', error);
    const stale = bannerSchema.array().safeParse(storage() && readStale(storage()!, '/web/baners'));
    return stale.success ? stale.data : [];
  }
}
