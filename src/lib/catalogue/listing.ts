import type { Producto } from '../api/schemas.ts';
import { precioFinal } from '../pricing/product.ts';
import { nameKey } from './selection.ts';

/** Sort options of a listing (storefront §2 and §9); 'relevancia' is labelled 'Ordenar por'. */
export const SORT_OPTIONS = [
  { value: 'relevancia', label: 'Ordenar por' },
  { value: 'precio-asc', label: 'Precio: menor a mayor' },
  { value: 'precio-desc', label: 'Precio: mayor a menor' },
  { value: 'a-z', label: 'Nombre: A-Z' },
  { value: 'z-a', label: 'Nombre: Z-A' },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]['value'];

export interface ListingFilters {
  min: number;
  max: number;
  /** Brand names; empty means 'Todas'. */
  marcas: string[];
  orden: SortOption;
}

/** The listing title: 'Productos Nuevos' for nuevo, hyphens to spaces and a capital first letter, or 'Título no disponible'. */
export function listingTitle(name: string | undefined): string {
  const text = (name ?? '').replace(/-/g, ' ').trim();
  if (!text) return 'Título no disponible';
  if (text.toLowerCase() === 'nuevo') return 'Productos Nuevos';
  return text.charAt(0).toLocaleUpperCase('es') + text.slice(1);
}

/** The price bounds of the loaded products (final prices), as whole soles that contain them. */
export function priceBounds(productos: Producto[]): { min: number; max: number } {
  if (productos.length === 0) return { min: 0, max: 0 };
  const prices = productos.map(precioFinal);
  return { min: Math.floor(Math.min(...prices)), max: Math.ceil(Math.max(...prices)) };
}

/** Spanish, case- and accent-insensitive order of names; one collator, far faster than localeCompare with options. */
const byNameCollator = new Intl.Collator('es', { sensitivity: 'base' });

/** Brands present in the products, each once (case-insensitive, trimmed), alphabetically. */
export function brandsPresent(productos: Producto[]): string[] {
  const seen = new Map<string, string>();
  for (const p of productos) {
    const key = p.marca.trim().toLocaleLowerCase('es');
    if (key && !seen.has(key)) seen.set(key, p.marca.trim());
  }
  return [...seen.values()].sort(byNameCollator.compare);
}

/** Keeps min at most max (storefront §5, price filter). */
export function clampRange(min: number, max: number, changed: 'min' | 'max'): { min: number; max: number } {
  if (min <= max) return { min, max };
  return changed === 'min' ? { min: max, max } : { min, max: min };
}

/** Applies the price range, the brand choice and the sort. */
export function applyFilters(productos: Producto[], filters: ListingFilters): Producto[] {
  const marcas = new Set(filters.marcas.map(nameKey));
  const filtered = productos.filter((p) => {
    const price = precioFinal(p);
    if (price < filters.min || price > filters.max) return false;
    return marcas.size === 0 || marcas.has(nameKey(p.marca));
  });
  return sortProducts(filtered, filters.orden);
}

export function sortProducts(productos: Producto[], orden: SortOption): Producto[] {
  const byName = (a: Producto, b: Producto) => byNameCollator.compare(a.nombre, b.nombre);
  switch (orden) {
    case 'precio-asc':
      return [...productos].sort((a, b) => precioFinal(a) - precioFinal(b));
    case 'precio-desc':
      return [...productos].sort((a, b) => precioFinal(b) - precioFinal(a));
    case 'a-z':
      return [...productos].sort(byName);
    case 'z-a':
      return [...productos].sort((a, b) => byName(b, a));
    default:
      return productos;
  }
}

/** One page of `pageSize` items (pages count from 1, clamped to the range) and the page count. */
export function paginate<T>(items: T[], page: number, pageSize: number): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return { items: items.slice((current - 1) * pageSize, current * pageSize), page: current, pages };
}
