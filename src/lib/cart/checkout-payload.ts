import type { CartLine } from './lines.ts';
import type { AppliedCoupon } from '../pricing/coupons.ts';
import { toSoles } from '../pricing/money.ts';
import type { LineaCotizada } from '../pricing/order.ts';
import { isHomeDelivery, PUNTOS_RECOJO, type PuntoRecojo } from '../shipping/methods.ts';
import type { AjustesPublicos } from '../api/tienda-schemas.ts';
import type { StoredUser } from '../auth/claims.ts';
import { deliveryInstructions, fullAddress, isShippingComplete, type ShippingForm } from './shipping-form.ts';
import { cartQuote, summaryOf, type CartSummary } from './summary.ts';

/** The shipping choice of checkout §3. */
export interface EnvioElegido {
  metodo: string;
  direccion: string;
  instrucciones: string;
  costo: number;
}

/** The cart payload to checkout (checkout §3), plus the destination and the summary the cart showed. */
export interface CheckoutPayload {
  /** Lines with the coupon already in precio / precio_con_descuento: checkout adds no discount (checkout §9). */
  productos: CartLine[];
  userDetails: StoredUser | null;
  envio: EnvioElegido;
  CostoEnvio: number;
  Direccion: string;
  discountCode: string | null;
  isUserDiscount: boolean;
  discountPercentage: number;
  /** Province delivery's location and address as typed; null for pickup. */
  destino: Omit<ShippingForm, 'tarifa'> | null;
  resumen: Pick<CartSummary, 'subtotal' | 'descuento' | 'total'> & { envio: number };
}

export interface CheckoutInput {
  lines: CartLine[];
  user: StoredUser | null;
  metodo: string;
  shipping: ShippingForm | null;
  applied: AppliedCoupon | null;
  /** The shop's settings (threshold, pickup points) as the storefront read them; the code's when absent. */
  ajustes?: AjustesPublicos;
}

/** Pickup points carry their fixed address and instructions (and hours); province delivery the typed address. */
export function envioElegido(
  metodo: string,
  shipping: ShippingForm | null,
  costo: number,
  puntos: readonly PuntoRecojo[] = PUNTOS_RECOJO,
): EnvioElegido {
  if (isHomeDelivery(metodo) && isShippingComplete(shipping)) {
    return { metodo, direccion: fullAddress(shipping), instrucciones: deliveryInstructions(shipping), costo };
  }
  const punto = puntos.find((p) => p.metodo === metodo) ?? puntos[0] ?? PUNTOS_RECOJO[0]!;
  return { metodo: punto.metodo, direccion: punto.direccion, instrucciones: `${punto.instrucciones} Horario: ${punto.horario}.`, costo: 0 };
}

/** A line with its charged unit price: what the coupon reaches carries the discounted price. */
function withCharge(line: CartLine, priced: LineaCotizada): CartLine {
  if (priced.cobrado === priced.conDescuento) return { ...line };
  const precio = toSoles(priced.cobrado);
  return { ...line, precio, precioOriginal: line.precioOriginal ?? line.precio, precio_con_descuento: precio };
}

/**
 * The state /procesoDePago reads (checkout §2–3). Throws when province delivery is chosen with
 * incomplete data: the pay button is blocked then, so reaching here is a bug.
 */
export function buildCheckoutPayload({ lines, user, metodo, shipping, applied, ajustes }: CheckoutInput): CheckoutPayload {
  const domicilio = isHomeDelivery(metodo);
  if (domicilio && !isShippingComplete(shipping)) throw new Error('Faltan los datos de envío a provincia.');
  const quote = cartQuote(lines, applied, metodo, shipping, ajustes?.envioGratisDesde);
  const summary = summaryOf(quote);
  const envio = envioElegido(metodo, shipping, summary.envio ?? 0, ajustes?.puntosRecojo);
  return {
    productos: lines.map((line, index) => withCharge(line, quote.lineas[index]!)),
    userDetails: user,
    envio,
    CostoEnvio: envio.costo,
    Direccion: envio.direccion,
    discountCode: applied?.codigo ?? null,
    isUserDiscount: applied?.kind === 'user',
    discountPercentage: applied?.porcentaje ?? 0,
    destino:
      domicilio && shipping
        ? {
            departamento: shipping.departamento,
            provincia: shipping.provincia,
            distrito: shipping.distrito,
            direccion: shipping.direccion.trim(),
            referencia: shipping.referencia.trim(),
          }
        : null,
    resumen: { subtotal: summary.subtotal, descuento: summary.descuento, envio: envio.costo, total: summary.total },
  };
}
