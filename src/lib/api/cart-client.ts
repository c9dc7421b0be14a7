import { CACHE_MS } from '../tienda.ts';
import type { GlobalCoupon, UserCoupon } from '../pricing/coupons.ts';
import { parseGlobalCoupons, parseUserCoupon } from '../cart/coupons.ts';
import { tariffPath } from '../cart/shipping-form.ts';
import { tariffFromText } from '../shipping/methods.ts';
import { anyJson, fieldsOf, listOf } from './checks.ts';
import { ApiError, request } from './request.ts';
import type { AjustesPublicos } from './tienda-schemas.ts';

/** The cart page's calls: location lists and tariffs (checkout §7) and the coupons (storefront §7). */

/** Items of the location lists and of the tariff (checkout §3). */
interface Departamento {
  id_departamento: number;
  nombre_departamento: string;
}
interface Provincia {
  id_provincia: number;
  nombre_provincia: string;
}
interface Distrito {
  id_distrito: number;
  nombre_distrito: string;
}
interface Tarifa {
  PRECIO: string;
}

const departamentos = listOf(fieldsOf<Departamento>({ id_departamento: 'number', nombre_departamento: 'string' }));
const provincias = listOf(fieldsOf<Provincia>({ id_provincia: 'number', nombre_provincia: 'string' }));
const distritos = listOf(fieldsOf<Distrito>({ id_distrito: 'number', nombre_distrito: 'string' }));
const tarifas = listOf(fieldsOf<Tarifa>({ PRECIO: 'string' }));
const cached = CACHE_MS.porDefecto;

export const fetchDepartamentos = async () =>
  (await request('/web/departamentos-tarifas', { check: departamentos, cacheMs: cached })).map((d) => d.nombre_departamento);

export const fetchProvincias = async (departamento: string) =>
  (await request(`/web/ciudades-tarifas/${encodeURIComponent(departamento)}`, { check: provincias, cacheMs: cached })).map(
    (p) => p.nombre_provincia,
  );

export const fetchDistritos = async (departamento: string, provincia: string) =>
  (
    await request(`/web/distritos-tarifas/${encodeURIComponent(departamento)}/${encodeURIComponent(provincia)}`, {
      check: distritos,
      cacheMs: cached,
    })
  ).map((d) => d.nombre_distrito);

/** The district's tariff: PRECIO of the first item, null when the API has none. */
export async function fetchTarifa(provincia: string, distrito: string): Promise<number | null> {
  const [first] = await request(tariffPath(provincia, distrito), { check: tarifas, cacheMs: 0 });
  return first ? tariffFromText(first.PRECIO) : null;
}

/** The customer's own coupon; null when they have none (404). */
export async function fetchUserCoupon(userId: number, token: string): Promise<UserCoupon | null> {
  try {
    return parseUserCoupon(await request(`/api/descuento-usuario/${userId}`, { check: anyJson, token }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The shop's coupons, for a signed-in customer. */
export const fetchGlobalCoupons = async (token: string): Promise<GlobalCoupon[]> =>
  parseGlobalCoupons(await request('/api/descuentos', { check: anyJson, token }));

const puntoRecojo = fieldsOf<AjustesPublicos['puntosRecojo'][number]>({
  metodo: 'string',
  direccion: 'string',
  horario: 'string',
  instrucciones: 'string',
});
const ajustes = fieldsOf<AjustesPublicos>({ envioGratisDesde: 'number', devolucionDias: 'number', puntosRecojo: listOf(puntoRecojo) });

/** The shop's settings the cart and checkout price with (issue 37): the free-shipping threshold, the return window, the pickup points. */
export const fetchAjustesTienda = () => request('/web/tienda-ajustes', { check: ajustes, cacheMs: 0 });
