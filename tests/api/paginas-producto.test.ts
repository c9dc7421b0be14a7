import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { NOT_FOUND_SCRIPT } from '../../src/lib/catalogue/not-found.ts';
import { productPath } from '../../src/lib/catalogue/routes.ts';
import { catalogueVersion } from '../../src/server/catalogue/queries.ts';
import { productPagesMax } from '../../src/server/config.ts';
import { createShopServer } from '../../src/server/node/server.ts';
import { buildSite } from '../../src/site-builder/site-build.ts';
import { testDatabases } from './databases.ts';
import { openShop, type TestShop } from './shop.ts';

/** The cap of this build: the demo catalogue's first products get a page, the rest are drawn on request. */
const TOPE = 3;

describe('PRODUCT_PAGES_MAX', () => {
  it('is LIMITES.paginasDeProducto unless the operator sets a positive whole number', () => {
    expect(productPagesMax({})).toBe(30_000);
    expect(productPagesMax({ PRODUCT_PAGES_MAX: '500' })).toBe(500);
    expect(() => productPagesMax({ PRODUCT_PAGES_MAX: '0' })).toThrow(/PRODUCT_PAGES_MAX/);
    expect(() => productPagesMax({ PRODUCT_PAGES_MAX: 'muchas' })).toThrow(/PRODUCT_PAGES_MAX/);
  });
});

/**
 * Decision 0226: a build writes a page for the first PRODUCT_PAGES_MAX products in id order only; the others stay
 * in the listings and are drawn on request by the 404 page's live product view, out of the sitemap. A real Astro
 * build of the demo catalogue with a cap of three; the database plays no part in it, so PGlite only.
 */
describe('a build capped at PRODUCT_PAGES_MAX product pages', () => {
  let shop: TestShop;
  let server: ServerType;
  let root: string;
  let productos: Producto[];
  let prerenderEnElCheckout = false;
  const dist = () => join(root, 'dist');

  beforeAll(async () => {
    shop = await openShop(testDatabases()[0]!);
    productos = [...(await shop.catalogue())].sort((a, b) => a.idProducto - b.idProducto);
    server = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    root = mkdtempSync(join(tmpdir(), 'kbeauty-tope-'));
    const antes = process.env.PRODUCT_PAGES_MAX;
    process.env.PRODUCT_PAGES_MAX = String(TOPE);
    // Astro's rendering chunks, for an output folder outside the checkout, went to the checkout's own
    // .astro/.prerender/, which a second build at once deleted under the first (site-build.ts: runAstroBuild).
    const vigilancia = setInterval(() => {
      if (existsSync(join(process.cwd(), '.astro', '.prerender'))) prerenderEnElCheckout = true;
    }, 100);
    try {
      await buildSite({
        distDir: dist(),
        catalogueUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        catalogueVersion: await catalogueVersion(shop.database.db),
        photoCacheDir: join(root, 'fotos'),
      });
    } finally {
      clearInterval(vigilancia);
      if (antes === undefined) delete process.env.PRODUCT_PAGES_MAX;
      else process.env.PRODUCT_PAGES_MAX = antes;
    }
  }, 240_000);
  afterAll(async () => {
    server?.close();
    await shop?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const built = (producto: Producto) => existsSync(join(dist(), productPath(producto), 'index.html'));

  it('writes a page for the first products in id order and none for the rest', () => {
    expect(productos.length).toBeGreaterThan(TOPE);
    expect(productos.slice(0, TOPE).every(built)).toBe(true);
    expect(productos.slice(TOPE).filter(built)).toEqual([]);
  });

  it("renders in a working folder of its own, never in the checkout's .astro/.prerender/ that builds at once would share", () => {
    expect(prerenderEnElCheckout).toBe(false);
    expect(productos.slice(0, TOPE).every(built)).toBe(true);
  });

  it('lists only the written pages in the sitemap', () => {
    const sitemap = readFileSync(join(dist(), 'sitemap.xml'), 'utf8');
    const productPaths = [...sitemap.matchAll(/<loc>[^<]*?(\/producto\/[^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(productPaths.sort()).toEqual(productos.slice(0, TOPE).map(productPath).sort());
  });

  it('serves a product past the cap with the 404 page, which draws it live and keeps it out of the index', async () => {
    const site = createShopServer({ services: shop.services, distDir: dist() });
    const res = await site.request(productPath(productos[TOPE]!));
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain(NOT_FOUND_SCRIPT);
    expect(html).toMatch(/<meta name="robots" content="noindex/);
  });
});
