import { expect, test } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { productPath } from '../../src/lib/catalogue/routes.ts';

/**
 * Issue 21, item 2: the CSP allows only the inline scripts the build lists as its own
 * (dist/inline-scripts.json). Every kind of page must still run all of its scripts under it: the
 * island runtime and directives, the home page's inlined scripts and the 404 page's head script.
 */
const PATHS: (string | ((catalogue: Producto[]) => string))[] = ['/', (catalogue) => productPath(catalogue[0]!), '/Cuidado', '/marcas', '/search?q=crema', '/no-existe', '/producto/999999-no-construido'];

for (const [index, path] of PATHS.entries()) {
  test(`page ${index + 1} (${typeof path === 'string' ? path : 'a product'}) runs every inline script it holds under the CSP`, async ({ page, request }) => {
    const url = typeof path === 'string' ? path : path((await (await request.get('/web/listprod')).json()) as Producto[]);
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = violations;
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`));
    });
    const res = await page.goto(url);
    expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
}
