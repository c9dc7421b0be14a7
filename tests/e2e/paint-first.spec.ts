import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { productPath } from '../../src/lib/catalogue/routes.ts';
import { HOLD_MS } from '../../src/site-builder/after-paint.ts';
import { lineFromProducto } from '../../src/lib/cart/lines.ts';
import { buyBoxReady, holdRoute, hydrated, openHoldingScripts } from './support/shop.ts';

// Paint first, then JavaScript (src/site-builder/after-paint.ts): a storefront page asks for no script
// before its largest paint has been shown, and its scripts still come (the buy box works, islands hydrate).

let producto: Producto;
test.beforeAll(async ({ request }) => {
  const catalogue = (await (await request.get('/web/listprod')).json()) as Producto[];
  producto = catalogue.find((p) => p.stock > 0 && p.newores !== 'Preventa')!;
});

/** When the page's first and last largest-contentful-paints were shown, and when each of its scripts was asked for (ms since navigation). */
async function timings(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ first: number; last: number; scripts: { url: string; start: number }[] }>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          const scripts = performance
            .getEntriesByType('resource')
            .filter((entry) => /\/_astro\/.*\.js$/.test(entry.name))
            .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime }));
          resolve({ first: entries[0]!.startTime, last: entries.at(-1)!.startTime, scripts });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/** Whether a script only passes on another file's exports (`export{t as default}from"./vendor.js"`): a request for no code of its own. */
const reexportsOnly = (code: string) =>
  code
    .replace(/import\s*(?:[^;'"]*from\s*)?["'][^"']+["'];?/g, '')
    .replace(/export\s*\{[^}]*\}\s*from\s*["'][^"']+["'];?/g, '')
    .trim() === '';

for (const [name, path] of [
  ['home', () => '/'],
  ['listing', () => '/Limpieza'],
  ['product', () => productPath(producto)],
  ['cart', () => '/carrito'],
] as const) {
  test(`the ${name} page asks for its scripts only after its largest paint, and they run`, async ({ page }) => {
    // When the buy box's script has run: it marks the box `data-listo` once it answers taps.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-buy-box][data-listo]')) return;
        observer.disconnect();
        (window as { listo?: number }).listo = performance.now();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-listo'] });
    });
    await page.goto(path());
    // The page's own islands hydrate (the header's actions are on every page), so the scripts did come.
    await hydrated(page, 'HeaderActions');
    if (name === 'product') await buyBoxReady(page);
    const { last, scripts } = await timings(page);
    expect(scripts.length).toBeGreaterThan(2);
    // The product page's own classic script is preloaded at low priority beside the photo, and run after its paint (decision 0238).
    const own = await page
      .locator('link[rel="preload"][as="script"]')
      .evaluateAll((links) =>
        links.map((link) => ({ url: new URL((link as HTMLLinkElement).href).pathname, priority: link.getAttribute('fetchpriority') })),
      );
    expect(own.map(({ url }) => /^\/_astro\/producto\.[\w-]+\.js$/.test(url))).toEqual(name === 'product' ? [true] : []);
    for (const { priority } of own) expect(priority).toBe('low');
    if (name === 'product') expect(await page.evaluate(() => (window as { listo?: number }).listo)).toBeGreaterThanOrEqual(last);
    // The empty cart's state is in the page's HTML (lib/cart/stored-empty.ts): its largest paint comes before its scripts too.
    for (const script of scripts.filter(({ url }) => !own.some((o) => o.url === url)))
      expect(script.start, script.url).toBeGreaterThanOrEqual(last);
    // Each carries code of its own: React's renderer and the islands are their chunks, not facades of them (decision 0234).
    for (const script of scripts) expect(reexportsOnly(await (await page.request.get(script.url)).text()), script.url).toBe(false);
  });
}

