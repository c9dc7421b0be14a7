import { expect, test, type Page } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { searchProducts } from '../../src/lib/catalogue/search.ts';
import { clickUntilVisible, openHoldingScripts } from './support/shop.ts';

let catalogue: Producto[] = [];
test.beforeAll(async ({ request }) => {
  catalogue = (await (await request.get('/web/listprod')).json()) as Producto[];
});

const results = (page: Page) => page.locator('.search-page__grid .product-card');

/**
 * Waits for the search island to show its first results. The server draws the first ones into the page (decision
 * 0232); the island, whose scripts come after the first paint (decision 0229), takes their place once it shows the
 * same, or, with no spec match, once Pagefind's index has answered: on a loaded machine more than the default 5 s.
 */
async function firstResults(page: Page) {
  await expect(page.locator('[data-busqueda-servidor]')).toHaveCount(0, { timeout: 15_000 });
  await expect(results(page).first()).toBeVisible({ timeout: 15_000 });
}

/** Every product id listed across the result pages, visiting each numbered page button. */
async function allResultIds(page: Page): Promise<number[]> {
  await firstResults(page);
  const pageButtons = page.getByRole('navigation', { name: 'Páginas de resultados' }).getByRole('button', { name: /^Página \d+$/ });
  const pages = Math.max(1, await pageButtons.count());
  const ids: number[] = [];
  for (let number = 1; number <= pages; number += 1) {
    if (pages > 1) {
      await page.getByRole('button', { name: `Página ${number}`, exact: true }).click();
      await expect(page.getByRole('button', { name: `Página ${number}`, exact: true })).toHaveAttribute('aria-current', 'page');
    }
    const onPage = await results(page).evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-product-id'))));
    expect(onPage.length).toBeLessThanOrEqual(20);
    ids.push(...onPage);
  }
  return ids;
}

test('/search?q=serum lists every product the spec finds first, accent-insensitively, 20 per page, the first in its HTML', async ({
  page,
}) => {
  const asked: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  const expected = searchProducts(catalogue, 'serum').map((p) => p.idProducto);
  expect(expected.length).toBeGreaterThan(20);
  expect(catalogue.filter((p) => p.nombre.includes('Sérum')).length).toBeGreaterThan(0);

  // The server draws the spec's first 20 into the page, in catalogue order (decision 0232).
  const response = await page.goto('/search?q=serum');
  const html = await response!.text();
  const drawn = [...html.matchAll(/<article class="product-card[^"]*" data-product-id="(\d+)"/g)].map((match) => Number(match[1]));
  expect(drawn).toEqual(expected.slice(0, 20));

  await firstResults(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados de búsqueda para: "serum"');
  await expect(page).toHaveTitle(/^Resultados de búsqueda para: "serum"/);
  await expect(page.getByRole('searchbox', { name: 'Buscar productos', exact: true })).toHaveValue('serum');
  await expect(results(page).first().getByRole('heading')).toContainText(/s[ée]rum/i);
  await expect(page.getByRole('navigation', { name: 'Páginas de resultados' })).toBeVisible();
  await expect(results(page)).toHaveCount(20);
  expect(await results(page).evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-product-id'))))).toEqual(
    expected.slice(0, 20),
  );
  // The island took the drawn page as it was: it asked the API for nothing of the first page, nor the catalogue.
  expect(asked.filter((path) => path === '/web/buscar' || path === '/web/productos')).toEqual([]);

  // Every spec match, in catalogue order, then Pagefind's others (by description), each once.
  const ids = await allResultIds(page);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.slice(0, expected.length)).toEqual(expected);
  for (const id of catalogue.filter((p) => p.nombre.includes('Sérum')).map((p) => p.idProducto)) expect(ids).toContain(id);
  expect(asked).not.toContain('/web/listprod');
  expect(errors).toEqual([]);
});

test('before its scripts run (or without them) the page shows the drawn results alone, the island waiting unseen', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/search?q=serum');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resultados de búsqueda para: "serum"');
  await expect(page.getByRole('searchbox', { name: 'Buscar productos', exact: true })).toHaveCount(1);
  await expect(page.getByText('Buscando productos…')).toBeHidden();
  await expect(page.locator('astro-island[hidden]')).toBeHidden();
  await expect(results(page)).toHaveCount(20);
  await expect(results(page).first()).toBeVisible();
  await context.close();
});

/** Whether each card's name is rendered: false for a card skipped out of sight (`content-visibility: auto`). */
const namesRendered = (page: Page) =>
  results(page).evaluateAll((cards) =>
    cards.map((card) => card.querySelector('.product-card__name')!.checkVisibility({ contentVisibilityAuto: true })),
  );

