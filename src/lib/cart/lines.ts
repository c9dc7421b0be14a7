import { TIENDA } from '../tienda.ts';
import type { ProductoRutina } from '../api/routine-schemas.ts';
import type { Producto } from '../api/schemas.ts';
import { precioFinal } from '../pricing/product.ts';
import { pasoDeCategoria, type NivelRutina, type PasoClave } from '../routine/pasos.ts';

/**
 * A cart line with the fields of storefront §3; identified by idProducto + selectedColor +
 * selectedSize, and by rutinaId for a routine's lines (they never merge with ordinary lines).
 */
export interface CartLine {
  idProducto: number;
  nombre: string;
  img: string;
  cantidad: number;
  selectedColor: string;
  selectedSize: string;
  /** Final unit price. */
  precio: number;
  precioOriginal?: number;
  descuento: number;
  descuentoN: number;
  newores: string;
  stock_total: number;
  /** The product's stock (units the web sells) when the line was added or refreshed; not a spec field, absent on older stored lines. */
  stock?: number;
  sedes: string;
  precio_unitario: number;
  precio_con_descuento: number;
  esProductoRutina?: boolean;
  rutinaNivel?: string;
  rutinaId?: string;
  /** The routine step the product fills (the builder's word; the server takes it from the database). */
  rutinaPaso?: PasoClave;
}

export type LineKey = Pick<CartLine, 'idProducto' | 'selectedColor' | 'selectedSize'> & Partial<Pick<CartLine, 'rutinaId'>>;

/** A line's identity as one string: idProducto|color|size, plus |rutinaId for a routine's line (how coupons name lines). */
export const lineRef = (line: LineKey) =>
  `${line.idProducto}|${line.selectedColor}|${line.selectedSize}${line.rutinaId ? `|${line.rutinaId}` : ''}`;

/** Whether two keys name the same line: same product, colour, size and routine (or none). */
export const sameLine = (a: LineKey, b: LineKey) =>
  a.idProducto === b.idProducto &&
  a.selectedColor === b.selectedColor &&
  a.selectedSize === b.selectedSize &&
  (a.rutinaId ?? '') === (b.rutinaId ?? '');

/** The line's colour and size as the shopper reads them ('Color: Rojo · Tamaño: 50 ml'); '' when it has neither. */
export const lineOptions = (line: LineKey) =>
  [line.selectedColor && `Color: ${line.selectedColor}`, line.selectedSize && `Tamaño: ${line.selectedSize}`].filter(Boolean).join(' · ');

/** The stock fields a quantity ceiling reads: a product's, or a cart line's. */
type StockFields = Pick<CartLine, 'stock' | 'stock_total'>;

/**
 * The most units a shopper may choose by the stock fields (docs/decisions/0041-stock-and-stock-total.md): the lower of stock
 * (what the web sells; checkout reserves it) and stock_total (every unit the shop holds), each only
 * when above 0; undefined when neither is known.
 */
export function stockCeiling({ stock, stock_total }: StockFields): number | undefined {
  const known = [stock ?? 0, stock_total].filter((units) => units > 0);
  return known.length > 0 ? Math.min(...known) : undefined;
}

/** Highest quantity a line may hold (storefront §4–§5): its stock ceiling, or 9999 when unknown. */
export const maxQuantity = (fields: StockFields) => stockCeiling(fields) ?? TIENDA.cantidadMaximaSinStock;

/** A wanted quantity as a line may hold it: a whole number from 1 to maxQuantity. */
const clampQuantity = (cantidad: number, fields: StockFields) => Math.min(Math.max(1, Math.floor(cantidad) || 1), maxQuantity(fields));

/** What a cart line takes from a product (a catalogue product, or a routine's with its name as `nombre`). */
/** What a cart line is made of (lineFromProducto). */
export type ProductoDeLinea = Pick<
  Producto,
  'idProducto' | 'nombre' | 'img' | 'imagen' | 'precio' | 'descuento' | 'descuentoN' | 'newores' | 'stock' | 'stock_total' | 'sedes'
>;

/** What the shopper chose of a product: a colour, a size (one of its `tamaños`) and the units; each may be left out. */
export interface Eleccion {
  color?: string;
  tamano?: string;
  cantidad?: number;
}

/** A cart line for a product with the chosen colour and size. */
export function lineFromProducto(producto: ProductoDeLinea, eleccion: Eleccion = {}): CartLine {
  const final = precioFinal(producto);
  return {
    idProducto: producto.idProducto,
    nombre: producto.nombre,
    img: producto.img.split(',')[0]?.trim() || producto.imagen,
    cantidad: eleccion.cantidad ?? TIENDA.cantidadPorDefecto,
    selectedColor: eleccion.color ?? '',
    selectedSize: eleccion.tamano ?? '',
    precio: final,
    precioOriginal: final < producto.precio ? producto.precio : undefined,
    descuento: producto.descuento,
    descuentoN: producto.descuentoN,
    newores: producto.newores,
    stock_total: producto.stock_total,
    stock: producto.stock,
    sedes: producto.sedes,
    precio_unitario: producto.precio,
    precio_con_descuento: final,
  };
}

