import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { builtProducts } from '../site-builder/catalogue-pages.ts';
import { sitemapPaths, sitemapXml, staticPagesFrom } from '../lib/seo/sitemap.ts';

/** /sitemap.xml: every pre-rendered route as an absolute URL (SITE_URL); a product drawn on request is not one. */
export const GET: APIRoute = async ({ site }) => {
  const [menu, marcas, productos] = await Promise.all([getCollection('menu'), getCollection('marcas'), builtProducts()]);
  const paths = sitemapPaths({
    menu: menu.map((entry) => entry.data),
    marcas: marcas.map((entry) => entry.data),
    productos,
    staticPages: staticPagesFrom(Object.keys(import.meta.glob('./*.astro'))),
  });
  return new Response(sitemapXml(paths.map((path) => new URL(path, site).href)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  });
};
