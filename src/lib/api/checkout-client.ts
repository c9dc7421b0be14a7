import type { CotizacionServidor, DetallePedido, PreciosCambiados, PreferenciaBody, PreferenciaCreada, PreferenciaPrueba, RESULTADOS_PRUEBA } from './checkout-schemas.ts';
import { fieldsOf } from './checks.ts';
import { ApiError, NetworkError, request } from './request.ts';
import { api, param } from './routes.ts';

/** The checkout calls (checkout §7): price the cart, create the preference, the test mode and the order's state. */

/** create-preference's 409 when the shopper's figures are not the server's: nothing was created. */
export class PricesChangedError extends ApiError {
  constructor(
    readonly cotizacion: CotizacionServidor,
    mensaje: string,
  ) {
    super(409, mensaje);
  }
}

const isCotizacion = fieldsOf<CotizacionServidor>({ productos: 'array', total: 'number' });
const isPreciosCambiados = fieldsOf<PreciosCambiados>({ mensaje: 'string', cotizacion: isCotizacion });
const isPreferenciaCreada = fieldsOf<PreferenciaCreada>({ id: 'string', init_point: 'string', idVenta: 'number' });
const isPreferenciaPrueba = fieldsOf<PreferenciaPrueba>({ id: 'string', idVenta: 'number', productos: 'array' });
const isRedirect = fieldsOf<{ redirect: string }>({ redirect: 'string' });
const isDetalle = fieldsOf<{ mensaje: DetallePedido }>({ mensaje: fieldsOf<DetallePedido>({ idVenta: 'number' }) });

/** The price change of a 409, as its own error. */
const pricesChanged = (status: number, body: unknown) => (status === 409 && isPreciosCambiados(body) ? new PricesChangedError(body.cotizacion, body.mensaje) : undefined);

/** The server's own price of the cart (POST /carrito/cotizar/{userId}). */
export const quoteCart = (userId: number, token: string, body: PreferenciaBody) =>
  request(api.carrito.cotizar[':userId'].$path({ param: { userId: param(userId) } }), { method: 'POST', body, token, check: isCotizacion });

/**
 * Creates the order and its payment preference (POST /carrito/create-preference/{userId}). The
 * idempotency key names one pay attempt: a request lost on the network is sent once more with the
 * same key, so the server never creates two orders for it. Throws PricesChangedError on a 409 quote.
 */
export async function createPreference(userId: number, token: string, body: PreferenciaBody, idempotencyKey: string): Promise<PreferenciaCreada> {
  const path = api.carrito['create-preference'][':userId'].$path({ param: { userId: param(userId) } });
  const send = () =>
    request(path, {
      method: 'POST',
      body,
      token,
      headers: { 'Idempotency-Key': idempotencyKey },
      check: isPreferenciaCreada,
      errorFrom: pricesChanged,
    });
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    await new Promise((resolve) => setTimeout(resolve, 800));
    return send();
  }
}

/** Test mode: the preference as its checkout page shows it. */
export const fetchTestPreference = (preferenceId: string) =>
  request(api.carrito.prueba[':preferenceId'].$path({ param: { preferenceId: param(preferenceId) } }), { check: isPreferenciaPrueba });

/** Test mode: pays (or rejects, or leaves pending) the preference; answers the back URL to go to. */
export const payTestPreference = (preferenceId: string, resultado: (typeof RESULTADOS_PRUEBA)[number]) =>
  request(api.carrito.prueba[':preferenceId'].pagar.$path({ param: { preferenceId: param(preferenceId) } }), { method: 'POST', body: { resultado }, check: isRedirect });

/** One of the customer's orders (GET /api/detalle-pedido/{idVenta}); 403 for someone else's. */
export const fetchOrderDetail = async (idVenta: number, token: string) =>
  (await request(api.api['detalle-pedido'][':idVenta'].$path({ param: { idVenta: param(idVenta) } }), { token, check: isDetalle })).mensaje;
