import type { Producto } from '../api/schemas.ts';
import { idFromSlug, productPath } from '../slug.ts';

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

/** Whether a path is a product page path, whatever its id. */
export const isProductPath = (pathname: string) => /^\/producto\/[^/]+\/?$/.test(pathname);

export interface Crumb {
  name: string;
  href: string;
}

/** Breadcrumb of a product page: Inicio / categoría (/{categoria}) / child (/categoria/{child}) / name. */
export function productBreadcrumb(producto: Pick<Producto, 'idProducto' | 'nombre' | 'categoria' | 'child'>): Crumb[] {
  const crumbs: Crumb[] = [{ name: 'Inicio', href: '/' }];
  const categoria = producto.categoria.trim();
  const child = producto.child.trim();
  if (categoria) crumbs.push({ name: categoria, href: `/${encodeURIComponent(categoria)}` });
  if (child) crumbs.push({ name: child, href: `/categoria/${encodeURIComponent(child)}` });
  crumbs.push({ name: producto.nombre, href: productPath(producto) });
  return crumbs;
}
