import type { Producto } from './api/schemas.ts';

type Priced = Pick<Producto, 'precio' | 'descuento' | 'descuentoN'>;

/** Rounds to cents. */
export const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/** The price a shopper pays: a percent discount takes precedence over a fixed one (storefront §9). */
export function precioFinal({ precio, descuento, descuentoN }: Priced): number {
  if (descuento > 0) return round2(precio * (1 - Math.min(descuento, 100) / 100));
  if (descuentoN > 0) return round2(Math.max(0, precio - descuentoN));
  return round2(precio);
}

/** Whether the product carries a percent or fixed discount. */
export const tieneDescuento = ({ descuento, descuentoN }: Priced) => descuento > 0 || descuentoN > 0;

/** The discount as shown on a badge: '-20%' or '-S/ 15.00'; '' when none. */
export function etiquetaDescuento(producto: Priced): string {
  if (producto.descuento > 0) return `-${producto.descuento}%`;
  if (producto.descuentoN > 0) return `-${formatSoles(producto.descuentoN)}`;
  return '';
}

/** Soles with two decimals: 'S/ 89.90'. */
export const formatSoles = (amount: number) => `S/ ${round2(amount).toFixed(2)}`;
