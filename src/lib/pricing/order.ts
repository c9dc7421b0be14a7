import { lineRef, type CartLine } from '../cart/lines.ts';
import { isLineEligible } from './coupons.ts';
import { lessPercent, toCentimos, type Centimos } from './money.ts';
import { routineDiscounts } from './routine.ts';
import { ENVIO_GRATIS_DESDE, isFreeShipping, shippingCentimos } from './shipping.ts';

/** What pricing reads of a line: its identity, quantity, list and product prices, and eligibility. */
export type LineaAPreciar = Pick<
  CartLine,
  | 'idProducto'
  | 'selectedColor'
  | 'selectedSize'
  | 'cantidad'
  | 'precio_unitario'
  | 'precio'
  | 'descuento'
  | 'descuentoN'
  | 'newores'
  | 'esProductoRutina'
  | 'rutinaNivel'
  | 'rutinaId'
  | 'rutinaPaso'
>;

/** A coupon as pricing needs it: its percent and the lines (by `lineRef`) it reaches. */
export interface CuponParaPrecio {
  porcentaje: number;
  lineas: readonly string[];
}

/** One priced line; unit amounts are per unit, the rest for the whole line. */
export interface LineaCotizada {
  ref: string;
  cantidad: number;
  /** List price of one unit. */
  unitario: Centimos;
  /** One unit after the product's own discount (spec: precio_con_descuento). */
  conDescuento: Centimos;
  /** One unit as charged, after the coupon or routine discount (spec: precio at checkout). */
  cobrado: Centimos;
  /** Coupon and routine discount of the whole line. */
  descuento: Centimos;
  /** The routine bundle's percent the line received (0 unless it belongs to a complete routine). */
  rutina: number;
  /** What the line costs: cobrado × cantidad. */
  total: Centimos;
}

/** An order priced by the shop's rules, in céntimos. */
export interface Cotizacion {
  lineas: LineaCotizada[];
  /** Sum of the product prices (after product discounts, before coupon). */
  subtotal: Centimos;
  /** Coupon and routine discounts. */
  descuento: Centimos;
  /** What the products cost: subtotal − descuento; free shipping is judged on this. */
  productos: Centimos;
  /** Shipping; null while province delivery has no tariff yet (and shipping is not free). */
  envio: Centimos | null;
  /** productos + envio (envio counted as 0 while unknown). */
  total: Centimos;
  envioGratis: boolean;
  /** What is still missing for free shipping (0 once free). */
  faltaParaEnvioGratis: Centimos;
}

export interface OpcionesDePrecio {
  cupon?: CuponParaPrecio | null;
  /** Delivery method (a pickup point or province delivery). */
  metodo: string;
  /** The district's tariff in soles for province delivery; null while unknown. */
  tarifa?: number | null;
  /** The free-shipping threshold in céntimos (the shop's setting; the code's S/250 when absent). */
  envioGratisDesde?: Centimos;
}

/**
 * Prices an order: each unit loses the coupon's or the routine's percent, rounded to the céntimo
 * once per unit, so a line is always unit × quantity and the lines add up to the total. A line of a
 * complete intermedio or avanzado routine takes its bundle percent and counts as already discounted,
 * so no coupon reaches it (a principiante line, at 0%, is ordinary for coupons); shipping is
 * free above S/250 of products, else the district's tariff for province delivery and 0 for pickup.
 * The cart, the checkout page, the server and the Mercado Pago items all use this one function.
 */
export function priceOrder(
  lines: readonly LineaAPreciar[],
  { cupon = null, metodo, tarifa = null, envioGratisDesde = ENVIO_GRATIS_DESDE }: OpcionesDePrecio,
): Cotizacion {
  const reached = new Set(cupon?.lineas ?? []);
  const rutinas = routineDiscounts(lines);
  const lineas = lines.map((line, index): LineaCotizada => {
    const ref = lineRef(line);
    const conDescuento = toCentimos(line.precio);
    const rutina = rutinas[index]!;
    const percent = rutina > 0 ? rutina : cupon && reached.has(ref) && isLineEligible(line) ? cupon.porcentaje : 0;
    const cobrado = lessPercent(conDescuento, percent);
    return {
      ref,
      cantidad: line.cantidad,
      unitario: toCentimos(line.precio_unitario),
      conDescuento,
      cobrado,
      descuento: (conDescuento - cobrado) * line.cantidad,
      rutina,
      total: cobrado * line.cantidad,
    };
  });
  const subtotal = sum(lineas.map((line) => line.conDescuento * line.cantidad));
  const descuento = sum(lineas.map((line) => line.descuento));
  const productos = subtotal - descuento;
  const envio = shippingCentimos(productos, metodo, tarifa, envioGratisDesde);
  const envioGratis = isFreeShipping(productos, envioGratisDesde);
  // Free shipping is "above" the threshold, so at exactly S/250 one more céntimo is still missing.
  const faltaParaEnvioGratis = envioGratis ? 0 : Math.max(1, envioGratisDesde - productos);
  return { lineas, subtotal, descuento, productos, envio, total: productos + (envio ?? 0), envioGratis, faltaParaEnvioGratis };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Share of the way to free shipping, 0 to 100, for the progress bar. */
export const freeShippingProgress = (productos: Centimos, desde: Centimos = ENVIO_GRATIS_DESDE) =>
  desde <= 0 ? 100 : Math.min(100, Math.max(0, Math.round((productos / desde) * 100)));