/** The catalogue's photos (not the icon sprite), left unanswered: the main image never loads, so no paint after it ever comes. */
const stallPhotos = (page: Page) =>
  page.route(
    (url) => /\.(?:svg|jpe?g|png|webp|avif)$/.test(url.pathname) && !url.pathname.startsWith('/_astro/icons.'),
    () => undefined,
  );

test('a main photo that never arrives leaves the buy box dead no longer than the hold', async ({ page }) => {
  await stallPhotos(page);
  const started = Date.now();
  await page.goto(productPath(producto), { waitUntil: 'domcontentloaded' });
  await buyBoxReady(page);
  expect(Date.now() - started).toBeLessThan(HOLD_MS + 5000);
  expect(await page.locator('img[data-gallery-main]').evaluate((img: HTMLImageElement) => img.complete)).toBe(false);
});

test("a shopper's first touch asks for the scripts at once", async ({ page }) => {
  await stallPhotos(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const asked = page.waitForRequest(/\/_astro\/.*\.js$/, { timeout: HOLD_MS - 500 });
  await page.keyboard.press('Tab');
  await asked;
});

test("a tap on a script's button before the scripts have run is answered once they have", async ({ page }) => {
  await page.route('https://www.openstreetmap.org/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>mapa</p>' }));
  const release = await openHoldingScripts(page, '/acerca-de-nosotros');
  const modal = page.getByRole('dialog', { name: 'Nuestras tiendas' });
  await page.getByRole('button', { name: 'Ver mapas' }).click();
  // Asked for (the tap started them), not run yet: the tap waits rather than vanishing.
  await page.waitForTimeout(300);
  await expect(modal).toBeHidden();
  release();
  await expect(modal).toBeVisible();
});

test("'Agregar al carrito' tapped before the scripts is answered once, when the page's modules have run, not after the island runtime", async ({
  page,
}) => {
  // Astro's island runtime held back until the end: over a phone's few connections it is often the last to arrive.
  const releaseRuntime = await holdRoute(page, /\/_astro\/astro-island\.[^/]*\.js$/);
  const releaseModules = await openHoldingScripts(page, productPath(producto), /\/_astro\/(?!astro-island\.)[^/]*\.js$/);
  const confirmation = page.getByRole('alertdialog', { name: '¡Producto añadido al carrito!' });
  await page.locator('[data-buy-box] button.buy-box__add').click();
  await page.waitForTimeout(300);
  await expect(confirmation).toBeHidden();
  releaseModules();
  await expect(confirmation).toBeVisible();
  // The header's cart button (an island) has not hydrated: the runtime is still held.
  await expect(page.locator('astro-island[component-export="HeaderActions"]').first()).toHaveAttribute('ssr');
  const cantidad = () =>
    page.evaluate(() => (JSON.parse(localStorage.getItem('cart') ?? '[]') as { cantidad: number }[]).map((line) => line.cantidad));
  expect(await cantidad()).toEqual([1]);
  releaseRuntime();
  await hydrated(page, 'HeaderActions');
  await expect(page.getByTestId('cart-count').locator('visible=true')).toHaveText('1');
  // Replayed once: the runtime's arrival taps nothing again.
  expect(await cantidad()).toEqual([1]);
});

test("'Agregar al carrito' answers once its own script has run, with the page's modules still held, and the header counts the line", async ({
  page,
}) => {
  // Everything but the product page's own classic script held: Astro's runtime and the modules (the header's cart is theirs).
  const release = await openHoldingScripts(page, productPath(producto), /\/_astro\/(?!producto\.)[^/]*\.js$/);
  await buyBoxReady(page);
  const confirmation = page.getByRole('alertdialog', { name: '¡Producto añadido al carrito!' });
  await page.locator('[data-buy-box] button.buy-box__add').click();
  await expect(confirmation).toBeVisible();
  await confirmation.getByRole('button', { name: 'Continuar comprando' }).click();
  release();
  // The header's island, from the modules' own copy of the stores, shows the line the buy box's copy added (stores/shared.ts).
  await hydrated(page, 'HeaderActions');
  await expect(page.getByTestId('cart-count').locator('visible=true')).toHaveText('1');
  await page.locator('[data-buy-box] button.buy-box__add').click();
  await expect(confirmation).toBeVisible();
  await expect(page.getByTestId('cart-count').locator('visible=true')).toHaveText('2');
});

