import type { Banner, Marca, MensajeBarra, Popup, Producto } from './schemas.ts';

/**
 * Light shape checks for the browser: the storefront trusts its own API's types (the server builds
 * them from the zod schemas in schemas.ts) and only guards against a wrong or empty answer, which
 * keeps zod out of the JavaScript every page loads.
 */
export type Guard<T> = (data: unknown) => data is T;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export const arrayOf =
  <T>(item: Guard<T>): Guard<T[]> =>
  (data): data is T[] =>
    Array.isArray(data) && data.every(item);

export const isProducto: Guard<Producto> = (data): data is Producto =>
  isObject(data) && typeof data.idProducto === 'number' && typeof data.nombre === 'string' && typeof data.precio === 'number';

export const isMarca: Guard<Marca> = (data): data is Marca => isObject(data) && typeof data.idMarca === 'number' && typeof data.nombre === 'string';

export const isNombre: Guard<{ nombre: string }> = (data): data is { nombre: string } => isObject(data) && typeof data.nombre === 'string';

export const isMensaje: Guard<MensajeBarra> = (data): data is MensajeBarra => isObject(data) && typeof data.mensaje === 'string';

export const isBanner: Guard<Banner> = (data): data is Banner => isObject(data) && typeof data.img_url === 'string';

export const isPopup: Guard<Popup> = (data): data is Popup => isObject(data) && typeof data.img_url === 'string' && typeof data.visible === 'number';

/** `/web/detailprod/{id}`: id 0 means not found. */
export const isDetalle: Guard<{ id: number; mensaje: Producto[] }> = (data): data is { id: number; mensaje: Producto[] } =>
  isObject(data) && typeof data.id === 'number' && arrayOf(isProducto)(data.mensaje);

/** Any object whose listed fields are numbers or strings, for simple list items. */
export const hasFields =
  <T>(fields: Record<string, 'number' | 'string'>): Guard<T> =>
  (data): data is T =>
    isObject(data) && Object.entries(fields).every(([key, type]) => typeof data[key] === type);
