import type { Producto } from '../api/schemas.ts';
import { formatSoles, lessPercent, toCentimos, toSoles, type Centimos } from './money.ts';

type Priced = Pick<Producto, 'precio' | 'descuento' | 'descuentoN'>;

/** A product's unit price in céntimos: a percent discount takes precedence over a fixed one (storefront §9). */
export function unitPriceCentimos({ precio, descuento, descuentoN }: Priced): Centimos {
  const lista = toCentimos(precio);
  if (descuento > 0) return lessPercent(lista, descuento);
  if (descuentoN > 0) return Math.max(0, lista - toCentimos(descuentoN));
  return lista;
}

/** The price a shopper pays for one unit, in soles. */
export const precioFinal = (producto: Priced) => toSoles(unitPriceCentimos(producto));

/** Whether the product carries a percent or fixed discount. */
export const tieneDescuento = ({ descuento, descuentoN }: Priced) => descuento > 0 || descuentoN > 0;

/** The discount as shown on a badge: '-20%' or '-S/ 15.00'; '' when none. */
export function etiquetaDescuento(producto: Priced): string {
  if (producto.descuento > 0) return `-${producto.descuento}%`;
  if (producto.descuentoN > 0) return `-${formatSoles(producto.descuentoN)}`;
  return '';
}

/**
 * Whether a product's own discount applies on the Lima day `hoy` (YYYY-MM-DD): from `desde` to `hasta`,
 * both included; a missing end is no limit on that side. The server zeroes a discount outside its days
 * before any price leaves it (catalogue/queries.ts), so the storefront, the static pages and the checkout
 * all price from the same figures.
 */
export const descuentoEnFechas = (hoy: string, desde: string | null, hasta: string | null): boolean =>
  (desde === null || desde <= hoy) && (hasta === null || hoy <= hasta);