test('a tap inside an island before it hydrates is answered once it has', async ({ page }) => {
  const release = await openHoldingScripts(page, '/preguntas-frecuentes');
  const chat = page.getByTestId('whatsapp-chat');
  await page.getByRole('button', { name: 'Chatea con nosotros por WhatsApp' }).click();
  await page.waitForTimeout(300);
  await expect(chat).toBeHidden();
  release();
  await expect(chat).toBeVisible();
  // Replayed once, not twice: the chat's own toggle then closes it.
  await page.getByRole('button', { name: 'Cerrar chat de WhatsApp' }).click();
  await expect(chat).toBeHidden();
});

test('an empty cart shows its empty state before any script, and the island then takes its place', async ({ page }) => {
  const release = await openHoldingScripts(page, '/carrito');
  await expect(page.getByText('Tu carrito está vacío.')).toBeVisible();
  await expect(page.getByText('Cargando tu carrito…')).toBeHidden();
  release();
  // The island's own empty state takes the place of the page's copy: one shown, in the same spot.
  await hydrated(page, 'CartPage');
  await expect(page.locator('.cart-shell__empty')).toHaveCount(0);
  await expect(page.getByText('Tu carrito está vacío.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Seguir comprando' })).toBeVisible();
});

test('a stored cart never shows the empty state, before its scripts or after', async ({ page }) => {
  await page.addInitScript((lines) => localStorage.setItem('cart', JSON.stringify(lines)), [lineFromProducto(producto)]);
  const release = await openHoldingScripts(page, '/carrito');
  await expect(page.locator('.cart-loading')).toBeVisible();
  await expect(page.getByText('Tu carrito está vacío.')).toBeHidden();
  release();
  await hydrated(page, 'CartPage');
  await expect(page.getByRole('link', { name: producto.nombre }).first()).toBeVisible();
  await expect(page.getByText('Tu carrito está vacío.')).toBeHidden();
});

test('the buy box answers while the rest of the page is still on its way, and the modules wait for all of it', async ({
  page,
  baseURL,
}) => {
  // The product page served in two parts, the second held back until the buy box works, as a slow link might hold
  // it: the photo paints and the buy box works from the first part alone; the page's modules are asked for only once
  // the whole is parsed. (A fixed 1.5 s was not always enough for a busy machine to run the buy box's script.)
  const path = productPath(producto);
  const html = await (await page.request.get(path)).text();
  const cut = html.indexOf('<section class="pdp-details');
  expect(cut).toBeGreaterThan(0);
  let resto = () => {};
  const server = createServer(async (req, res) => {
    if (req.url !== path) {
      const upstream = await fetch(new URL(req.url!, baseURL), { headers: { accept: req.headers.accept ?? '*/*' } });
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream' });
      res.end(Buffer.from(await upstream.arrayBuffer()));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.write(html.slice(0, cut));
    resto = () => {
      if (!res.writableEnded) res.end(html.slice(cut));
    };
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  try {
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-buy-box][data-listo]')) return;
        observer.disconnect();
        (window as { listoWhile?: string }).listoWhile = document.readyState;
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-listo'] });
    });
    const { port } = server.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as { listoWhile?: string }).listoWhile !== undefined);
    expect(await page.evaluate(() => (window as { listoWhile?: string }).listoWhile)).toBe('loading');
    resto();
    await page.waitForLoadState('domcontentloaded');
    const { parsed, modules } = await page.evaluate(() => ({
      parsed: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
      modules: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/_astro\/.*\.js$/.test(entry.name) && !/\/producto\.[\w-]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    for (const start of modules) expect(start).toBeGreaterThanOrEqual(parsed);
  } finally {
    resto();
    server.close();
  }
});
