import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { productPath } from '../../src/lib/catalogue/routes.ts';
import { SHOP_START_TIMEOUT_MS, startShop, type StartedShop } from './support/start-shop.ts';

/**
 * Issue 14: an operator's price change is live on the product page at once (its buy box reads the
 * price from the API) and, after the rebuild the change triggers, in the static HTML too. A shop of
 * its own, which checks for catalogue changes every second, so the suite's shop never rebuilds under
 * the other journeys.
 */
const TOKEN = 'operador-e2e-0123456789abcdef';

test.describe('operator changes', () => {
  test.describe.configure({ timeout: 300_000 });
  let dataDir: string;
  let shop: StartedShop;

  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one shop of its own is enough for both widths');
    testInfo.setTimeout(SHOP_START_TIMEOUT_MS + 30_000);
    dataDir = mkdtempSync(join(tmpdir(), 'kbeauty-e2e-operador-'));
    shop = await startShop(dataDir, { SHOP_ADMIN_TOKEN: TOKEN, REBUILD_CHECK_SECONDS: '1', REBUILD_MIN_INTERVAL_SECONDS: '0' });
  });
  test.afterAll(async () => {
    await shop?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('a new price shows live on the product page at once, and in its static HTML after the rebuild', async ({ page, request }) => {
    const catalogue = (await (await request.get(`${shop.url}/web/listprod`)).json()) as Producto[];
    const producto = catalogue.find((p) => p.stock > 0 && p.descuento === 0 && p.descuentoN === 0 && p.newores === '')!;
    const url = `${shop.url}${productPath(producto)}`;
    const staticHtml = async () => (await request.get(url)).text();
    expect(await staticHtml()).toContain(`S/ ${producto.precio.toFixed(2)}`);

    const res = await request.patch(`${shop.url}/admin/api/productos/${producto.idProducto}`, {
      data: { precio: 123.45 },
      headers: { Authorization: `Bearer ${TOKEN}`, 'X-Operador': 'e2e' },
    });
    expect(res.status()).toBe(200);
    // Right after the change the static page still has the old price (a build takes many seconds)…
    expect(await staticHtml()).not.toContain('S/ 123.45');
    // …and the page shows the new one anyway, from the live call.
    await page.goto(url);
    await expect(page.getByTestId('precio')).toHaveText('S/ 123.45');

    // The shop notices the new catalogue version and rebuilds: then the HTML itself has the new price.
    await expect.poll(staticHtml, { timeout: 240_000, intervals: [2_000] }).toContain('S/ 123.45');
    await page.goto(url);
    await expect(page.getByTestId('precio')).toHaveText('S/ 123.45');
  });
});
