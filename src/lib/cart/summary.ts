import type { CartLine } from './lines.ts';
import type { AppliedCoupon } from '../pricing/coupons.ts';
import { toCentimos, toSoles } from '../pricing/money.ts';
import { priceOrder, type Cotizacion } from '../pricing/order.ts';
import { ENVIO_PROVINCIA, isHomeDelivery, PUNTOS_RECOJO } from '../shipping/methods.ts';
import { isShippingComplete, type ShippingForm } from './shipping-form.ts';

/** The delivery options of the cart, in the order of checkout §2, with their labels. */
export const OPCIONES_ENTREGA = [
  ...PUNTOS_RECOJO.map((punto) => ({ metodo: punto.metodo, etiqueta: punto.metodo })),
  { metodo: ENVIO_PROVINCIA, etiqueta: 'Envío a todo Lima y provincias' },
] as const;

/** Whether a method is one the cart offers. */
export const isKnownMethod = (metodo: string) => OPCIONES_ENTREGA.some((opcion) => opcion.metodo === metodo);

/** The order summary in soles, as the cart and checkout show it. */
export interface CartSummary {
  subtotal: number;
  descuento: number;
  /** Shipping cost; null while province delivery has no tariff yet (and shipping is not free). */
  envio: number | null;
  total: number;
  envioGratis: boolean;
  /** What is missing for free shipping (0 once free). */
  faltaParaEnvioGratis: number;
}

/** The cart's quote: its lines priced with the coupon and the delivery chosen (one rule: `priceOrder`). */
export function cartQuote(
  lines: CartLine[],
  applied: AppliedCoupon | null,
  metodo: string,
  shipping: ShippingForm | null,
  envioGratisDesde?: number,
): Cotizacion {
  const tarifa = isHomeDelivery(metodo) && isShippingComplete(shipping) ? shipping.tarifa : null;
  return priceOrder(lines, {
    cupon: applied,
    metodo,
    tarifa,
    ...(envioGratisDesde === undefined ? {} : { envioGratisDesde: toCentimos(envioGratisDesde) }),
  });
}

/** A quote in soles. */
export function summaryOf(quote: Cotizacion): CartSummary {
  return {
    subtotal: toSoles(quote.subtotal),
    descuento: toSoles(quote.descuento),
    envio: quote.envio === null ? null : toSoles(quote.envio),
    total: toSoles(quote.total),
    envioGratis: quote.envioGratis,
    faltaParaEnvioGratis: toSoles(quote.faltaParaEnvioGratis),
  };
}

/**
 * The order summary: Total = subtotal − coupon + shipping; shipping is free above the shop's threshold (S/250 unless the owner set another) of products
 * and otherwise the district's tariff for province delivery, 0 for pickup (storefront §9).
 */
export const cartSummary = (
  lines: CartLine[],
  applied: AppliedCoupon | null,
  metodo: string,
  shipping: ShippingForm | null,
  envioGratisDesde?: number,
): CartSummary => summaryOf(cartQuote(lines, applied, metodo, shipping, envioGratisDesde));

/** The pay button is blocked while province delivery is chosen and its data is incomplete. */
export const canCheckout = (lines: CartLine[], metodo: string, shipping: ShippingForm | null) =>
  lines.length > 0 && (!isHomeDelivery(metodo) || isShippingComplete(shipping));
