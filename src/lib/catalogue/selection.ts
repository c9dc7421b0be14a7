import type { Producto } from '../api/schemas.ts';
import { tieneDescuento } from '../pricing/index.ts';

/** Case-insensitive, trimmed name comparison (brands, categories, children). */
export const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('es') === b.trim().toLocaleLowerCase('es');

export const isSoldOut = (p: Pick<Producto, 'stock'>) => p.stock <= 0;
export const isPresale = (p: Pick<Producto, 'newores'>) => sameName(p.newores, 'Preventa');
export const isNew = (p: Pick<Producto, 'newores'>) => sameName(p.newores, 'Nuevo');
export const isSale = (p: Pick<Producto, 'newores'>) => sameName(p.newores, 'Sale');

/** The special listings of the spec (storefront §2, Listing page). */
export const SPECIAL_LISTINGS = ['ofertas', 'nuevo', 'preventa', 'sale', 'set'] as const;
export type SpecialListing = (typeof SPECIAL_LISTINGS)[number];

/** What a listing route shows: a special listing, a categoría or line, a child category or a brand. */
export type ListingSource =
  | { kind: 'special'; name: SpecialListing }
  | { kind: 'categoria'; name: string }
  | { kind: 'child'; name: string }
  | { kind: 'marca'; name: string };

/** The products of a listing route, in catalogue order. */
export function selectListing(productos: Producto[], source: ListingSource): Producto[] {
  switch (source.kind) {
    case 'special':
      return productos.filter(SPECIAL_FILTERS[source.name]);
    case 'categoria':
      return productos.filter((p) => sameName(p.categoria, source.name) || sameName(p.linea, source.name));
    case 'child':
      return productos.filter((p) => sameName(p.child, source.name));
    case 'marca':
      return productos.filter((p) => sameName(p.marca, source.name));
  }
}

const SPECIAL_FILTERS: Record<SpecialListing, (p: Producto) => boolean> = {
  ofertas: tieneDescuento,
  nuevo: isNew,
  preventa: isPresale,
  sale: isSale,
  set: (p) => p.esSet,
};

/** In-stock products first, each group by id descending (newest first). */
export function inStockThenNewest(productos: Producto[]): Producto[] {
  return [...productos].sort((a, b) => Number(isSoldOut(a)) - Number(isSoldOut(b)) || b.idProducto - a.idProducto);
}

/** Home sale slider: Sale badge with a discount; in stock first, newest id first (storefront §2 Home). */
export const saleSlider = (productos: Producto[]) => inStockThenNewest(productos.filter((p) => isSale(p) && tieneDescuento(p)));

/** Home 'Productos Nuevos': up to `limit` new products, in stock first then id descending. */
export const newSlider = (productos: Producto[], limit: number) => inStockThenNewest(productos.filter(isNew)).slice(0, limit);

/** Home 'Todos nuestros productos': up to `limit` products, in stock first. */
export const allSlider = (productos: Producto[], limit: number) => inStockThenNewest(productos).slice(0, limit);

/**
 * 'También te puede gustar': in-stock products of the same brand, then the same child category, then
 * the same categoría, then any, without repeats and without the product itself.
 */
export function relatedProducts(producto: Producto, productos: Producto[], limit: number): Producto[] {
  const candidates = productos.filter((p) => p.idProducto !== producto.idProducto && !isSoldOut(p));
  const tiers = [
    (p: Producto) => sameName(p.marca, producto.marca),
    (p: Producto) => producto.child !== '' && sameName(p.child, producto.child),
    (p: Producto) => sameName(p.categoria, producto.categoria),
    () => true,
  ];
  const chosen = new Set<Producto>();
  for (const tier of tiers) {
    for (const p of candidates) {
      if (chosen.size >= limit) return [...chosen];
      if (tier(p)) chosen.add(p);
    }
  }
  return [...chosen];
}
