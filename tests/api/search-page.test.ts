import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHandler } from '../../netlify/functions/api.ts';
import { createSearchPage, SHELL_PATH, SIN_PAGINA } from '../../netlify/functions/search.ts';
import { busquedaPaginadaSchema, type Producto } from '../../src/lib/api/schemas.ts';
import { productCardHtml } from '../../src/lib/catalogue/product-card-html.ts';
import { BUSQUEDA_INICIAL_ID, searchProducts, type BusquedaInicial } from '../../src/lib/catalogue/search.ts';
import { TIENDA } from '../../src/lib/tienda.ts';
import { pageButtonsHtml, searchPageHtml } from '../../src/server/catalogue/search-page.ts';
import PageButtons from '../../src/islands/search/PageButtons.tsx';
import { createShopServer } from '../../src/server/node/server.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, type TestShop } from './shop.ts';

/** The built search page as far as the server reads it: its title, the icon sprite, the wrapper and the island (pages/search.astro). */
const SPRITE = '/_astro/icons.Ab12-x.svg';
const SHELL =
  '<!DOCTYPE html><html lang="es-PE"><head><title>Resultados de búsqueda | K-Beauty Perú</title></head><body>' +
  `<header><button><svg width="24" height="24"><use href="${SPRITE}#search"></use></svg></button>` +
  '<astro-island uid="h1" component-url="/_astro/HeaderSearch.js"></astro-island></header>' +
  '<main><div class="container search-shell" data-busqueda-shell><astro-island uid="s1" component-url="/_astro/SearchPage.js" client="load">' +
  '<div class="search-page"><p class="search-page__status" role="status">Buscando productos…</p></div></astro-island></div></main></body></html>';

/** The JSON the page carries for its island. */
function inicialOf(html: string): BusquedaInicial {
  const json = new RegExp(`<script type="application/json" id="${BUSQUEDA_INICIAL_ID}">(.*?)</script>`).exec(html)?.[1];
  return JSON.parse(json!) as BusquedaInicial;
}

/** The drawn block: what stands between the wrapper's opening and the island. */
const drawnBlock = (html: string) =>
  html.slice(html.indexOf('data-busqueda-shell>') + 'data-busqueda-shell>'.length, html.indexOf('<astro-island hidden'));

