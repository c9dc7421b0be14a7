import { atom } from 'nanostores';
import type { CheckoutPayload } from '../lib/cart/checkout-payload.ts';
import { readDelivery, type DeliveryChoice } from '../lib/cart/delivery-session.ts';
import { COMPROBANTE_INICIAL, readComprobante, type EleccionComprobante } from '../lib/checkout/comprobante.ts';
import { readCheckoutPayload, readStoredCode } from '../lib/checkout/stored-payload.ts';
import { METODO_POR_DEFECTO } from '../lib/shipping/methods.ts';
import { clearCart } from './cart.ts';

/**
 * The checkout's state between /carrito and /procesoDePago (an MPA's navigation state): the applied
 * coupon's code, the delivery choice, the payload the pay button hands over and the receipt asked for. It lives in
 * sessionStorage, so a reload keeps it and it ends with the tab. The atoms start empty, as the
 * server renders the islands, and are filled by `loadCheckout()`, which islands call in an effect.
 */

/** The sessionStorage keys (the e2e tests read them too). */
const KEYS = { cupon: 'carrito-cupon', entrega: 'carrito-envio', payload: 'checkout', comprobante: 'checkout-comprobante' } as const;

/** Pickup in Miraflores: the delivery choice until the shopper picks another (checkout §2). */
const RECOJO: DeliveryChoice = { metodo: METODO_POR_DEFECTO, shipping: null };

/** The applied coupon's code; '' when there is none. It is re-evaluated against the cart once loaded. */
export const $cupon = atom('');

/** The cart's delivery choice, with the province-delivery data once saved. */
export const $entrega = atom<DeliveryChoice>(RECOJO);

/** What the cart's pay button carries to /procesoDePago (checkout §3); null before it is pressed. */
export const $checkoutPayload = atom<CheckoutPayload | null>(null);

/** The receipt asked for at /procesoDePago: a boleta until the shopper asks for a factura (issue 23). */
export const $comprobante = atom<EleccionComprobante>(COMPROBANTE_INICIAL);

let loaded = false;

/** Fills the atoms from sessionStorage, once per page; unreadable copies read as empty. */
export function loadCheckout(): void {
  if (loaded) return;
  loaded = true;
  $cupon.set(readStoredCode(sessionStorage.getItem(KEYS.cupon)));
  $entrega.set(readDelivery(sessionStorage.getItem(KEYS.entrega)));
  $checkoutPayload.set(readCheckoutPayload(sessionStorage.getItem(KEYS.payload)));
  $comprobante.set(readComprobante(sessionStorage.getItem(KEYS.comprobante)));
}

/** The applied coupon's code as stored ('' for none), read once the page has mounted. */
export function storedCoupon(): string {
  loadCheckout();
  return $cupon.get();
}

/** Keeps the applied coupon's code for the session. */
export function setCoupon(codigo: string): void {
  $cupon.set(codigo);
  sessionStorage.setItem(KEYS.cupon, JSON.stringify({ codigo }));
}

/** Forgets the applied coupon. */
export function clearCoupon(): void {
  $cupon.set('');
  sessionStorage.removeItem(KEYS.cupon);
}

/** Keeps the delivery choice for the session. */
export function setDelivery(choice: DeliveryChoice): void {
  $entrega.set(choice);
  sessionStorage.setItem(KEYS.entrega, JSON.stringify(choice));
}

/** Keeps the payload /procesoDePago reads: the cart's, or the one updated with the server's figures. */
export function saveCheckoutPayload(payload: CheckoutPayload): void {
  $checkoutPayload.set(payload);
  sessionStorage.setItem(KEYS.payload, JSON.stringify(payload));
}

/** The payload the cart saved (a reload keeps it), read once the page has mounted; null when none or unreadable. */
export function storedCheckoutPayload(): CheckoutPayload | null {
  loadCheckout();
  return $checkoutPayload.get();
}

/** Keeps the receipt choice (and the factura data as typed) for the session. */
export function setComprobante(eleccion: EleccionComprobante): void {
  $comprobante.set(eleccion);
  sessionStorage.setItem(KEYS.comprobante, JSON.stringify(eleccion));
}

/** The receipt choice as stored (a boleta when none), read once the page has mounted. */
export function storedComprobante(): EleccionComprobante {
  loadCheckout();
  return $comprobante.get();
}

/** After an approved payment: the cart, the checkout payload, the applied coupon, the delivery and receipt choices are gone. */
export function clearCheckout(): void {
  clearCart();
  $cupon.set('');
  $entrega.set(RECOJO);
  $checkoutPayload.set(null);
  $comprobante.set(COMPROBANTE_INICIAL);
  for (const key of Object.values(KEYS)) sessionStorage.removeItem(key);
}
