import type { Menu } from '../api/schemas.ts';
import { listingTitle } from './listing.ts';
import { SPECIAL_LISTINGS, sameName, type ListingSource } from './selection.ts';

/** One breadcrumb step; the last one (the page itself) has no link. */
export interface Crumb {
  label: string;
  href?: string;
}

/** A pre-rendered listing route: its path parameter, what it lists, its canonical path and breadcrumb. */
export interface ListingRoute {
  param: string;
  source: ListingSource;
  /** The route search engines should index (aliases point at the capitalised route). */
  canonical: string;
  trail: Crumb[];
}

const HOME: Crumb = { label: 'Inicio', href: '/' };

/**
 * One path segment for a name, readable and safe: spaces and accents are percent-encoded, while the
 * characters a path segment allows as they are (& + : , ; = @ $) stay literal, because static file
 * servers decode paths with decodeURI, which leaves their escapes undecoded.
 */
export const pathSegment = (name: string) =>
  encodeURIComponent(name.trim()).replace(/%(26|2B|3A|2C|3B|3D|40|24)/gi, (escape) => decodeURIComponent(escape));

/** The path of a line, categoría or special listing: /Cuidado, /Contorno%20de%20ojos, /sale. */
export const listingPath = (name: string) => `/${pathSegment(name)}`;
/** The path of a child category listing: /categoria/{child}. */
export const childPath = (name: string) => `/categoria/${pathSegment(name)}`;
/** The path of a brand listing: /marcas/{nombre}. */
export const brandPath = (name: string) => `/marcas/${pathSegment(name)}`;

/**
 * The top-level listing routes of the route table: every line, every categoría (a categoría named
 * like its line, e.g. Accesorios, is the line's route), the special listings, and lowercase aliases
 * of the lines for the footer links (/cuidado), whose canonical is the capitalised route.
 */
export function topLevelRoutes(menu: Menu): ListingRoute[] {
  const routes: ListingRoute[] = [];
  const taken = (param: string) => routes.some((route) => route.param === param);
  for (const { linea, categorias } of menu) {
    if (!taken(linea)) routes.push({ param: linea, source: { kind: 'categoria', name: linea }, canonical: listingPath(linea), trail: [HOME, { label: listingTitle(linea) }] });
    for (const { nombre } of categorias) {
      if (taken(nombre) || sameName(nombre, linea)) continue;
      const trail = [HOME, { label: linea, href: listingPath(linea) }, { label: listingTitle(nombre) }];
      routes.push({ param: nombre, source: { kind: 'categoria', name: nombre }, canonical: listingPath(nombre), trail });
    }
  }
  for (const name of SPECIAL_LISTINGS) {
    routes.push({ param: name, source: { kind: 'special', name }, canonical: listingPath(name), trail: [HOME, { label: listingTitle(name) }] });
  }
  for (const { linea } of menu) {
    const alias = linea.toLocaleLowerCase('es');
    if (alias !== linea && !taken(alias)) {
      routes.push({ param: alias, source: { kind: 'categoria', name: linea }, canonical: listingPath(linea), trail: [HOME, { label: listingTitle(linea) }] });
    }
  }
  return routes;
}

/**
 * The /categoria/{child} routes: every child category of the menu, then any other child the
 * products name, each once (case-insensitively), with its line and categoría in the breadcrumb.
 */
export function childRoutes(menu: Menu, productChildren: string[] = []): ListingRoute[] {
  const routes: ListingRoute[] = [];
  const add = (child: string, parents: Crumb[]) => {
    const name = child.trim();
    if (!name || routes.some((route) => sameName(route.param, name))) return;
    routes.push({ param: name, source: { kind: 'child', name }, canonical: childPath(name), trail: [HOME, ...parents, { label: listingTitle(name) }] });
  };
  for (const { linea, categorias } of menu) {
    for (const { nombre, hijas } of categorias) {
      const parents = [{ label: linea, href: listingPath(linea) }];
      if (!sameName(nombre, linea)) parents.push({ label: nombre, href: listingPath(nombre) });
      for (const hija of hijas) add(hija, parents);
    }
  }
  for (const child of productChildren) add(child, []);
  return routes;
}

/** The /marcas/{nombre} route of a brand. */
export function brandRoute(nombre: string): ListingRoute {
  const name = nombre.trim();
  return {
    param: name,
    source: { kind: 'marca', name },
    canonical: brandPath(name),
    trail: [HOME, { label: 'Marcas', href: '/marcas' }, { label: listingTitle(name) }],
  };
}

/** The BreadcrumbList JSON-LD of a trail, with absolute URLs on `site`. */
export function breadcrumbJsonLd(trail: Crumb[], currentPath: string, site: URL | string | undefined) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: new URL(crumb.href ?? currentPath, site ?? 'http://localhost').href,
    })),
  };
}
