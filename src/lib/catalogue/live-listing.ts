import type { Marca, Menu, Producto } from '../api/schemas.ts';
import { brandRoutes, childRoutes, type ListingRoute } from './routes.ts';
import { sameName } from './selection.ts';

/** A child-category or brand listing path, /categoria/{child} or /marcas/{nombre} (the 404 page's inline script tests it too). */
export const LIVE_LISTING_PATH = /^\/(categoria|marcas)\/([^/]+)\/?$/;

/** The listing a path names, by kind and name; undefined for any other path or a malformed one. */
export function listingFromPath(pathname: string): { kind: 'child' | 'marca'; name: string } | undefined {
  const match = LIVE_LISTING_PATH.exec(pathname);
  if (!match) return undefined;
  try {
    const name = decodeURIComponent(match[2]!).trim();
    return name ? { kind: match[1] === 'categoria' ? 'child' : 'marca', name } : undefined;
  } catch {
    return undefined;
  }
}

/** What the live catalogue says exists: the menu (for child categories), the brands and the products. */
export interface LiveCatalogue {
  menu: Menu;
  marcas: Pick<Marca, 'nombre'>[];
  productos: Producto[];
}

/**
 * The listing route a child category or brand has in the live catalogue, spelled as the catalogue
 * spells it, with its breadcrumb; undefined when no menu entry, brand or product names it. A child
 * category or brand created after the last build is found here even with no products yet.
 */
export function liveListingRoute(
  target: { kind: 'child' | 'marca'; name: string },
  { menu, marcas, productos }: LiveCatalogue,
): ListingRoute | undefined {
  const routes =
    target.kind === 'child'
      ? childRoutes(
          menu,
          productos.map((producto) => producto.child),
        )
      : brandRoutes(marcas, productos);
  return routes.find((route) => sameName(route.param, target.name));
}
