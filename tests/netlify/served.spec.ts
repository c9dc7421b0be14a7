import { expect, test } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { lineFromProducto } from '../../src/lib/cart/lines.ts';
import { preferenceBody } from '../../src/lib/checkout/preference-body.ts';
import { pickupPayload, productFor, signedIn } from '../e2e/support/shop.ts';

/**
 * What Netlify's own server (`netlify serve`, started by `npm run verify:netlify`) must answer as
 * `npm start` does: the security headers of a static page (netlify.toml and the generated
 * dist/_headers) and of a function response (the API's own), the search page drawn by its function, the escaped spellings of a built page
 * (dist/_redirects), and another customer's order (404, not the CLI's retry of it as a page).
 */

test('@netlify a static page carries the CSP with the build’s script hashes and the fixed security headers', async ({ request }) => {
  for (const path of ['/', '/carrito/', '/marcas']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const headers = res.headers();
    expect(headers['content-security-policy'], path).toMatch(/^default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  }
});

test('@netlify a function response carries the API’s own CSP and headers', async ({ request }) => {
  for (const path of ['/web/listprod', '/health', '/api/detalle-pedido/1']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(path.startsWith('/api/') ? 401 : 200);
    const headers = res.headers();
    expect(headers['content-security-policy'], path).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['content-type'], path).toMatch(/^application\/json/);
  }
});

test('@netlify /search?q= is the built page with the first results drawn in it, under the page’s own headers', async ({
  page,
  request,
}) => {
  const built = await request.get('/search/index.html');
  const drawn = await request.get('/search?q=crema');
  expect(drawn.status()).toBe(200);
  const html = await drawn.text();
  expect(html).toContain('data-busqueda-servidor');
  expect(html).toMatch(/<li><article class="product-card[^"]*" data-product-id="\d+">/);
  expect(html).toContain('<title>Resultados de búsqueda para: &quot;crema&quot; | K-Beauty Perú</title>');
  // Netlify's header rules do not reach a function's answer: it copies the built page's.
  for (const name of ['content-security-policy', 'x-frame-options', 'strict-transport-security', 'referrer-policy']) {
    expect(drawn.headers()[name], name).toBe(built.headers()[name]);
  }
  expect(drawn.headers()['content-security-policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
  // Without a query it is the built page as it is.
  expect(await (await request.get('/search')).text()).not.toContain('data-busqueda-servidor');
  // In the browser the island takes the drawn cards' place, and its scripts run under that CSP.
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  await page.goto('/search?q=crema');
  await expect(page.locator('[data-busqueda-servidor]')).toHaveCount(0);
  await expect(page.getByTestId('search-count')).toHaveText(/\d+ productos encontrados/);
  await expect(page.locator('.search-page__grid .product-card').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('@netlify /health says the database is up and the deployed catalogue version is the built one', async ({ request }) => {
  const health = (await (await request.get('/health')).json()) as {
    estado: string;
    baseDeDatos: string;
    catalogo: { version: number; construido: number };
  };
  expect(health).toMatchObject({ estado: 'ok', baseDeDatos: 'up' });
  expect(health.catalogo.construido).toBe(health.catalogo.version);
});

for (const [escaped, title] of [
  ['/marcas/Dr.%20Jart%2B', 'Dr. Jart+'],
  ['/marcas/Ma%3Anyo', 'Ma:nyo'],
] as const) {
  test(`@netlify the escaped spelling ${escaped} answers with the brand page`, async ({ page, request }) => {
    // netlify serve matches its rules against the decoded path and then serves that file (200); a server that matches the path as sent answers the 301 of dist/_redirects.
    const res = await request.get(escaped, { maxRedirects: 0 });
    expect([200, 301], escaped).toContain(res.status());
    if (res.status() === 301) expect(decodeURIComponent(res.headers().location!)).toBe(decodeURIComponent(escaped));
    await page.goto(escaped);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    expect((await request.get(`${escaped}/`, { maxRedirects: 0 })).status(), `${escaped}/`).not.toBe(404);
  });
}

test('@netlify an unknown brand is still the 404 page', async ({ request }) => {
  const res = await request.get('/marcas/No%20Existe%2B', { maxRedirects: 0 });
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain('Página no encontrada');
});

test('@netlify another customer’s order answers 404', async ({ context, request, baseURL }, testInfo) => {
  const catalogue = (await (await request.get('/web/listprod')).json()) as Producto[];
  const buyer = await signedIn(context, request, baseURL!, { dni: '44556677' });
  // An order as the checkout page creates it (not paid: it is an order all the same).
  const body = preferenceBody(pickupPayload([lineFromProducto(productFor(catalogue, testInfo, 10))]), buyer.idUsuario, {});
  const created = await request.post(`/carrito/create-preference/${buyer.idUsuario}`, {
    data: body,
    headers: { Authorization: `Bearer ${buyer.token}`, 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { idVenta } = (await created.json()) as { idVenta: number };
  expect((await request.get(`/api/detalle-pedido/${idVenta}`, { headers: { Authorization: `Bearer ${buyer.token}` } })).status()).toBe(200);
  const other = await signedIn(context, request, baseURL!);
  const res = await request.get(`/api/detalle-pedido/${idVenta}`, { headers: { Authorization: `Bearer ${other.token}` } });
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toMatch(/^application\/json/);
  expect(((await res.json()) as { mensaje: string }).mensaje).toBeTruthy();
});
