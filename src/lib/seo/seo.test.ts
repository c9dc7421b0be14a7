import { describe, expect, it } from 'vitest';
import { makeProducto as p } from '../../../tests/fixtures/producto.ts';
import { brandRoute, productTrail } from '../catalogue/routes.ts';
import { availability, breadcrumbJsonLd, jsonLdScript, metaDescription, productJsonLd } from './json-ld.ts';
import { robotsTxt, sitemapPaths, sitemapXml, staticPagesFrom } from './sitemap.ts';

const site = 'https://kbeauty.pe';

describe('product JSON-LD', () => {
  it('describes the product and its offer at the final price in PEN', () => {
    const data = productJsonLd(p({ idProducto: 12, nombre: 'Sérum C', precio: 100, descuento: 10, descuentoN: 30, marca: 'Anua' }), site);
    expect(data).toMatchObject({
      '@type': 'Product',
      name: 'Sérum C',
      sku: '12',
      brand: { '@type': 'Brand', name: 'Anua' },
      image: ['https://kbeauty.pe/demo/a-1.svg', 'https://kbeauty.pe/demo/a-2.svg'],
      offers: {
        price: '90.00',
        priceCurrency: 'PEN',
        availability: 'https://schema.org/InStock',
        url: 'https://kbeauty.pe/producto/12-serum-c',
      },
    });
  });
  it('marks presale before sold out', () => {
    expect(availability({ newores: 'Preventa', stock: 0 })).toBe('PreOrder');
    expect(availability({ newores: '', stock: 0 })).toBe('OutOfStock');
    expect(availability({ newores: 'Sale', stock: 2 })).toBe('InStock');
  });
  it('lists breadcrumbs with positions and absolute links', () => {
    expect(breadcrumbJsonLd([{ label: 'Inicio', href: '/' }, { label: 'Serúm', href: '/Ser%C3%BAm' }], '/Ser%C3%BAm', site).itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Inicio', item: 'https://kbeauty.pe/' },
      { '@type': 'ListItem', position: 2, name: 'Serúm', item: 'https://kbeauty.pe/Ser%C3%BAm' },
    ]);
  });
  it('gives absolute URLs, the last one the current page', () => {
    const data = breadcrumbJsonLd(brandRoute('COSRX').trail, '/marcas/COSRX', 'https://tienda.pe');
    expect(data.itemListElement.map((item) => item.item)).toEqual(['https://tienda.pe/', 'https://tienda.pe/marcas', 'https://tienda.pe/marcas/COSRX']);
    expect(data.itemListElement[2]).toMatchObject({ position: 3, name: 'COSRX' });
    const product = breadcrumbJsonLd(productTrail(p({ idProducto: 9, nombre: 'Sérum Glow', categoria: 'Serúm', child: '' })), '/producto/9-serum-glow', site);
    expect(product.itemListElement.at(-1)).toMatchObject({ name: 'Sérum Glow', item: 'https://kbeauty.pe/producto/9-serum-glow' });
  });
});

describe('JSON-LD script text', () => {
  it('cannot end its <script> element or start markup, and parses back to the same data', () => {
    const data = productJsonLd(p({ nombre: '</script><script>alert(1)</script>', descripcion: 'a & b <!-- c --> \u2028\u2029 <SCRIPT>' }), site);
    const text = jsonLdScript(data);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
    expect(JSON.parse(text)).toEqual(data);
  });
});

describe('meta description', () => {
  it('keeps short texts and cuts long ones at a word', () => {
    expect(metaDescription('  Crema   ligera. ')).toBe('Crema ligera.');
    const long = metaDescription('palabra '.repeat(40), 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long).toMatch(/palabra…$/);
  });
});

describe('sitemap and robots', () => {
  const menu = [
    { linea: 'Cuidado', categorias: [{ nombre: 'Contorno de ojos', hijas: ['Crema de ojos'] }] },
    { linea: 'Accesorios', categorias: [{ nombre: 'Accesorios', hijas: ['Brochas'] }] },
  ];
  it('lists every static route once', () => {
    const paths = sitemapPaths({ menu, marcas: [{ idMarca: 1, nombre: 'Beauty of Joseon', logo: null }], productos: [p({ idProducto: 5, nombre: 'Tónico' })], staticPages: ['/tienda-fisica'] });
    expect(paths).toEqual(
      expect.arrayContaining(['/', '/Cuidado', '/Contorno%20de%20ojos', '/categoria/Crema%20de%20ojos', '/Accesorios', '/categoria/Brochas']),
    );
    expect(paths).toEqual(expect.arrayContaining(['/sale', '/ofertas', '/marcas', '/marcas/Beauty%20of%20Joseon', '/producto/5-tonico', '/tienda-fisica']));
    expect(paths.filter((path) => path === '/Accesorios')).toHaveLength(1);
  });
  it('names every listing as its page does: product-named children and brands, literal sub-delimiters', () => {
    const paths = sitemapPaths({
      menu,
      marcas: [{ idMarca: 1, nombre: 'Rom&nd', logo: null }],
      productos: [p({ idProducto: 5, nombre: 'Tónico', marca: 'Dr. Jart+', child: 'Toallitas' })],
      staticPages: [],
    });
    expect(paths).toEqual(expect.arrayContaining(['/marcas/Rom&nd', '/marcas/Dr.%20Jart+', '/categoria/Toallitas']));
    expect(paths.filter((path) => path === '/Cuidado')).toHaveLength(1);
  });
  it('takes the static pages from the page files, without private, error or dynamic routes', () => {
    const files = ['./index.astro', './404.astro', './[listing].astro', './tienda-fisica.astro', './carrito.astro', './search.astro', './Creador_de_piel.astro', './success.astro'];
    expect(staticPagesFrom(files)).toEqual(['/Creador_de_piel', '/tienda-fisica']);
  });
  it('writes escaped absolute URLs and the robots rules', () => {
    expect(sitemapXml(['https://kbeauty.pe/a?b&c'])).toContain('<loc>https://kbeauty.pe/a?b&amp;c</loc>');
    const robots = robotsTxt('https://kbeauty.pe/sitemap.xml');
    expect(robots).toContain('Disallow: /carrito');
    expect(robots).toContain('Disallow: /search');
    expect(robots).toMatch(/^Sitemap: https:\/\/kbeauty\.pe\/sitemap\.xml$/m);
  });
});
