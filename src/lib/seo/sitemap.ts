import type { Marca, Menu, Producto } from '../api/schemas.ts';
import { BRANDS_PATH, brandRoutes, childRoutes, MENUS_PATH, productPath, SEARCH_PATH, topLevelRoutes } from '../catalogue/routes.ts';

/** Routes crawlers should skip: search results, cart, account, orders, checkout and the back office. */
export const DISALLOWED = [SEARCH_PATH, '/carrito', '/cuenta', '/mis-pedidos', '/procesoDePago', '/pago-de-prueba', '/admin'];

/** Pages that are not content: home (listed first anyway), errors, payment results and the shared menus. */
const NOT_IN_SITEMAP = new Set(['/', '/404', '/success', '/pending', '/failure', MENUS_PATH, ...DISALLOWED]);

/**
 * The static pages among the page files at the top of src/pages ('./tienda-fisica.astro' →
 * '/tienda-fisica'), so a page appears in the sitemap once it exists: no dynamic routes, no
 * private or result pages.
 */
export function staticPagesFrom(files: string[]): string[] {
  return files
    .map((file) => /^\.\/([^/[\]]+)\.astro$/.exec(file)?.[1])
    .filter((name): name is string => name !== undefined)
    .map((name) => (name === 'index' ? '/' : `/${name}`))
    .filter((path) => !NOT_IN_SITEMAP.has(path))
    .sort();
}

/**
 * Every pre-rendered page by its canonical path, each once: home, the listing routes (lines,
 * categorías, specials, children, brands) as the pages build them, /marcas, every product and the
 * static pages.
 */
export function sitemapPaths({
  menu,
  marcas,
  productos,
  staticPages,
}: {
  menu: Menu;
  marcas: Marca[];
  productos: Producto[];
  staticPages: string[];
}): string[] {
  const listings = [
    ...topLevelRoutes(menu),
    ...childRoutes(
      menu,
      productos.map((producto) => producto.child),
    ),
  ];
  return [
    ...new Set([
      '/',
      ...listings.map((route) => route.canonical),
      BRANDS_PATH,
      ...brandRoutes(marcas, productos).map((route) => route.canonical),
      ...productos.map(productPath),
      ...staticPages,
    ]),
  ];
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!);

/** A sitemaps.org urlset of absolute URLs. */
export function sitemapXml(urls: string[]): string {
  const entries = urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

/** robots.txt: everything allowed but the private routes, and the sitemap's address. */
export function robotsTxt(sitemapUrl: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${sitemapUrl}`, ''].join('\n');
}
