import type { Marca, Menu, Producto } from '../api/schemas.ts';
import { idFromSlug, productSlug } from '../slug.ts';
import { listingTitle } from './listing.ts';
import { SPECIAL_LISTINGS, nameKey, sameName, type ListingSource } from './selection.ts';

/*
 * The shop's one URL module: every internal catalogue path (listings, child categories, brands,
 * products, search) is built here, and the breadcrumb trails that link them. Canonical URLs, links
 * and the sitemap all call it, so a page is always named one way.
 */

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

/** The first step of every trail: the home page. */
export const HOME_CRUMB: Crumb = { label: 'Inicio', href: '/' };
/** The page of every brand, /marcas. */
export const BRANDS_PATH = '/marcas';
/** The search results page, /search. */
export const SEARCH_PATH = '/search';
/** The header's full menus, rendered once for every page (components/layout/shared-menus.ts). */
export const MENUS_PATH = '/menus';

/**
 * One path segment for a name, as the built page's folder is named: spaces and accents are
 * percent-encoded, while the characters a path segment allows as they are (& + : , ; = @ $) stay
 * literal. A CDN decoding the whole path and a static server decoding it with decodeURI (which
 * leaves %26, %2B… as they are) then both find dist/marcas/Rom&nd/ for /marcas/Rom&nd.
 */
export const pathSegment = (name: string) =>
  encodeURIComponent(name.trim()).replace(/%(26|2B|3A|2C|3B|3D|40|24)/gi, (escape) => decodeURIComponent(escape));

/** The sub-delimiters pathSegment leaves literal. */
const LITERAL_SUB_DELIMS = /[&+:,;=@$]/g;

/**
 * The other spelling of a page path with sub-delimiters, as encodeURIComponent writes its segments
 * (/marcas/Dr.%20Jart+ → /marcas/Dr.%20Jart%2B); undefined when it has none. Netlify's static server
 * does not decode those escapes, so dist/_redirects sends this spelling to the page (301), as the
 * Node server does (server.ts): one page, one URL, on both.
 */
export function escapedSpelling(path: string): string | undefined {
  const escaped = path.replace(LITERAL_SUB_DELIMS, (char) => encodeURIComponent(char));
  return escaped === path ? undefined : escaped;
}

/**
 * The `_redirects` rules (Netlify's format) from the escaped spelling of each built page to the
 * page, for pages named by their folders under dist/ as the build wrote them (marcas/Dr. Jart+).
 * Not forced: a file at the spelling itself would win, so no rule can loop.
 */
export function escapedSpellingRedirects(pageFolders: string[]): string[] {
  return pageFolders.flatMap((folder) => {
    const path = `/${folder.split('/').filter(Boolean).map(pathSegment).join('/')}`;
    const escaped = escapedSpelling(path);
    return escaped ? [`${escaped} ${path} 301`] : [];
  });
}

/** The path of a line, categoría or special listing: /Cuidado, /Contorno%20de%20ojos, /sale. */
export const listingPath = (name: string) => `/${pathSegment(name)}`;
/** The path of a child category listing: /categoria/{child}. */
export const childPath = (name: string) => `/categoria/${pathSegment(name)}`;
/** The path of a brand listing: /marcas/{nombre}. */
export const brandPath = (name: string) => `${BRANDS_PATH}/${pathSegment(name)}`;
/** The product page path, /producto/{id}-{slug}. */
export const productPath = (producto: { idProducto: number; nombre: string }) => `/producto/${productSlug(producto)}`;
/** The search results of a text, /search?q=…; the bare page for a blank text. */
export const searchPath = (query: string) => (query.trim() ? `${SEARCH_PATH}?q=${encodeURIComponent(query.trim())}` : SEARCH_PATH);

/** A built page's own path from its URL, without the trailing slash of Astro's folder build (/marcas/ → /marcas). */
export const pagePath = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');

/** Any product page path, whatever its id (the 404 page's inline script tests it too). */
export const PRODUCT_PATH = /^\/producto\/[^/]+\/?$/;
/** Whether a path is a product page path, whatever its id. */
export const isProductPath = (pathname: string) => PRODUCT_PATH.test(pathname);