test('the drawn results lay out the first screen only; the cards the shopper scrolls are laid out whole', async ({ browser }) => {
  // Drawn (no scripts yet): a card out of sight is not laid out, so the first paint costs the first screen alone
  // (on a phone's screen: ten rows of two, the last far below).
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const drawnPage = await context.newPage();
  await drawnPage.goto('/search?q=serum');
  await expect(results(drawnPage)).toHaveCount(20);
  const drawn = await namesRendered(drawnPage);
  expect(drawn[0]).toBe(true);
  expect(drawn.at(-1)).toBe(false);
  await context.close();

  // The island's cards keep their text laid out (their rows never settle under a tap), only their photos wait.
  const page = await browser.newPage();
  await page.goto('/search?q=serum');
  await firstResults(page);
  await expect(results(page)).toHaveCount(20);
  expect(await namesRendered(page)).toEqual(Array.from({ length: 20 }, () => true));
  const lastPhoto = results(page).last().locator('.product-card__img').first();
  expect(await lastPhoto.evaluate((img) => img.checkVisibility({ contentVisibilityAuto: true }))).toBe(false);
  await page.close();
});

test('the island keeps the cards the server drew, the very nodes, until another page', async ({ page }) => {
  // Scripts held: the drawn cards are marked, then the island runs and takes the page over (decision 0237).
  const release = await openHoldingScripts(page, '/search?q=serum', /\.m?js(\?|$)/);
  await expect(page.locator('[data-busqueda-servidor] .search-page__grid > li')).toHaveCount(20);
  await page.locator('[data-busqueda-servidor] .search-page__grid > li').evaluateAll((items) => {
    for (const item of items) item.setAttribute('data-e2e-dibujada', '');
  });
  release();
  await firstResults(page);
  const items = page.locator('astro-island .search-page__grid > li');
  await expect(items).toHaveCount(20);
  await expect(page.locator('astro-island .search-page__grid > li[data-e2e-dibujada]')).toHaveCount(20);

  // Another page is the island's own; back on the first, the drawn cards return.
  await page.getByRole('button', { name: 'Página 2', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Página 2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.search-page__grid > li[data-e2e-dibujada]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Página 1', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Página 1', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('astro-island .search-page__grid > li[data-e2e-dibujada]')).toHaveCount(20);

  // They still answer taps: the quick view opens from a drawn card.
  const card = items.first();
  const name = (await card.locator('.product-card__name').textContent())!.trim();
  await clickUntilVisible(card.locator('[data-preview-id]'), page.getByRole('dialog', { name }));
});

test('the static search page (no server drawing) finds the same, asking the API itself', async ({ page }) => {
  // The page as the build wrote it, as a host without the server would serve it.
  await page.route(/\/search\?q=/, async (route) => {
    const built = await route.fetch({ url: new URL('/search/index.html', route.request().url()).href });
    await route.fulfill({ response: built, body: await built.text() });
  });
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/search?q=serum');
  await firstResults(page);
  const expected = searchProducts(catalogue, 'serum').map((p) => p.idProducto);
  expect(await results(page).evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-product-id'))))).toEqual(
    expected.slice(0, 20),
  );
  expect(asked.filter((path) => path === '/web/buscar')).toHaveLength(1);
});

test('Pagefind adds products whose description matches', async ({ page }) => {
  // A word of some product's description that no product name or brand contains.
  const word = catalogue
    .flatMap((p) => p.descripcion.toLowerCase().match(/[a-záéíóúñ]{9,}/g) ?? [])
    .find((candidate) => searchProducts(catalogue, candidate).length === 0)!;
  const described = catalogue.filter((p) => p.descripcion.toLowerCase().includes(word)).map((p) => p.idProducto);
  await page.goto(`/search?q=${encodeURIComponent(word)}`);
  const ids = await allResultIds(page);
  expect(ids).toEqual(expect.arrayContaining(described.slice(0, 1)));
});

test('another page brings the heading into view clear of the sticky header', async ({ page }) => {
  await page.goto('/search?q=serum');
  await firstResults(page);
  await page.getByRole('button', { name: 'Página siguiente' }).click();
  await expect(page.getByRole('button', { name: 'Página 2', exact: true })).toHaveAttribute('aria-current', 'page');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  // Scrolling up brings the header back: the heading starts below it, not under it.
  await page.waitForTimeout(400);
  const headingTop = (await heading.boundingBox())!.y;
  const headers = await page
    .locator('[data-site-header], [data-mobile-header]')
    .evaluateAll((nodes) => nodes.filter((node) => node.getClientRects().length > 0).map((node) => node.getBoundingClientRect().bottom));
  for (const bottom of headers) expect(headingTop).toBeGreaterThanOrEqual(bottom);
});

test('a nonsense query finds nothing', async ({ page }) => {
  await page.goto('/search?q=qqzzxxkk');
  await expect(page.getByText('No se encontraron productos.')).toBeVisible();
  await expect(results(page)).toHaveCount(0);
});

test('submitting the search form empty shows "Búsqueda vacía"', async ({ page }) => {
  await page.goto('/search?q=crema');
  await firstResults(page);
  const input = page.getByRole('searchbox', { name: 'Buscar productos', exact: true });
  await input.fill('   ');
  await input.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Búsqueda vacía' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Ingresa algo para buscar');
  await expect(page).toHaveURL(/q=crema/);
});

test('the sitemap lists product pages and robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('<urlset');
  expect(sitemap).toMatch(/<loc>https?:\/\/[^<]+\/producto\/3-[a-z0-9-]+<\/loc>/);
  expect(sitemap.match(/\/producto\//g)?.length).toBe(catalogue.length);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  expect(robots).toContain('Disallow: /carrito');
});
