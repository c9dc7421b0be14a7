import type { GlobalCoupon, UserCoupon } from '../pricing/coupons.ts';
import { parseGlobalCoupons, parseUserCoupon } from '../cart-page/coupons.ts';
import { tariffPath } from '../cart-page/shipping-form.ts';
import { tariffFromText } from '../shipping.ts';
import { ApiError, apiGet } from './client.ts';
import { arrayOf, hasFields } from './guards.ts';

/** The cart page's calls: location lists and tariffs (checkout §7) and the coupons (storefront §7). */

const departamentos = arrayOf(hasFields<{ nombre_departamento: string }>({ id_departamento: 'number', nombre_departamento: 'string' }));
const provincias = arrayOf(hasFields<{ nombre_provincia: string }>({ id_provincia: 'number', nombre_provincia: 'string' }));
const distritos = arrayOf(hasFields<{ nombre_distrito: string }>({ id_distrito: 'number', nombre_distrito: 'string' }));
const tarifas = arrayOf(hasFields<{ PRECIO: string }>({ PRECIO: 'string' }));
const anything = (data: unknown): data is unknown => data !== undefined;

export const fetchDepartamentos = async () => (await apiGet('/web/departamentos-tarifas', departamentos)).map((d) => d.nombre_departamento);

export const fetchProvincias = async (departamento: string) =>
  (await apiGet(`/web/ciudades-tarifas/${encodeURIComponent(departamento)}`, provincias)).map((p) => p.nombre_provincia);

export const fetchDistritos = async (departamento: string, provincia: string) =>
  (await apiGet(`/web/distritos-tarifas/${encodeURIComponent(departamento)}/${encodeURIComponent(provincia)}`, distritos)).map((d) => d.nombre_distrito);

/** The district's tariff: PRECIO of the first item, null when the API has none. */
export async function fetchTarifa(provincia: string, distrito: string): Promise<number | null> {
  const [first] = await apiGet(tariffPath(provincia, distrito), tarifas, { cacheMs: 0 });
  return first ? tariffFromText(first.PRECIO) : null;
}

/** The customer's own coupon; null when they have none (404). */
export async function fetchUserCoupon(userId: number, token: string): Promise<UserCoupon | null> {
  try {
    return parseUserCoupon(await apiGet(`/api/descuento-usuario/${userId}`, anything, { token }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The shop's coupons, for a signed-in customer. */
export const fetchGlobalCoupons = async (token: string): Promise<GlobalCoupon[]> => parseGlobalCoupons(await apiGet('/api/descuentos', anything, { token }));
