import { createPreference, payWithYape as sendYapePayment, PricesChangedError, quoteCart } from '../../lib/api/checkout-client.ts';
import type { ComprobanteBody, CotizacionServidor } from '../../lib/api/checkout-schemas.ts';
import { ApiError, serverMessage } from '../../lib/api/request.ts';
import { RECHAZO_YAPE_GENERICO } from '../../lib/api/yape-rules.ts';
import type { CheckoutPayload } from '../../lib/cart/checkout-payload.ts';
import { MENSAJES_PAGO, newIdempotencyKey, preferenceErrorText } from '../../lib/checkout/pay-steps.ts';
import { preferenceBody, type Comprador } from '../../lib/checkout/preference-body.ts';
import { reviewQuote } from '../../lib/checkout/price-review.ts';
import { campoDelMensaje, type CampoYape, type OrderKey } from '../../lib/checkout/yape.ts';
import { logout } from '../../stores/auth.ts';
import { $cart } from '../../stores/cart.ts';
import { saveCheckoutPayload } from '../../stores/checkout.ts';
import { openAuthDialog } from '../../stores/ui.ts';
import { showAlert } from '../../ui/alerts.ts';

/**
 * The calls of /procesoDePago and what the shopper is told about them (checkout §5, §8): the
 * server's quote, the price-changed review, the payment preference and the Yape payment (issue 24).
 */

export interface Sesion {
  userId: number;
  token: string;
}

/** After a quote: the payload with the server's figures, and whether checkout may go on. */
export type Validacion = { ok: true; payload: CheckoutPayload } | { ok: false; payload: CheckoutPayload | null };

const errorAlert = (text: string) => showAlert({ icon: 'error', title: 'Error', text });

/** The server refused the token: the session ends (storefront §4) and the login dialog opens. */
async function sessionRejected(error: ApiError): Promise<void> {
  logout();
  await showAlert({ icon: 'info', title: MENSAJES_PAGO.sinSesion, text: serverMessage(error) });
  openAuthDialog('login');
}

/**
 * Takes the server's figures. When they differ from what the shopper saw, the cart and the stored
 * payload are updated, the shopper is told, and checkout stops for review.
 */
export function applyQuote(payload: CheckoutPayload, quote: CotizacionServidor): Validacion {
  const { payload: updated, cambio } = reviewQuote(payload, quote, $cart.get());
  saveCheckoutPayload(updated);
  if (!cambio) return { ok: true, payload: updated };
  $cart.set(cambio.cart);
  void showAlert({ icon: 'warning', title: MENSAJES_PAGO.preciosCambiados, text: cambio.texto, confirmText: 'Revisar mi pedido' });
  return { ok: false, payload: updated };
}

/**
 * Asks the server to price the cart. A refusal with a reason (a coupon no longer valid, stock
 * short) shows that reason; a network failure or a server error the generic validation error.
 */
export async function validatePrices(payload: CheckoutPayload, { userId, token }: Sesion, comprador: Comprador): Promise<Validacion> {
  try {
    return applyQuote(payload, await quoteCart(userId, token, preferenceBody(payload, userId, comprador)));
  } catch (error) {
    console.error('No se pudieron validar los precios', error);
    if (error instanceof ApiError && error.status === 401) await sessionRejected(error);
    else if (error instanceof ApiError && error.status < 500 && serverMessage(error)) void errorAlert(error.message);
    else void errorAlert(MENSAJES_PAGO.validacion);
    return { ok: false, payload: null };
  }
}

/**
 * Re-validates the prices, then creates the order's payment preference with a new idempotency key
 * (asking for `comprobante`, the boleta or factura chosen) and sends the browser to the provider's
 * checkout. Answers the payload to show when checkout stopped (prices changed), null when it stopped on
 * an error, and never returns once redirected.
 */
export async function payWithMercadoPago(payload: CheckoutPayload, sesion: Sesion, comprador: Comprador, comprobante: ComprobanteBody): Promise<CheckoutPayload | null> {
  const validation = await validatePrices(payload, sesion, comprador);
  if (!validation.ok) return validation.payload;
  let created;
  try {
    created = await createPreference(sesion.userId, sesion.token, preferenceBody(validation.payload, sesion.userId, comprador, comprobante), newIdempotencyKey());
  } catch (error) {
    console.error('No se pudo crear la preferencia de pago', error);
    if (error instanceof PricesChangedError) return applyQuote(validation.payload, error.cotizacion).payload;
    if (error instanceof ApiError && error.status === 401) await sessionRejected(error);
    else void errorAlert(preferenceErrorText(serverMessage(error)));
    return null;
  }
  if (!created?.id || !created.init_point) {
    void errorAlert(MENSAJES_PAGO.sinPreferencia);
    return null;
  }
  location.assign(created.init_point);
  return new Promise<never>(() => undefined);
}

/** What the shopper typed in the Yape panel (kept in the form's state only, never stored). */
export interface DatosYape {
  celular: string;
  codigo: string;
}

/**
 * How a Yape payment ended when the browser stays on the page: stopped before or by the server's
 * answer (`payload` to show after a price change, or null after an alerted error), rejected by Mercado
 * Pago (the form shows `mensaje` and asks for a new code), or a field refused (400).
 */
export type ResultadoYape =
  | { tipo: 'detenido'; payload: CheckoutPayload | null }
  | { tipo: 'rechazado'; mensaje: string }
  | { tipo: 'campo'; campo: CampoYape | null; mensaje: string };

/**
 * Re-validates the prices, then creates (or finds) the order and pays it with Yape: the order's
 * idempotency key from `orderKey` (the same for every retry of this checkout), a new `intento` for this
 * submission. Approved: the browser goes to the /success the server names, and this never returns.
 * The errors the Mercado Pago path alerts (session, stock, 429, 503, network) are alerted the same way.
 */
export async function payWithYape(
  payload: CheckoutPayload,
  sesion: Sesion,
  comprador: Comprador,
  comprobante: ComprobanteBody,
  { celular, codigo }: DatosYape,
  orderKey: OrderKey,
): Promise<ResultadoYape> {
  const validation = await validatePrices(payload, sesion, comprador);
  if (!validation.ok) return { tipo: 'detenido', payload: validation.payload };
  const body = preferenceBody(validation.payload, sesion.userId, comprador, comprobante);
  let paid;
  try {
    paid = await sendYapePayment(sesion.userId, sesion.token, { ...body, yape: { celular, codigo, intento: newIdempotencyKey() } }, orderKey.for(body));
  } catch (error) {
    // Never the request itself: it carries the phone and the code.
    console.error('No se pudo pagar con Yape', error instanceof ApiError ? error.status : (error as Error)?.name);
    if (error instanceof PricesChangedError) return { tipo: 'detenido', payload: applyQuote(validation.payload, error.cotizacion).payload };
    if (error instanceof ApiError && error.status === 402) return { tipo: 'rechazado', mensaje: error.mensaje ?? RECHAZO_YAPE_GENERICO };
    if (error instanceof ApiError && error.status === 400 && error.mensaje) return { tipo: 'campo', campo: campoDelMensaje(error.mensaje), mensaje: error.mensaje };
    if (error instanceof ApiError && error.status === 401) await sessionRejected(error);
    else void errorAlert(preferenceErrorText(serverMessage(error)));
    return { tipo: 'detenido', payload: null };
  }
  orderKey.forget();
  location.assign(paid.redirect);
  return new Promise<never>(() => undefined);
}