/** The product id of a /producto/{id}-{slug} path or URL; undefined for any other path or a bad id. */
export function productIdFromPath(pathOrUrl: string): number | undefined {
  const match = /^(?:[a-z]+:\/\/[^/]+)?\/producto\/([^/?#]+)\/?(?:[?#].*)?$/i.exec(pathOrUrl);
  if (!match) return undefined;
  try {
    return idFromSlug(decodeURIComponent(match[1]!));
  } catch {
    return undefined;
  }
}

/** The trail of a page outside the catalogue: Inicio, `parents`, then the page. */
export const pageTrail = (label: string, parents: Crumb[] = []): Crumb[] => [HOME_CRUMB, ...parents, { label }];

/**
 * The top-level listing routes of the route table: every line, every categoría (a categoría named
 * like its line, e.g. Accesorios, is the line's route), the special listings, and lowercase aliases
 * of the lines for the footer links (/cuidado), whose canonical is the capitalised route.
 */
export function topLevelRoutes(menu: Menu): ListingRoute[] {
  const routes: ListingRoute[] = [];
  const taken = (param: string) => routes.some((route) => route.param === param);
  for (const { linea, categorias } of menu) {
    if (!taken(linea))
      routes.push({
        param: linea,
        source: { kind: 'categoria', name: linea },
        canonical: listingPath(linea),
        trail: pageTrail(listingTitle(linea)),
      });
    for (const { nombre } of categorias) {
      if (taken(nombre) || sameName(nombre, linea)) continue;
      const trail = pageTrail(listingTitle(nombre), [{ label: linea, href: listingPath(linea) }]);
      routes.push({ param: nombre, source: { kind: 'categoria', name: nombre }, canonical: listingPath(nombre), trail });
    }
  }
  for (const name of SPECIAL_LISTINGS) {
    routes.push({ param: name, source: { kind: 'special', name }, canonical: listingPath(name), trail: pageTrail(listingTitle(name)) });
  }
  for (const { linea } of menu) {
    const alias = linea.toLocaleLowerCase('es');
    if (alias !== linea && !taken(alias)) {
      routes.push({
        param: alias,
        source: { kind: 'categoria', name: linea },
        canonical: listingPath(linea),
        trail: pageTrail(listingTitle(linea)),
      });
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
  const isNew = newNames();
  const add = (child: string, parents: Crumb[]) => {
    const name = child.trim();
    if (!isNew(name)) return;
    routes.push({
      param: name,
      source: { kind: 'child', name },
      canonical: childPath(name),
      trail: pageTrail(listingTitle(name), parents),
    });
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
    trail: pageTrail(listingTitle(name), [{ label: 'Marcas', href: BRANDS_PATH }]),
  };
}

/** The brand routes: every brand of the catalogue, then any other brand a product names, each once. */
export function brandRoutes(marcas: Pick<Marca, 'nombre'>[], productos: Pick<Producto, 'marca'>[] = []): ListingRoute[] {
  const isNew = newNames();
  return [...marcas.map((marca) => marca.nombre), ...productos.map((producto) => producto.marca)].filter(isNew).map(brandRoute);
}

/**
 * A test of names met one after another: true for a name not blank and not met before, whatever its case
 * and spaces (nameKey). A set, not a scan of the routes so far: a catalogue of 30,000 products names a
 * brand and a child each.
 */
function newNames(): (name: string) => boolean {
  const met = new Set<string>();
  return (name) => {
    const key = nameKey(name);
    if (!key || met.has(key)) return false;
    met.add(key);
    return true;
  };
}

/** The trail of a product page: Inicio / categoría (/{categoria}) / child (/categoria/{child}) / name. */
export function productTrail(producto: Pick<Producto, 'nombre' | 'categoria' | 'child'>): Crumb[] {
  const categoria = producto.categoria.trim();
  const child = producto.child.trim();
  const parents: Crumb[] = [];
  if (categoria) parents.push({ label: categoria, href: listingPath(categoria) });
  if (child) parents.push({ label: child, href: childPath(child) });
  return pageTrail(producto.nombre, parents);
}
