import type { Producto } from '../api/schemas.ts';
import { maxQuantity, type ProductoDeLinea } from '../cart/lines.ts';
import { isSoldOut } from '../catalogue/selection.ts';
import { splitOptions } from './fields.ts';

/** The exact messages of storefront §5, product detail add to cart or buy now. */
export const MENSAJES_COMPRA = {
  cantidadInvalida: 'Ingresa una cantidad válida.',
  sinStock: (stock: number) => `Solo tenemos ${stock} unidad(es) disponibles.`,
  color: 'Debes elegir un color.',
  tamano: 'Debes elegir un tamaño.',
} as const;

type Options = Pick<Producto, 'colores' | 'tamaños'>;

/** The colours and sizes on offer and the initial choice: a single colour or size is preselected. */
export function buyOptions(producto: Options) {
  const colores = splitOptions(producto.colores);
  const tamanos = splitOptions(producto.tamaños);
  return {
    colores,
    tamanos,
    color: colores.length === 1 ? colores[0]! : '',
    tamano: tamanos.length === 1 ? tamanos[0]! : '',
  };
}

/** A typed quantity as a whole number above 0, or undefined ('', '0', '1.5', 'abc'). */
export function parseCantidad(value: string | number): number | undefined {
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return undefined;
  const cantidad = Number(text);
  return cantidad > 0 && Number.isSafeInteger(cantidad) ? cantidad : undefined;
}

/**
 * How many units of a product a shopper may choose in the buy box or the quick view: none when sold
 * out, else the cart's own ceiling (maxQuantity), so no quantity chosen here is lowered in the cart.
 */
export const availableUnits = (producto: Pick<Producto, 'stock' | 'stock_total'>) => (isSoldOut(producto) ? 0 : maxQuantity(producto));

/** The buy box's choice as the shopper left it: colour, size and the quantity field. */
export interface EleccionDeCompra {
  color: string;
  tamano: string;
  /** As typed in the quantity field. */
  cantidad: string | number;
}

/** The first §5 rule the choice breaks (quantity, stock, colour, size), or undefined when it may be added. */
export function buyError(producto: Options & Pick<Producto, 'stock' | 'stock_total'>, eleccion: EleccionDeCompra): string | undefined {
  const cantidad = parseCantidad(eleccion.cantidad);
  if (cantidad === undefined) return MENSAJES_COMPRA.cantidadInvalida;
  const disponibles = availableUnits(producto);
  if (cantidad > disponibles) return MENSAJES_COMPRA.sinStock(disponibles);
  const { colores, tamanos } = buyOptions(producto);
  if (colores.length > 1 && !colores.includes(eleccion.color)) return MENSAJES_COMPRA.color;
  if (tamanos.length > 1 && !tamanos.includes(eleccion.tamano)) return MENSAJES_COMPRA.tamano;
  return undefined;
}

/** The quantity after a −/+ press (delta 0: as typed): at least 1 and at most `max`, the availableUnits (storefront §5). */
export function stepCantidad(current: string | number, delta: number, max: number): number {
  const base = parseCantidad(current) ?? 1;
  return Math.min(Math.max(1, base + delta), Math.max(1, max));
}

/** What the buy box reads of a product (a cart line's fields, and the options and arrival date): its `data-producto` holds only these. */
export type ProductoDeCompra = ProductoDeLinea & Pick<Producto, 'colores' | 'tamaños' | 'fechaLlegada'>;

/**
 * The buy box's fields of a product and no other (they are JSON in the page's HTML, `data-producto`: the
 * whole product was 1.6 KB of every product page), with only the first photo, the one a cart line shows.
 */
export const forBuyBox = (producto: ProductoDeCompra): ProductoDeCompra => ({
  idProducto: producto.idProducto,
  nombre: producto.nombre,
  img: producto.img.split(',')[0]?.trim() ?? '',
  imagen: producto.imagen,
  precio: producto.precio,
  descuento: producto.descuento,
  descuentoN: producto.descuentoN,
  newores: producto.newores,
  colores: producto.colores,
  tamaños: producto.tamaños,
  stock: producto.stock,
  stock_total: producto.stock_total,
  sedes: producto.sedes,
  fechaLlegada: producto.fechaLlegada,
});
