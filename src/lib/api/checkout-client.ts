import type { CotizacionServidor, DetallePedido, PreciosCambiados, PreferenciaBody, PreferenciaCreada, PreferenciaPrueba, RESULTADOS_PRUEBA } from './checkout-schemas.ts';
import { API_BASE, ApiError } from './client.ts';

/** The checkout calls (checkout §7): price the cart, create the preference, the test mode and the order's state. */

/** create-preference's 409 when the shopper's figures are not the server's; nothing was created. */
export class PricesChangedError extends ApiError {
  constructor(readonly cotizacion: CotizacionServidor, mensaje: string) {
    super(409, mensaje);
  }
}

interface Request {
  method?: 'GET' | 'POST';
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** Sends one call and answers its JSON; an error status throws ApiError with the server's mensaje ('' when it sent none). */
async function call<T>(path: string, { method = 'GET', body, token, headers = {} }: Request = {}): Promise<T> {
  const all: Record<string, string> = { Accept: 'application/json', ...headers };
  if (body !== undefined) all['Content-Type'] = 'application/json';
  if (token) all.Authorization = `Bearer ${token}`;
  const res = await fetch(API_BASE + path, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
  const data: unknown = await res.json().catch(() => undefined);
  if (res.ok) return data as T;
  const { mensaje, cotizacion } = (data ?? {}) as Partial<PreciosCambiados>;
  const text = typeof mensaje === 'string' ? mensaje : '';
  if (res.status === 409 && cotizacion && Array.isArray(cotizacion.productos)) throw new PricesChangedError(cotizacion, text);
  throw new ApiError(res.status, text);
}

/** The server's own price of the cart (POST /carrito/cotizar/{userId}). */
export const quoteCart = (userId: number, token: string, body: PreferenciaBody) =>
  call<CotizacionServidor>(`/carrito/cotizar/${userId}`, { method: 'POST', body, token });

/**
 * Creates the order and its payment preference (POST /carrito/create-preference/{userId}). The
 * idempotency key names one pay attempt: a request lost on the network is sent once more with the
 * same key, so the server never creates two orders for it. Throws PricesChangedError on a 409 quote.
 */
export async function createPreference(userId: number, token: string, body: PreferenciaBody, idempotencyKey: string): Promise<PreferenciaCreada> {
  const send = () => call<PreferenciaCreada>(`/carrito/create-preference/${userId}`, { method: 'POST', body, token, headers: { 'Idempotency-Key': idempotencyKey } });
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    await new Promise((resolve) => setTimeout(resolve, 800));
    return send();
  }
}

/** The server's own words for a failed call, or undefined (a network failure, an answer without mensaje). */
export const serverMessage = (error: unknown) => (error instanceof ApiError && error.message.trim() ? error.message : undefined);

/** Test mode: the preference as its checkout page shows it. */
export const fetchTestPreference = (preferenceId: string) => call<PreferenciaPrueba>(`/carrito/prueba/${encodeURIComponent(preferenceId)}`);

/** Test mode: pays (or rejects, or leaves pending) the preference; answers the back URL to go to. */
export const payTestPreference = (preferenceId: string, resultado: (typeof RESULTADOS_PRUEBA)[number]) =>
  call<{ redirect: string }>(`/carrito/prueba/${encodeURIComponent(preferenceId)}/pagar`, { method: 'POST', body: { resultado } });

/** One of the customer's orders (GET /api/detalle-pedido/{idVenta}); 403 for someone else's. */
export const fetchOrderDetail = async (idVenta: number, token: string) =>
  (await call<{ mensaje: DetallePedido }>(`/api/detalle-pedido/${idVenta}`, { token })).mensaje;
