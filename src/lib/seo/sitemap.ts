import type { Marca, Menu, Producto } from '../api/schemas.ts';
import { SPECIAL_LISTINGS } from '../catalogue/selection.ts';
import { productPath } from '../slug.ts';

/** Routes crawlers should skip: search results, cart, account, orders and checkout. */
export const DISALLOWED = ['/search', '/carrito', '/cuenta', '/mis-pedidos', '/procesoDePago', '/pago-de-prueba'];

/** Pages that are not content: home (listed first anyway), errors and payment results. */
const NOT_IN_SITEMAP = new Set(['/', '/404', '/success', '/pending', '/failure', ...DISALLOWED]);

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

const segment = (name: string) => encodeURIComponent(name.trim());

/**
 * Every pre-rendered route, each once: home, the menu's lines, categorías and children, the
 * special listings, /marcas and each brand, every product and the static pages.
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
  const paths = ['/'];
  for (const linea of menu) {
    paths.push(`/${segment(linea.linea)}`);
    for (const categoria of linea.categorias) {
      paths.push(`/${segment(categoria.nombre)}`);
      for (const hija of categoria.hijas) paths.push(`/categoria/${segment(hija)}`);
    }
  }
  paths.push(...SPECIAL_LISTINGS.map((name) => `/${name}`), '/marcas', ...marcas.map((marca) => `/marcas/${segment(marca.nombre)}`));
  paths.push(...productos.map(productPath), ...staticPages);
  return [...new Set(paths)];
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
