import type { Menu } from '../../lib/api/schemas.ts';

/** One entry of the header menus, with its own sub-entries. */
export interface MenuLink {
  label: string;
  href: string;
  children: MenuLink[];
}

/** /{linea} or /{categoria}, percent-encoded (/Ser%C3%BAm, /Contorno%20de%20ojos). */
export const categoriaHref = (nombre: string) => `/${encodeURIComponent(nombre)}`;
/** /categoria/{child}. */
export const hijaHref = (nombre: string) => `/categoria/${encodeURIComponent(nombre)}`;
/** /marcas/{nombre}. */
export const marcaHref = (nombre: string) => `/marcas/${encodeURIComponent(nombre)}`;

const same = (a: string, b: string) => a.localeCompare(b, 'es', { sensitivity: 'base' }) === 0;
const hijaLinks = (hijas: readonly string[]): MenuLink[] => hijas.map((h) => ({ label: h, href: hijaHref(h), children: [] }));

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
        : categorias.map((c) => ({ label: c.nombre, href: categoriaHref(c.nombre), children: hijaLinks(c.hijas) }));
    return { label: linea, href: categoriaHref(linea), children };
  });
}

/** Corporal's mobile section (storefront §2 route table): only these children, in this order. */
export const CORPORAL_MOVIL = ['Manos', 'Pies', 'Cabello'] as const;

/** The mobile menu: as on desktop, except that Corporal lists only Manos, Pies and Cabello. */
export function mobileMenu(menu: Menu): MenuLink[] {
  return desktopMenu(menu).map((linea) =>
    same(linea.label, 'Corporal') ? { ...linea, children: hijaLinks(CORPORAL_MOVIL) } : linea,
  );
}

/** Brand names sorted alphabetically for Spanish readers, case- and accent-insensitive. */
export const sortBrands = (nombres: readonly string[]) =>
  [...nombres].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base', numeric: true }));
