import type {
  CotizacionServidor,
  DetallePedido,
  PreciosCambiados,
  PreferenciaBody,
  PreferenciaCreada,
  PreferenciaPrueba,
  RESULTADOS_PRUEBA,
} from './checkout-schemas.ts';
import { fieldsOf } from './checks.ts';
import { esIdMetodoPago, type IdMetodoPago, type MetodosPagoDisponibles } from './metodos-pago.ts';
import { ApiError, NetworkError, request } from './request.ts';
import type { TransferenciaReservada } from './transferencia-schemas.ts';
import { api, param } from './routes.ts';
import { rechazoYape, type PagoYapeBody, type YapeAprobado, type YapeDisponible, type YapeRechazado } from './yape-rules.ts';

/** The checkout calls (checkout §7): price the cart, create the preference, pay with Yape, the test mode and the order's state. */

/** create-preference's 409 when the shopper's figures are not the server's: nothing was created. */
export class PricesChangedError extends ApiError {
  constructor(
    readonly cotizacion: CotizacionServidor,
    mensaje: string,
  ) {
    super(409, mensaje);
  }
}

/** Yape's 402: Mercado Pago rejected the payment; the order stays payable with a new approval code. */
export class YapeRejectedError extends ApiError {
  constructor(readonly rechazo: YapeRechazado) {
    super(402, rechazo.mensaje);
  }
}

const isCotizacion = fieldsOf<CotizacionServidor>({ productos: 'array', total: 'number' });
const isPreciosCambiados = fieldsOf<PreciosCambiados>({ mensaje: 'string', cotizacion: isCotizacion });
const isPreferenciaCreada = fieldsOf<PreferenciaCreada>({ id: 'string', init_point: 'string', idVenta: 'number' });
const isPreferenciaPrueba = fieldsOf<PreferenciaPrueba>({ id: 'string', idVenta: 'number', productos: 'array' });
const isRedirect = fieldsOf<{ redirect: string }>({ redirect: 'string' });
const isDetalle = fieldsOf<{ mensaje: DetallePedido }>({ mensaje: fieldsOf<DetallePedido>({ idVenta: 'number' }) });

const isMetodosPago = fieldsOf<MetodosPagoDisponibles>({ metodos: 'array' });
const isYapeDisponible = fieldsOf<YapeDisponible>({ disponible: 'boolean', maximo: 'number', prueba: 'boolean' });
const isYapeAprobado = fieldsOf<YapeAprobado>({
  estado: (data): data is YapeAprobado['estado'] => data === 'approved' || data === 'pending',
  idVenta: 'number',
  payment_id: 'string',
  redirect: 'string',
});
const isYapeRechazado = fieldsOf<YapeRechazado>({ status_detail: 'string', idVenta: 'number' });

/** The price change of a 409, as its own error. */
const pricesChanged = (status: number, body: unknown) =>
  status === 409 && isPreciosCambiados(body) ? new PricesChangedError(body.cotizacion, body.mensaje) : undefined;

/** Yape's errors: a rejection (402, with the server's words or the ones for its status_detail) or a price change. */
const yapeError = (status: number, body: unknown) =>
  status === 402 && isYapeRechazado(body)
    ? new YapeRejectedError({
        ...body,
        mensaje: typeof body.mensaje === 'string' && body.mensaje.trim() ? body.mensaje : rechazoYape(body.status_detail),
      })
    : pricesChanged(status, body);

/** Sends a call once more, after a moment, when the first got no answer (the same request: the server does it once). */
async function onceMoreIfLost<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    await new Promise((resolve) => setTimeout(resolve, 800));
    return send();
  }
}

/** The server's own price of the cart (POST /carrito/cotizar/{userId}). */
export const quoteCart = (userId: number, token: string, body: PreferenciaBody) =>
  request(api.carrito.cotizar[':userId'].$path({ param: { userId: param(userId) } }), { method: 'POST', body, token, check: isCotizacion });

