import type { Producto } from '../api/schemas.ts';
import { lineFromProducto, maxQuantity, type CartLine } from './lines.ts';
import { isSoldOut } from '../catalogue/selection.ts';
import { formatSoles, round2 } from '../pricing/index.ts';

/**
 * The cart's refresh from the live products of its lines, on load and before checkout (storefront §7):
 * every line takes the live price, discount fields and stock; a product gone from the catalogue or
 * sold out leaves the cart; a quantity above maxQuantity of the live stock is lowered.
 */

export interface PriceChange {
  nombre: string;
  antes: number;
  ahora: number;
}

export interface CartRefresh {
  lines: CartLine[];
  precios: PriceChange[];
  retirados: { nombre: string; motivo: 'no-disponible' | 'agotado' }[];
  ajustados: { nombre: string; cantidad: number }[];
}

/** The fields a refresh takes from the live product; routine lines keep their routine price. */
function refreshed(line: CartLine, producto: Producto): CartLine {
  const fresh = lineFromProducto(producto, { color: line.selectedColor, tamano: line.selectedSize, cantidad: line.cantidad });
  const live = {
    descuento: fresh.descuento,
    descuentoN: fresh.descuentoN,
    newores: fresh.newores,
    stock_total: fresh.stock_total,
    stock: fresh.stock,
    sedes: fresh.sedes,
  };
  if (line.esProductoRutina) return { ...line, ...live };
  return {
    ...line,
    ...live,
    nombre: fresh.nombre,
    precio: fresh.precio,
    precioOriginal: fresh.precioOriginal,
    precio_unitario: fresh.precio_unitario,
    precio_con_descuento: fresh.precio_con_descuento,
  };
}

/**
 * Applies the live products to the cart's lines. With `asked` (the ids that were looked up), a line
 * of another product (added while the call ran) stays as it is instead of counting as gone.
 */
export function refreshLines(lines: CartLine[], productos: Producto[], asked?: ReadonlySet<number>): CartRefresh {
  const byId = new Map(productos.map((producto) => [producto.idProducto, producto]));
  const result: CartRefresh = { lines: [], precios: [], retirados: [], ajustados: [] };
  for (const line of lines) {
    const producto = byId.get(line.idProducto);
    if (!producto && asked && !asked.has(line.idProducto)) {
      result.lines.push(line);
      continue;
    }
    if (!producto) {
      result.retirados.push({ nombre: line.nombre, motivo: 'no-disponible' });
      continue;
    }
    if (isSoldOut(producto)) {
      result.retirados.push({ nombre: line.nombre, motivo: 'agotado' });
      continue;
    }
    const next = refreshed(line, producto);
    if (round2(next.precio) !== round2(line.precio)) result.precios.push({ nombre: next.nombre, antes: line.precio, ahora: next.precio });
    if (next.cantidad > maxQuantity(next)) {
      next.cantidad = maxQuantity(next);
      result.ajustados.push({ nombre: next.nombre, cantidad: next.cantidad });
    }
    result.lines.push(next);
  }
  return result;
}

/** Whether the shopper must review the cart (checkout stops then). */
export const needsReview = (refresh: CartRefresh) => refresh.precios.length + refresh.retirados.length + refresh.ajustados.length > 0;

/** Whether the refresh changed anything stored in the cart, including silent field updates. */
export const linesChanged = (before: CartLine[], refresh: CartRefresh) => JSON.stringify(before) !== JSON.stringify(refresh.lines);

/** The alert telling the shopper what changed, or null when nothing did. */
export function refreshNotice(refresh: CartRefresh): { title: string; text: string } | null {
  if (!needsReview(refresh)) return null;
  const items = [
    ...refresh.precios.map((c) => `• ${c.nombre}: antes ${formatSoles(c.antes)}, ahora ${formatSoles(c.ahora)}`),
    ...refresh.retirados.map(
      (r) => `• ${r.nombre}: ${r.motivo === 'agotado' ? 'se agotó' : 'ya no está disponible'} y se retiró del carrito`,
    ),
    ...refresh.ajustados.map((a) => `• ${a.nombre}: solo quedan ${a.cantidad} unidad(es), ajustamos la cantidad`),
  ];
  const title = refresh.precios.length > 0 ? '¡Algunos productos cambiaron de precio!' : 'Actualizamos tu carrito';
  return { title, text: `${items.join('\n')}\n\nRevisa tu carrito antes de continuar.` };
}

/** A product's brand id from the live products, for brand-restricted coupons. */
export const brandLookup = (productos: Producto[]) => {
  const brands = new Map(productos.map((producto) => [producto.idProducto, producto.idMarca]));
  return (idProducto: number) => brands.get(idProducto);
};
