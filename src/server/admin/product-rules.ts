import { formatSoles } from '../../lib/pricing/money.ts';

/**
 * The rules a product's price and stock must keep after any operator change, one-by-one
 * (`PATCH /admin/api/productos/…`) or by the import: one place for both, so a product an import
 * writes is one the product command would accept, with the same Spanish reason when it is not.
 */

/** The figures the rules look at, as the product would end up. */
export interface Cifras {
  precio: number;
  descuentoN: number;
  stock: number;
  stockTotal: number;
}

/** Why the product would be wrong, or undefined when it is right. */
export function motivoCifras({ precio, descuentoN, stock, stockTotal }: Cifras): string | undefined {
  if (descuentoN >= precio)
    return `El descuento en soles (${formatSoles(descuentoN)}) debe ser menor que el precio (${formatSoles(precio)}).`;
  if (stockTotal < stock) return `El stock_total (${stockTotal}) no puede ser menor que el stock de la web (${stock}).`;
  return undefined;
}

/**
 * `stock_total` when only the web's `stock` is set: it counts every unit (web and the shops'
 * shelves), so it never ends below what the web sells.
 */
export const stockTotalTras = (stock: number, stockTotalActual: number) => Math.max(stock, stockTotalActual);