/**
 * Creates the order and its payment preference (POST /carrito/create-preference/{userId}). The
 * idempotency key names one pay attempt: a request lost on the network is sent once more with the
 * same key, so the server never creates two orders for it. Throws PricesChangedError on a 409 quote.
 */
export async function createPreference(
  userId: number,
  token: string,
  body: PreferenciaBody,
  idempotencyKey: string,
): Promise<PreferenciaCreada> {
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
  return onceMoreIfLost(send);
}

/** The ids of the payment methods the server completes now (GET /carrito/metodos-pago; public, not cached); unknown ids are dropped. */
export const metodosPagoDisponibles = async (): Promise<IdMetodoPago[]> =>
  (await request(api.carrito['metodos-pago'].$path(), { check: isMetodosPago })).metodos.filter(esIdMetodoPago);

/** Whether the shop takes Yape now, its ceiling in soles and whether it is the test mode (GET /carrito/yape; public, not cached). */
export const yapeAvailability = () => request(api.carrito.yape.$path(), { check: isYapeDisponible });

/** POST /carrito/yape/{userId}: create-preference's body with the Yape fields. */
export type PagoYapeRequest = PreferenciaBody & { yape: PagoYapeBody };

/**
 * Creates (or finds) the order and pays it with Yape (POST /carrito/yape/{userId}). The idempotency
 * key names the ORDER (the same for every retry of the same checkout); `body.yape.intento` names this
 * submission, and a request lost on the network is sent once more as it was. Throws YapeRejectedError
 * on a 402 (the order stays payable), PricesChangedError on a 409 quote.
 */
export async function payWithYape(userId: number, token: string, body: PagoYapeRequest, idempotencyKey: string): Promise<YapeAprobado> {
  const path = api.carrito.yape[':userId'].$path({ param: { userId: param(userId) } });
  return onceMoreIfLost(() =>
    request(path, {
      method: 'POST',
      body,
      token,
      headers: { 'Idempotency-Key': idempotencyKey },
      check: isYapeAprobado,
      errorFrom: yapeError,
    }),
  );
}

const isTransferenciaReservada = fieldsOf<TransferenciaReservada>({ idVenta: 'number', urlPago: 'string', transferencia: 'object' });

/**
 * Reserves the order to be paid by bank transfer (POST /carrito/transferencia/{userId}, issue 36): the
 * idempotency key names the order (a request lost on the network is sent once more with it). Answers the
 * order, the page that shows how to pay it, and the accounts and amount. Throws PricesChangedError on a 409 quote.
 */
export async function reserveTransfer(userId: number, token: string, body: PreferenciaBody, idempotencyKey: string) {
  const path = api.carrito.transferencia[':userId'].$path({ param: { userId: param(userId) } });
  return onceMoreIfLost(() =>
    request(path, {
      method: 'POST',
      body,
      token,
      headers: { 'Idempotency-Key': idempotencyKey },
      check: isTransferenciaReservada,
      errorFrom: pricesChanged,
    }),
  );
}

/** Test mode: the preference as its checkout page shows it. */
export const fetchPreferenciaPrueba = (preferenceId: string) =>
  request(api.carrito.prueba[':preferenceId'].$path({ param: { preferenceId: param(preferenceId) } }), { check: isPreferenciaPrueba });

/** Test mode: pays (or rejects, or leaves pending) the preference; answers the back URL to go to. */
export const payPreferenciaPrueba = (preferenceId: string, resultado: (typeof RESULTADOS_PRUEBA)[number]) =>
  request(api.carrito.prueba[':preferenceId'].pagar.$path({ param: { preferenceId: param(preferenceId) } }), {
    method: 'POST',
    body: { resultado },
    check: isRedirect,
  });

/** One of the customer's orders (GET /api/detalle-pedido/{idVenta}); 403 for someone else's. */
export const fetchOrderDetail = async (idVenta: number, token: string) =>
  (await request(api.api['detalle-pedido'][':idVenta'].$path({ param: { idVenta: param(idVenta) } }), { token, check: isDetalle })).mensaje;
