import type { Producto } from '../api/schemas.ts';
import { tieneDescuento } from '../pricing/product.ts';

/** A name trimmed and lowercased: two names are the same when their keys are equal. */
/** The form in which two names compare equal: trimmed and lower-cased. */
export const nameKey = (name: string) => name.trim().toLocaleLowerCase('es');

/** Case-insensitive, trimmed name comparison (brands, categories, children). */
export const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);

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

/**
 * Every brand's (or child category's) listing at once, as selectListing gives each (same products, same
 * order), grouped in one pass: a build of 30,000 products has 750 brand pages, and filtering the whole
 * catalogue for each was 22 million name comparisons.
 */
export function listingsByName(productos: Producto[], kind: 'marca' | 'child'): (name: string) => Producto[] {
  const groups = groupByName(productos, kind === 'marca' ? (p) => p.marca : (p) => p.child);
  return (name) => groups.get(nameKey(name)) ?? [];
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
export const saleSlider = (productos: Producto[], limit: number) =>
  inStockThenNewest(productos.filter((p) => isSale(p) && tieneDescuento(p))).slice(0, limit);

/** Home 'Productos Nuevos': up to `limit` new products, in stock first then id descending. */
export const newSlider = (productos: Producto[], limit: number) => inStockThenNewest(productos.filter(isNew)).slice(0, limit);

/** Home 'Todos nuestros productos': up to `limit` products, in stock first. */
export const allSlider = (productos: Producto[], limit: number) => inStockThenNewest(productos).slice(0, limit);

/**
 * 'También te puede gustar', for every product of `productos`: in-stock products of the same brand,
 * then the same child category, then the same categoría, then any, in catalogue order, without
 * repeats and without the product itself. Indexes the catalogue once, so each answer takes time in
 * proportion to `limit`, not to the catalogue (a build asks for every product page).
 */
export function relatedIndex(productos: Producto[]): (producto: Producto, limit: number) => Producto[] {
  const inStock = productos.filter((p) => !isSoldOut(p));
  const byMarca = groupByName(inStock, (p) => p.marca);
  const byChild = groupByName(inStock, (p) => p.child);
  const byCategoria = groupByName(inStock, (p) => p.categoria);
  return (producto, limit) => {
    const tiers = [
      byMarca.get(nameKey(producto.marca)),
      producto.child !== '' ? byChild.get(nameKey(producto.child)) : undefined,
      byCategoria.get(nameKey(producto.categoria)),
      inStock,
    ];
    const chosen = new Set<Producto>();
    for (const tier of tiers) {
      // Each tier skips at most the products already chosen and the product itself.
      for (const p of tier ?? []) {
        if (chosen.size >= limit) return [...chosen];
        if (p.idProducto !== producto.idProducto) chosen.add(p);
      }
    }
    return [...chosen];
  };
}

function groupByName(productos: Producto[], name: (p: Producto) => string): Map<string, Producto[]> {
  const groups = new Map<string, Producto[]>();
  for (const p of productos) {
    const key = nameKey(name(p));
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }
  return groups;
}
