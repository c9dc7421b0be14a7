import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '../../src/lib/catalogue/routes.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { catalogueVersion } from '../../src/server/catalogue/queries.ts';
import { inlineScriptHashes } from '../../src/server/http/inline-scripts.ts';
import { createShopServer } from '../../src/server/node/server.ts';
import { buildSite } from '../../src/site-builder/site-build.ts';
import { testDatabases } from './databases.ts';
import { openShop, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-catalogo-hostil-0123456789';
const ATAQUE = '</script><script>alert(1)</script>';
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/**
 * Issue 21, item 2: catalogue text written to look like markup (from the operator API's import, a
 * supplier's file) reaches a real Astro build of the whole site. The database plays no part in how a
 * page is rendered, so this runs on PGlite only.
 */
describe('a catalogue text holding </script><script>… builds an inert page', () => {
  let shop: TestShop;
  let server: ServerType;
  let root: string;
  let hostil: Producto;
  let vecino: Producto;

  beforeAll(async () => {
    shop = await openShop(testDatabases()[0]!, { config: { adminToken: TOKEN } });
    const [primero, segundo] = await shop.catalogue();
    vecino = segundo!;
    const res = await shop.call('POST', '/admin/api/importar', {
      token: TOKEN,
      body: {
        filas: [
          {
            fila: 2,
            valores: {
              idProducto: primero!.idProducto,
              nombre: `Sérum ${ATAQUE}`,
              descripcion: `Calma la piel. ${ATAQUE} <!-- \u2028 & fin`,
            },
          },
        ],
      },
    });
    expect(((await res.json()) as { resultados: { resultado: string }[] }).resultados.map((r) => r.resultado)).toEqual(['actualizado']);
    hostil = (await shop.catalogue()).find((producto) => producto.idProducto === primero!.idProducto)!;
    expect(hostil.nombre).toBe(`Sérum ${ATAQUE}`);

    server = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    root = mkdtempSync(join(tmpdir(), 'kbeauty-hostil-'));
    await buildSite({
      distDir: join(root, 'dist'),
      catalogueUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      catalogueVersion: await catalogueVersion(shop.database.db),
      photoCacheDir: join(root, 'fotos'),
    });
  }, 240_000);
  afterAll(async () => {
    server?.close();
    await shop?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const pageOf = (producto: Producto) => readFileSync(join(root, 'dist', productPath(producto), 'index.html'), 'utf8');
  const parse = (html: string) => new new Window().DOMParser().parseFromString(html, 'text/html');

  it('the product page holds no script element of its text: as many scripts as a plain product page, and the text intact as data', () => {
    const page = parse(pageOf(hostil));
    const scripts = [...page.querySelectorAll('script')];
    expect(scripts.length).toBe(parse(pageOf(vecino)).querySelectorAll('script').length);
    expect(scripts.filter((script) => script.textContent === 'alert(1)')).toEqual([]);
    // The JSON-LD still says exactly what the catalogue says.
    const jsonLd = scripts
      .filter((script) => script.getAttribute('type') === 'application/ld+json')
      .map((script) => JSON.parse(script.textContent ?? '') as { '@type': string; name?: string; description?: string });
    expect(jsonLd.find((data) => data['@type'] === 'Product')).toMatchObject({
      name: `Sérum ${ATAQUE}`,
      description: expect.stringContaining(ATAQUE),
    });
    expect(page.querySelector('h1')?.textContent).toContain(ATAQUE);
  });

  it('the CSP the server sends lists no hash for it, and every inline script the page does hold is the build’s own', async () => {
    const site = createShopServer({ services: shop.services, distDir: join(root, 'dist') });
    const res = await site.request(productPath(hostil));
    expect(res.status).toBe(200);
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).not.toContain(`'sha256-${sha256('alert(1)')}'`);
    const html = await res.text();
    for (const hash of inlineScriptHashes(html)) expect(csp).toContain(`'sha256-${hash}'`);
  });
});
