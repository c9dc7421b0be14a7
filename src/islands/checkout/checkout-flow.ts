import { createPreference, PricesChangedError, quoteCart } from '../../lib/api/checkout-client.ts';
import type { ComprobanteBody, CotizacionServidor } from '../../lib/api/checkout-schemas.ts';
import { ApiError, serverMessage } from '../../lib/api/request.ts';
import type { CheckoutPayload } from '../../lib/cart/checkout-payload.ts';
import { MENSAJES_PAGO, newIdempotencyKey, preferenceErrorText } from '../../lib/checkout/pay-steps.ts';
import { preferenceBody, type Comprador } from '../../lib/checkout/preference-body.ts';
import { reviewQuote } from '../../lib/checkout/price-review.ts';
import { logout } from '../../stores/auth.ts';
import { $cart } from '../../stores/cart.ts';
import { saveCheckoutPayload } from '../../stores/checkout.ts';
import { openAuthDialog } from '../../stores/ui.ts';
import { showAlert } from '../../ui/alerts.ts';

/**
 * The calls of /procesoDePago and what the shopper is told about them (checkout §5, §8): the
 * server's quote, the price-changed review and the payment preference (the default step: the provider's
 * page). An in-page method's payment is its panel's (Yape's: useYape.ts).
 */

export interface Sesion {
  userId: number;
  token: string;
}

/** After a quote: the payload with the server's figures, and whether checkout may go on. */
export type Validacion = { ok: true; payload: CheckoutPayload } | { ok: false; payload: CheckoutPayload | null };

export const errorAlert = (text: string) => showAlert({ icon: 'error', title: 'Error', text });

/** The server refused the token: the session ends (storefront §4) and the login dialog opens. */
export async function sessionRejected(error: ApiError): Promise<void> {
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
export async function payWithMercadoPago(
  payload: CheckoutPayload,
  sesion: Sesion,
  comprador: Comprador,
  comprobante: ComprobanteBody,
): Promise<CheckoutPayload | null> {
  const validation = await validatePrices(payload, sesion, comprador);
  if (!validation.ok) return validation.payload;
  let created;
  try {
    created = await createPreference(
      sesion.userId,
      sesion.token,
      preferenceBody(validation.payload, sesion.userId, comprador, comprobante),
      newIdempotencyKey(),
    );
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
