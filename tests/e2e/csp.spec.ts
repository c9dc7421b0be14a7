import { expect, test } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { lineFromProducto } from '../../src/lib/cart/lines.ts';
import { productPath } from '../../src/lib/catalogue/routes.ts';

/**
 * Issue 21, item 2: the CSP allows only the inline scripts the build lists as its own
 * (dist/inline-scripts.json). Every kind of page must still run all of its scripts under it: the
 * island runtime and directives, the home page's inlined scripts and the 404 page's head script.
 */
const PATHS: (string | ((catalogue: Producto[]) => string))[] = [
  '/',
  (catalogue) => productPath(catalogue[0]!),
  '/Cuidado',
  '/marcas',
  '/search?q=crema',
  '/no-existe',
  '/producto/999999-no-construido',
];

for (const [index, path] of PATHS.entries()) {
  test(`page ${index + 1} (${typeof path === 'string' ? path : 'a product'}) runs every inline script it holds under the CSP`, async ({
    page,
    request,
  }) => {
    const url = typeof path === 'string' ? path : path((await (await request.get('/web/listprod')).json()) as Producto[]);
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = violations;
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
      );
    });
    const res = await page.goto(url);
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
}

/**
 * Issue 26, item 5: the cart and checkout pages with a line in the cart, where zod once ran its eval
 * probe (`new Function('')`) in the browser: the CSP reported it as a script-src violation (Lighthouse
 * best practices 96). Neither page may report a violation or log an error.
 */
test('the cart and checkout pages run with a line in the cart without a CSP violation or console error', async ({ page, request }) => {
  const catalogue = (await (await request.get('/web/listprod')).json()) as Producto[];
  const producto = catalogue.find((p) => p.stock > 0 && p.newores !== 'Preventa')!;
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) =>
      violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  await page.goto('/carrito');
  await page.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), lineFromProducto(producto));
  for (const path of ['/carrito', '/procesoDePago']) {
    await page.goto(path);
    if (path === '/carrito') await expect(page.locator('.cart-line')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
  }
  expect(errors).toEqual([]);
});