/**
 * Adds an item (storefront §4): a matching line grows by the added quantity, capped at maxQuantity
 * of the item's stock fields, and takes the item's price and stock fields; any other item becomes a
 * new line.
 */
export function addLine(lines: CartLine[], item: CartLine): CartLine[] {
  const existing = lines.find((line) => sameLine(line, item));
  if (!existing) return [...lines, { ...item, cantidad: clampQuantity(item.cantidad, item) }];
  return lines.map((line) =>
    line === existing
      ? {
          ...line,
          cantidad: clampQuantity(line.cantidad + item.cantidad, item),
          precio: item.precio,
          precioOriginal: item.precioOriginal,
          descuento: item.descuento,
          descuentoN: item.descuentoN,
          precio_unitario: item.precio_unitario,
          precio_con_descuento: item.precio_con_descuento,
          stock_total: item.stock_total,
          stock: item.stock,
        }
      : line,
  );
}

export const removeLine = (lines: CartLine[], key: LineKey) => lines.filter((line) => !sameLine(line, key));

/**
 * Sets a line's quantity to at least 1 and at most maxQuantity (9999 when its stock is unknown). A
 * routine's line keeps one unit: a routine is one of each step, and more units would break its bundle.
 */
export function updateQuantity(lines: CartLine[], key: LineKey, cantidad: number): CartLine[] {
  return lines.map((line) => (sameLine(line, key) && !isRoutineLine(line) ? { ...line, cantidad: clampQuantity(cantidad, line) } : line));
}

/** Whether a line was added as part of a routine (its bundle price still depends on the routine being complete). */
export const isRoutineLine = (line: Pick<CartLine, 'esProductoRutina' | 'rutinaId'>) =>
  line.esProductoRutina === true && Boolean(line.rutinaId);

const firstOption = (options: string) =>
  options
    .split(',')
    .map((option) => option.trim())
    .find(Boolean) ?? '';

/** One unit of a routine's product with its first colour and size, as an ordinary cart line (added on its own). */
export const lineFromProductoDeRutina = (producto: ProductoRutina): CartLine =>
  lineFromProducto(
    { ...producto, nombre: producto.nombreProducto },
    { color: firstOption(producto.colores), tamano: firstOption(producto.tamaños), cantidad: 1 },
  );

/** One unit of a routine's product as a line of that routine (first colour and size), priced as an ordinary line until the routine is complete. */
export const lineFromProductoRutina = (producto: ProductoRutina, nivel: NivelRutina, rutinaId: string): CartLine => ({
  ...lineFromProductoDeRutina(producto),
  esProductoRutina: true,
  rutinaNivel: nivel,
  rutinaId,
  rutinaPaso: pasoDeCategoria(producto.categoria)?.clave,
});

/**
 * Adds a routine (the products chosen for each step of the level) as lines of one rutinaId, one
 * unit each; they never merge with ordinary lines, and adding the same rutinaId again replaces its
 * lines. The bundle discount comes from pricing, and only while the routine stays complete.
 */
export function addRoutineToCart(
  lines: CartLine[],
  productos: readonly ProductoRutina[],
  nivel: NivelRutina,
  rutinaId: string,
): CartLine[] {
  return [
    ...lines.filter((line) => line.rutinaId !== rutinaId),
    ...productos.map((producto) => lineFromProductoRutina(producto, nivel, rutinaId)),
  ];
}

/** A fresh id for a routine added to the cart. */
export const newRutinaId = () => `rutina-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** The header badge: the sum of quantities. */
export const cartCount = (lines: CartLine[]) => lines.reduce((sum, line) => sum + line.cantidad, 0);

const NUMERIC = [
  'precio',
  'precioOriginal',
  'descuento',
  'descuentoN',
  'stock_total',
  'stock',
  'precio_unitario',
  'precio_con_descuento',
  'cantidad',
] as const;

/**
 * Restores the stored cart with prices as numbers; anything unreadable starts an empty cart. The cart page's
 * inline script (stored-empty.ts) repeats which entries count as lines; its test keeps the two agreeing.
 */
export function parseStoredCart(raw: string | undefined | null): CartLine[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((line): line is Record<string, unknown> => typeof line === 'object' && line !== null && 'idProducto' in line)
      .map((line) => {
        const restored = { ...line } as Record<string, unknown>;
        for (const field of NUMERIC) {
          if (restored[field] !== undefined && restored[field] !== null) restored[field] = Number(restored[field]);
        }
        restored.idProducto = Number(restored.idProducto);
        restored.selectedColor = String(restored.selectedColor ?? '');
        restored.selectedSize = String(restored.selectedSize ?? '');
        return restored as unknown as CartLine;
      })
      .filter((line) => Number.isFinite(line.idProducto) && Number.isFinite(line.precio) && line.cantidad >= 1);
  } catch (error) {
    console.error('No se pudo leer el carrito guardado', error);
    return [];
  }
}
