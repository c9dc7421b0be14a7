import { TIENDA } from '../../config.ts';
import { cartSubtotal, type CartLine } from '../cart.ts';
import { couponAmount, type AppliedCoupon } from '../discounts.ts';
import { round2 } from '../pricing.ts';
import { ENVIO_PROVINCIA, isFreeShipping, isHomeDelivery, PUNTOS_RECOJO, shippingCost } from '../shipping.ts';
import { isShippingComplete, type ShippingForm } from './shipping-form.ts';

/** The delivery options of the cart, in the order of checkout §2, with their labels. */
export const OPCIONES_ENTREGA = [
  ...PUNTOS_RECOJO.map((punto) => ({ metodo: punto.metodo, etiqueta: punto.metodo })),
  { metodo: ENVIO_PROVINCIA, etiqueta: 'Envío a todo Lima y provincias' },
] as const;

/** Whether a method is one the cart offers. */
export const isKnownMethod = (metodo: string) => OPCIONES_ENTREGA.some((opcion) => opcion.metodo === metodo);

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

/**
 * The order summary: Total = subtotal − coupon + shipping; shipping is free above S/250 and otherwise
 * the district's tariff for province delivery, 0 for pickup (storefront §9).
 */
export function cartSummary(lines: CartLine[], applied: AppliedCoupon | null, metodo: string, shipping: ShippingForm | null): CartSummary {
  const subtotal = cartSubtotal(lines);
  const descuento = couponAmount(lines, applied);
  const envioGratis = isFreeShipping(subtotal);
  const tarifaPendiente = isHomeDelivery(metodo) && !envioGratis && (!isShippingComplete(shipping) || shipping.tarifa === null);
  const envio = tarifaPendiente ? null : shippingCost(subtotal, metodo, shipping?.tarifa ?? 0);
  // Free shipping is "above" the threshold, so at exactly S/250 one more cent is still missing.
  const faltaParaEnvioGratis = envioGratis ? 0 : Math.max(0.01, round2(TIENDA.envioGratisDesde - subtotal));
  return { subtotal, descuento, envio, total: round2(subtotal - descuento + (envio ?? 0)), envioGratis, faltaParaEnvioGratis };
}

/** Share of the way to free shipping, 0 to 100, for the progress bar. */
export const freeShippingProgress = (subtotal: number) => Math.min(100, Math.max(0, Math.round((subtotal / TIENDA.envioGratisDesde) * 100)));

/** The pay button is blocked while province delivery is chosen and its data is incomplete. */
export const canCheckout = (lines: CartLine[], metodo: string, shipping: ShippingForm | null) =>
  lines.length > 0 && (!isHomeDelivery(metodo) || isShippingComplete(shipping));
