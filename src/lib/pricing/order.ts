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

/** A coupon as pricing needs it: its percent (or fixed soles off, `monto`) and the lines (by `lineRef`) it reaches. */
export interface CuponParaPrecio {
  porcentaje: number;
  /** Soles off the lines reached, shared among them; when above 0 it replaces the percent. */
  monto?: number;
  lineas: readonly string[];
}

/**
 * A fixed amount (céntimos) shared among lines as a discount per unit: in proportion to each line's
 * price (rounded down to the céntimo), then what rounding left goes, whole céntimos per unit, to the
 * lines with the fewest units first, so a line stays unit × quantity and the sum is the amount exactly
 * whenever units allow (at worst a few céntimos less, never more). Never more than a unit's price.
 */
export function repartirMonto(monto: Centimos, lineas: readonly { precio: Centimos; cantidad: number }[]): Centimos[] {
  const total = sum(lineas.map((l) => l.precio * l.cantidad));
  if (total <= 0 || monto <= 0) return lineas.map(() => 0);
  if (monto >= total) return lineas.map((l) => l.precio);
  const porUnidad = lineas.map((l) => Math.floor((monto * l.precio) / total));
  let resto = monto - sum(porUnidad.map((d, i) => d * lineas[i]!.cantidad));
  const orden = lineas.map((_, i) => i).sort((a, b) => lineas[a]!.cantidad - lineas[b]!.cantidad || a - b);
  for (const i of orden) {
    const { precio, cantidad } = lineas[i]!;
    const mas = Math.min(Math.floor(resto / cantidad), precio - porUnidad[i]!);
    porUnidad[i]! += mas;
    resto -= mas * cantidad;
  }
  return porUnidad;
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
 * once per unit (a fixed-amount coupon: its share of the amount, `repartirMonto`), so a line is always unit × quantity and the lines add up to the total. A line of a
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
  const alcanzada = (line: LineaAPreciar, index: number) =>
    rutinas[index]! === 0 && !!cupon && reached.has(lineRef(line)) && isLineEligible(line);
  const monto = cupon?.monto && cupon.monto > 0 ? toCentimos(cupon.monto) : 0;
  // A fixed-amount coupon: its céntimos per unit of each line it reaches.
  const alcanzadas = lines.flatMap((line, index) => (monto > 0 && alcanzada(line, index) ? [index] : []));
  const repartido = repartirMonto(
    monto,
    alcanzadas.map((index) => ({ precio: toCentimos(lines[index]!.precio), cantidad: lines[index]!.cantidad })),
  );
  const menosMonto = new Map(alcanzadas.map((index, i) => [index, repartido[i]!]));
  const lineas = lines.map((line, index): LineaCotizada => {
    const ref = lineRef(line);
    const conDescuento = toCentimos(line.precio);
    const rutina = rutinas[index]!;
    const percent = rutina > 0 ? rutina : monto === 0 && alcanzada(line, index) ? cupon!.porcentaje : 0;
    const cobrado = lessPercent(conDescuento, percent) - (menosMonto.get(index) ?? 0);
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