describeEachDatabase('the search page drawn with its first results (decision 0232)', (target) => {
  let shop: TestShop;
  let catalogue: Producto[];
  let dir: string;

  beforeAll(async () => {
    shop = await openShop(target);
    catalogue = await shop.catalogue();
    dir = mkdtempSync(join(tmpdir(), 'kbeauty-search-page-'));
    mkdirSync(join(dir, 'search'), { recursive: true });
    writeFileSync(join(dir, 'search', 'index.html'), SHELL);
    writeFileSync(join(dir, '404.html'), '<h1>Página no encontrada</h1>');
  });
  afterAll(async () => {
    await shop?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('searchPageHtml', () => {
    it('draws the first cards as the card component does, beside the island, which waits hidden, with the same data as JSON', () => {
      const productos = searchProducts(catalogue, 'crema').slice(0, TIENDA.resultadosPorPagina);
      const inicial = { q: 'crema', total: 38, productos };
      const html = searchPageHtml(SHELL, inicial)!;
      expect(html).toContain('<title>Resultados de búsqueda para: &quot;crema&quot; | K-Beauty Perú</title>');
      // The header's island is untouched; the search island is hidden, after the drawn block, inside the wrapper.
      expect(html).toContain('<astro-island uid="h1"');
      expect(html).toContain('<astro-island hidden uid="s1"');
      const block = drawnBlock(html);
      expect(block).toMatch(/^<div class="search-page" data-busqueda-servidor><form class="search-page__form" action="\/search"/);
      expect(block).toContain('value="crema"');
      expect(block).toContain('<p class="search-page__count" role="status">38 productos encontrados</p>');
      const cards = productos.map(
        (producto, index) => `<li>${productCardHtml(producto, { priority: index === 0, headingLevel: 'h2', sprite: SPRITE })}</li>`,
      );
      expect(block).toContain(`<ul class="search-page__grid">${cards.join('')}</ul>`);
      // 38 results: two pages, the first current.
      expect(block).toContain('aria-label="Página 2"');
      expect(block).not.toContain('aria-label="Página 3"');
      // The JSON leaves out the long texts no card shows.
      const sinTextos = (producto: Producto) => ({ ...producto, descripcion: '', modouso: '', beneficios: '', ingredientes: '' });
      expect(inicialOf(html)).toEqual({ ...inicial, productos: productos.map(sinTextos) });
      expect(productos.some((producto) => producto.descripcion !== '')).toBe(true);
    });

    it('escapes a hostile query everywhere it shows, and no text can close the JSON script', () => {
      const q = '"><script>alert(1)</script><!--';
      const producto = { ...catalogue[0]!, nombre: 'Crema </script><script>alert(2)</script>' };
      const html = searchPageHtml(SHELL, { q, total: 1, productos: [producto] })!;
      expect(html).not.toContain('<script>alert');
      expect(html).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--"');
      expect(html.match(/<\/script>/g)).toHaveLength(1);
      expect(inicialOf(html)).toMatchObject({ q, total: 1, productos: [{ nombre: producto.nombre }] });
    });

    it("shows the island's searching line while no spec match was found (Pagefind may still find some)", () => {
      const block = drawnBlock(searchPageHtml(SHELL, { q: 'zzqq', total: 0, productos: [] })!);
      expect(block).toContain('<p class="search-page__status" role="status">Buscando productos…</p>');
      expect(block).not.toContain('No se encontraron productos.');
      expect(block).not.toContain('search-page__grid');
    });

    it("draws the island's page buttons on page 1 as React writes them", () => {
      for (const pages of [1, 2, 3, 7]) {
        expect(pageButtonsHtml(pages), String(pages)).toBe(
          renderToStaticMarkup(createElement(PageButtons, { page: 1, pages, onChange: () => {} })),
        );
      }
    });

    it('leaves a page it does not know alone', () => {
      const inicial = { q: 'crema', total: 0, productos: [] };
      expect(searchPageHtml(SHELL.replace(' data-busqueda-shell', ''), inicial)).toBeUndefined();
      expect(searchPageHtml(SHELL.replaceAll(SPRITE, '/icons.svg'), inicial)).toBeUndefined();
      expect(searchPageHtml(SHELL.replace(/<astro-island uid="s1"[\s\S]*<\/astro-island>/, ''), inicial)).toBeUndefined();
    });
  });

  describe('under npm start (the one-process server)', () => {
    const server = () => createShopServer({ services: shop.services, distDir: dir });

    it("answers /search?q= with the API's first page of spec matches drawn in the built page", async () => {
      const res = await server().request('/search?q=CREMA');
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('text/html; charset=UTF-8');
      expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
      const html = await res.text();
      const answer = busquedaPaginadaSchema.parse(await (await shop.app.request('/web/buscar?q=CREMA')).json());
      expect(inicialOf(html)).toMatchObject({ q: 'CREMA', total: answer.total });
      expect(inicialOf(html).productos.map((p) => p.idProducto)).toEqual(answer.mensaje.map((p) => p.idProducto));
      expect(answer.mensaje).toHaveLength(TIENDA.resultadosPorPagina);
      expect(drawnBlock(html)).toContain(productCardHtml(answer.mensaje[1]!, { headingLevel: 'h2', sprite: SPRITE }));
    });

    it('answers the built page as it is without a query, with an empty or over-long one, and to other methods', async () => {
      for (const path of ['/search', '/search?q=', '/search?q=%20-%20', `/search?q=${'a'.repeat(101)}`]) {
        const res = await server().request(path);
        expect(res.status, path).toBe(200);
        expect(await res.text(), path).toBe(SHELL);
      }
      expect((await server().request('/search?q=crema', { method: 'POST' })).status).not.toBe(200);
    });

    it('serves the static page when the build has none to draw in', async () => {
      const empty = mkdtempSync(join(tmpdir(), 'kbeauty-search-empty-'));
      writeFileSync(join(empty, '404.html'), '<h1>Página no encontrada</h1>');
      try {
        const res = await createShopServer({ services: shop.services, distDir: empty }).request('/search?q=crema');
        expect(res.status).toBe(404);
      } finally {
        rmSync(empty, { recursive: true, force: true });
      }
    });
  });

  describe('on Netlify (netlify/functions/search.ts)', () => {
    const PAGE_HEADERS = {
      'Content-Security-Policy': "default-src 'self'; script-src 'self' 'sha256-abc'",
      'X-Frame-Options': 'DENY',
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
      'X-Robots-Tag': 'noindex',
      'Set-Cookie': 'no=1',
    };
    const asked: string[] = [];
    const fetchSite = (url: string) => {
      asked.push(url);
      return Promise.resolve(new Response(SHELL, { headers: { 'Content-Type': 'text/html', ...PAGE_HEADERS } }));
    };

    it("draws the CDN's built page with the API's first results, under the page's own headers, kept per query by the CDN", async () => {
      const api = createHandler(shop.database.db, { config: shop.services.config });
      const handle = createSearchPage({ api, fetchSite, cdnSeconds: 60 });
      const res = await handle(new Request('https://kbeauty.example/search?q=crema'));
      expect(asked.at(-1)).toBe(`https://kbeauty.example${SHELL_PATH}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(inicialOf(html).productos.map((p) => p.idProducto)).toEqual(
        searchProducts(catalogue, 'crema')
          .slice(0, TIENDA.resultadosPorPagina)
          .map((p) => p.idProducto),
      );
      for (const [name, value] of Object.entries(PAGE_HEADERS)) {
        if (name !== 'Set-Cookie') expect(res.headers.get(name), name).toBe(value);
      }
      expect(res.headers.get('Set-Cookie')).toBeNull();
      expect(res.headers.get('Netlify-Vary')).toBe('query=q');
      expect(res.headers.get('Netlify-CDN-Cache-Control')).toBe('public, durable, s-maxage=60, stale-while-revalidate=60');
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate');
    });

    it('answers the built page, never kept by the CDN, when there is no query, the API fails or cannot be reached', async () => {
      const api = createHandler(shop.database.db, { config: shop.services.config });
      const failing = () => Promise.resolve(Response.json({ mensaje: 'Sin base de datos' }, { status: 503 }));
      const unreachable = () => Promise.reject(new Error('sin conexión'));
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      for (const [handle, path] of [
        [createSearchPage({ api, fetchSite, cdnSeconds: 60 }), '/search'],
        [createSearchPage({ api, fetchSite, cdnSeconds: 60 }), '/search?q=%20'],
        [createSearchPage({ api: failing, fetchSite, cdnSeconds: 60 }), '/search?q=crema'],
        [createSearchPage({ api: unreachable, fetchSite, cdnSeconds: 60 }), '/search?q=crema'],
      ] as const) {
        const res = await handle(new Request(`https://kbeauty.example${path}`));
        expect(res.status, path).toBe(200);
        expect(await res.text(), path).toBe(SHELL);
        expect(res.headers.get('Content-Security-Policy'), path).toBe(PAGE_HEADERS['Content-Security-Policy']);
        expect(res.headers.get('Netlify-CDN-Cache-Control'), path).toBeNull();
      }
      expect(logged).toHaveBeenCalledOnce();
      expect(String(logged.mock.calls[0]![0])).toMatch(
        /^La página de búsqueda no pudo dibujar sus primeros resultados: Error: sin conexión/,
      );
      logged.mockRestore();
      // SEARCH_PAGE_CDN_SECONDS=0: drawn, never kept.
      const drawn = await createSearchPage({ api, fetchSite, cdnSeconds: 0 })(new Request('https://kbeauty.example/search?q=crema'));
      expect(await drawn.text()).toContain('data-busqueda-servidor');
      expect(drawn.headers.get('Netlify-CDN-Cache-Control')).toBeNull();
    });

    it('fetches the built page once per instance (a deploy brings new ones), again after a failure', async () => {
      const api = createHandler(shop.database.db, { config: shop.services.config });
      let answers = [
        () => Promise.reject(new Error('sin conexión')),
        () => Promise.resolve(new Response('', { status: 502 })),
        () => Promise.resolve(new Response(SHELL, { headers: PAGE_HEADERS })),
      ];
      let fetched = 0;
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const handle = createSearchPage({
        api,
        fetchSite: () => {
          fetched += 1;
          const [next, ...rest] = answers;
          answers = rest.length > 0 ? rest : answers;
          return next!();
        },
        cdnSeconds: 60,
      });
      const ask = () => handle(new Request('https://kbeauty.example/search?q=crema'));
      const unavailable = await ask();
      expect(unavailable.status).toBe(503);
      expect(await unavailable.json()).toEqual({ mensaje: SIN_PAGINA });
      expect(unavailable.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(logged).toHaveBeenCalledOnce();
      logged.mockRestore();
      expect((await ask()).status).toBe(502);
      for (let i = 0; i < 3; i++) expect(await (await ask()).text()).toContain('data-busqueda-servidor');
      expect(fetched).toBe(3);
    });

    it("passes on the CDN's own failure to give the page", async () => {
      const handle = createSearchPage({
        api: () => Promise.reject(new Error('no debía llamarse')),
        fetchSite: () => Promise.resolve(new Response('<h1>Página no encontrada</h1>', { status: 404, headers: PAGE_HEADERS })),
        cdnSeconds: 60,
      });
      const res = await handle(new Request('https://kbeauty.example/search?q=crema'));
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('<h1>Página no encontrada</h1>');
    });
  });
});
