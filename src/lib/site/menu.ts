import type { Menu } from '../api/schemas.ts';
import { brandPath, childPath, listingPath } from '../catalogue/routes.ts';

/** One entry of the header menus, with its own sub-entries. */
export interface MenuLink {
  label: string;
  href: string;
  children: MenuLink[];
}

// One collator each: localeCompare with options builds its rules on every call (7 ms to sort 250 brands).
const baseCollator = new Intl.Collator('es', { sensitivity: 'base' });
const brandCollator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });
const same = (a: string, b: string) => baseCollator.compare(a, b) === 0;
const hijaLinks = (hijas: readonly string[]): MenuLink[] => hijas.map((h) => ({ label: h, href: childPath(h), children: [] }));

/**
 * The lines of the menu with their categorías and children. A line whose only categoría has the
 * line's own name (Accesorios) lists that categoría's children directly, so no level repeats itself.
 */
export function desktopMenu(menu: Menu): MenuLink[] {
  return menu.map(({ linea, categorias }) => {
    const only = categorias.length === 1 ? categorias[0] : undefined;
    const children =
      only && same(only.nombre, linea)
        ? hijaLinks(only.hijas)
        : categorias.map((c) => ({ label: c.nombre, href: listingPath(c.nombre), children: hijaLinks(c.hijas) }));
    return { label: linea, href: listingPath(linea), children };
  });
}

/** Corporal's mobile section (storefront §2 route table): only these children, in this order. */
export const CORPORAL_MOVIL = ['Manos', 'Pies', 'Cabello'] as const;

/** The mobile menu: as on desktop, except that Corporal lists only Manos, Pies and Cabello. */
export function mobileMenu(menu: Menu): MenuLink[] {
  return desktopMenu(menu).map((linea) => (same(linea.label, 'Corporal') ? { ...linea, children: hijaLinks(CORPORAL_MOVIL) } : linea));
}

/** The order of brand names for Spanish readers: alphabetical, case- and accent-insensitive, numbers by value. */
export const compareBrandNames = brandCollator.compare;

/** Brand names sorted alphabetically for Spanish readers (compareBrandNames). */
export const sortBrands = (nombres: readonly string[]) => [...nombres].sort(compareBrandNames);

/** The brands' menu entries, sorted for Spanish readers (sortBrands), each linking to its brand page. */
export const brandLinks = (nombres: readonly string[]): MenuLink[] =>
  sortBrands(nombres).map((nombre) => ({ label: nombre, href: brandPath(nombre), children: [] }));
