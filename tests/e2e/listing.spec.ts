import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { clickUntilVisible, hydrated } from './support/shop.ts';

/** Every top-level listing of the route table, as a shopper types it, and the heading it shows. */
const ROUTES: [path: string, heading: string][] = [
  ['/Cuidado', 'Cuidado'],
  ['/Limpieza', 'Limpieza'],
  ['/Exfoliante', 'Exfoliante'],
  ['/Tónico', 'Tónico'],
  ['/Serúm', 'Serúm'],
  ['/Mascarillas', 'Mascarillas'],
  ['/Esencia', 'Esencia'],
  ['/Locion', 'Locion'],
  ['/Crema', 'Crema'],
  ['/Contorno de ojos', 'Contorno de ojos'],
  ['/Mist', 'Mist'],
  ['/Sleeping Mask', 'Sleeping Mask'],
  ['/Tone Up', 'Tone Up'],
  ['/Bloqueador', 'Bloqueador'],
  ['/Pads', 'Pads'],
  ['/Maquillaje', 'Maquillaje'],
  ['/Rostro', 'Rostro'],
  ['/Ojos', 'Ojos'],
  ['/Labios', 'Labios'],
  ['/Corporal', 'Corporal'],
  ['/Cuerpo', 'Cuerpo'],
  ['/categoria/Cabello', 'Cabello'],
  ['/categoria/Manos', 'Manos'],
  ['/categoria/Pies', 'Pies'],
  ['/Accesorios', 'Accesorios'],
  ['/sale', 'Sale'],
  ['/set', 'Set'],
  ['/preventa', 'Preventa'],
  ['/nuevo', 'Productos Nuevos'],
  ['/ofertas', 'Ofertas'],
  ['/cuidado', 'Cuidado'],
  ['/maquillaje', 'Maquillaje'],
  ['/corporal', 'Corporal'],
  ['/marcas', 'Marcas'],
];

const catalogue = async (request: APIRequestContext): Promise<Producto[]> => (await request.get('/web/listprod')).json();

const cards = (page: Page) => page.locator('.product-grid .product-card');
const cardIds = async (page: Page) => await cards(page).evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-product-id'))));
const cardPrices = async (page: Page) =>
  (await cards(page).locator('.product-card__price .price:not(.price--old)').allTextContents()).map((text) =>
    Number(text.replace('S/', '')),
  );
/** The card prices once a page asked of the API (`/web/listado`) is on screen: never an empty or stale grid. */
async function pricesAfter(page: Page, action: () => Promise<unknown>): Promise<number[]> {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/web/listado');
  await action();
  await answered;
  await expect(page.getByText('Cargando productos...')).toHaveCount(0);
  return cardPrices(page);
}

/** On narrow screens the filters sit behind the 'Filtrar' button. */
async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: 'Filtrar' });
  if (await toggle.isVisible()) await toggle.click();
}

test('every listing route of the route table answers with its heading', async ({ page }) => {
  test.setTimeout(180_000);
  for (const [path, heading] of ROUTES) {
    const response = await page.goto(encodeURI(path));
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
  }
});

test('the static HTML shows page 1 of a listing without JavaScript, in the live order', async ({ request }) => {
  const html = await (await request.get('/Cuidado')).text();
  const ids = [...html.matchAll(/<article class="product-card[^"]*" data-product-id="(\d+)"/g)].map((match) => Number(match[1]));
  const live = (await catalogue(request))
    .filter((p) => p.linea === 'Cuidado')
    .map((p) => p.idProducto)
    .sort((a, b) => a - b);
  expect(ids).toEqual(live.slice(0, 20));
  expect(html).toMatch(/Página <!-- -->1<!-- --> de <!-- -->\d+|Página 1 de \d+/);
  expect(html).toMatch(/fetchpriority="high"/i);
});

test('child-category and brand pages list their products', async ({ page, request }) => {
  const productos = await catalogue(request);
  const manos = productos.filter((p) => p.child === 'Manos').map((p) => p.idProducto);
  await page.goto('/categoria/Manos');
  await expect(page.getByRole('navigation', { name: 'Ruta de navegación' })).toContainText('Cuerpo');
  await expect(cards(page)).toHaveCount(manos.length);
  expect((await cardIds(page)).sort()).toEqual([...manos].sort());

  const cosrx = productos.filter((p) => p.marca === 'COSRX');
  await page.goto('/marcas/COSRX');
  await expect(page.getByTestId('listing-count')).toContainText(`${cosrx.length} productos`);
  await expect(cards(page)).toHaveCount(Math.min(20, cosrx.length));
  expect(new Set(await cards(page).locator('.product-card__brand').allTextContents())).toEqual(new Set(['COSRX']));
});

test('/marcas shows the brand grid, linking to each brand', async ({ page, request }) => {
  await page.goto('/marcas');
  const links = page.locator('main a[href^="/marcas/"]');
  expect(await links.count()).toBeGreaterThanOrEqual(25);
  // Names such as Rom&nd, Dr. Jart+ or Ma:nyo must reach their page too.
  for (const href of await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href')!))) {
    expect((await request.get(href)).status(), href).toBe(200);
  }
  await expect(links.first().locator('img')).toHaveAttribute('width', '240');
  await page.getByRole('link', { name: /^Beauty of Joseon/ }).click();
  await expect(page).toHaveURL(/\/marcas\/Beauty%20of%20Joseon$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Beauty of Joseon');
  await expect(cards(page).first()).toContainText('Beauty of Joseon');
});

test('a listing paginates, keeps its page on reload and scrolls to the list', async ({ page }) => {
  await page.goto('/Cuidado');
  await hydrated(page, 'ListingBrowser');
  const status = page.getByText(/^Página \d+ de \d+$/);
  await expect(status).toHaveText(/^Página 1 de \d+$/);
  const pages = Number((await status.textContent())!.match(/de (\d+)/)![1]);
  expect(pages).toBeGreaterThan(1);
  const firstPage = await cardIds(page);

  await pricesAfter(page, () => page.getByRole('button', { name: 'Siguiente' }).click());
  await expect(status).toHaveText(`Página 2 de ${pages}`);
  const secondPage = await cardIds(page);
  expect(secondPage).toHaveLength(20);
  expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
  await expect.poll(() => page.locator('.listing__results').evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
  await expect.poll(() => page.locator('.listing__results').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);

  await page.reload();
  await hydrated(page, 'ListingBrowser');
  await expect(status).toHaveText(`Página 2 de ${pages}`);
  await expect.poll(() => cardIds(page)).toEqual(secondPage);

  await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(status).toHaveText(`Página 1 de ${pages}`);
  expect(await cardIds(page)).toEqual(firstPage);
});

test('the cards keep their place as the shopper scrolls to the page buttons', async ({ page }) => {
  // A card out of sight is rendered only when it comes near; if its size before differs from its size
  // after, the rows under the shopper's thumb move, and a tap meant for 'Siguiente' lands beside it.
  const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/web/productos');
  await page.goto('/Cuidado');
  await hydrated(page, 'ListingBrowser');
  await live;
  const grid = page.locator('.product-grid');
  const height = () => grid.evaluate((el) => el.getBoundingClientRect().height);
  const before = await height();
  const next = page.getByRole('button', { name: 'Siguiente' });
  const top = () => next.evaluate((el) => el.getBoundingClientRect().top + scrollY);
  const where = await top();
  const viewport = await page.evaluate(() => window.innerHeight);
  for (let y = 0; y < where - viewport / 2; y += 300) {
    await page.evaluate(
      () => new Promise((done) => (scrollBy({ top: 300, behavior: 'instant' }), requestAnimationFrame(() => requestAnimationFrame(done)))),
    );
  }
  await expect(next).toBeInViewport();
  expect(await height()).toBe(before);
  expect(await top()).toBe(where);
});

test('sorting by price orders the cards and goes back to page 1', async ({ page }) => {
  await page.goto('/Cuidado');
  await hydrated(page, 'ListingBrowser');
  await pricesAfter(page, () => page.getByRole('button', { name: 'Siguiente' }).click());
  await expect(page.getByText(/^Página 2 de \d+$/)).toBeVisible();

  const prices = await pricesAfter(page, () => page.getByRole('combobox', { name: 'Ordenar productos' }).selectOption('precio-asc'));
  await expect(page.getByText(/^Página 1 de \d+$/)).toBeVisible();
  expect(prices.length).toBe(20);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await openFilters(page);
  const min = Number(await page.getByRole('slider', { name: 'Precio mínimo' }).getAttribute('min'));
  expect(Math.floor(prices[0]!)).toBe(min);

  const descending = await pricesAfter(page, () => page.getByRole('combobox', { name: 'Ordenar productos' }).selectOption('precio-desc'));
  expect(descending).toHaveLength(20);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
});

test("brand checkboxes: without 'Todas', only the chosen brand", async ({ page }) => {
  await page.goto('/Cuidado');
  await hydrated(page, 'ListingBrowser');
  await openFilters(page);
  const todas = page.getByRole('checkbox', { name: 'Todas' });
  await expect(todas).toBeChecked();
  await todas.uncheck();
  await pricesAfter(page, () => page.getByRole('checkbox', { name: 'COSRX', exact: true }).check());
  await expect(todas).not.toBeChecked();
  await expect(page.getByTestId('listing-count')).toContainText(/\d+ de \d+ productos/);
  await expect(page.getByText(/^Página \d+ de \d+$/)).toHaveCount(0);
  expect(new Set(await cards(page).locator('.product-card__brand').allTextContents())).toEqual(new Set(['COSRX']));

  await todas.check();
  await expect(page.getByRole('checkbox', { name: 'COSRX', exact: true })).not.toBeChecked();
  await expect(page.getByText(/^Página 1 de \d+$/)).toBeVisible();
});

test('the price range keeps the minimum at most the maximum', async ({ page }) => {
  await page.goto('/Cuidado');
  await hydrated(page, 'ListingBrowser');
  await openFilters(page);
  const minSlider = page.getByRole('slider', { name: 'Precio mínimo' });
  const maxSlider = page.getByRole('slider', { name: 'Precio máximo' });
  const minInput = page.getByRole('spinbutton', { name: 'Mínimo', exact: true });
  const maxInput = page.getByRole('spinbutton', { name: 'Máximo', exact: true });
  const top = Number(await maxSlider.getAttribute('max'));

  await maxInput.fill('100');
  const prices = await pricesAfter(page, () => maxInput.press('Enter'));
  await expect(maxSlider).toHaveValue('100');
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) expect(price).toBeLessThanOrEqual(100);

  await minInput.fill(String(top));
  await minInput.press('Enter');
  await expect(minInput).toHaveValue('100');
  await expect(minSlider).toHaveValue('100');

  await minSlider.focus();
  await page.keyboard.press('Home');
  await maxSlider.focus();
  await page.keyboard.press('Home');
  await expect(maxSlider).toHaveValue(await minSlider.inputValue());
  await page.keyboard.press('End');
  await expect(maxSlider).toHaveValue(String(top));
  await minSlider.focus();
  await page.keyboard.press('End');
  await expect(minSlider).toHaveValue(String(top));
  await expect(maxSlider).toHaveValue(String(top));
});

test('the listing refreshes live prices after hydration and keeps them when the API fails', async ({ page, request }) => {
  const productos = await catalogue(request);
  const first = productos.find((p) => p.child === 'Manos')!;
  /** The ids the cards on screen asked for; the whole catalogue is never asked. */
  const asked: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === '/web/listprod') asked.push('listprod');
    if (url.pathname === '/web/productos') asked.push(url.searchParams.get('ids') ?? '');
  });
  const LIVE_IDS = /\/web\/productos\?ids=/;
  await page.route(LIVE_IDS, async (route) => {
    const list = (await (await route.fetch()).json()) as Producto[];
    await route.fulfill({
      json: list.map((p) => (p.idProducto === first.idProducto ? { ...p, precio: 123.45, descuento: 0, descuentoN: 0 } : p)),
    });
  });
  await page.goto('/categoria/Manos');
  await expect(page.locator(`.product-card[data-product-id="${first.idProducto}"] .product-card__price`)).toHaveText('S/ 123.45');
  const onScreen = productos
    .filter((p) => p.child === 'Manos')
    .slice(0, 20)
    .map((p) => p.idProducto);
  expect(asked).toEqual([onScreen.join(',')]);

  await page.unroute(LIVE_IDS);
  await page.route(LIVE_IDS, (route) => route.fulfill({ status: 500, json: { mensaje: 'Error' } }));
  const failed = page.waitForResponse(LIVE_IDS);
  await page.goto('/categoria/Pies');
  await failed;
  await expect(cards(page)).toHaveCount(productos.filter((p) => p.child === 'Pies').length);

  // The API no longer has any of them: the listing empties.
  await page.unroute(LIVE_IDS);
  await page.route(LIVE_IDS, (route) => route.fulfill({ json: [] }));
  await page.goto('/categoria/Cabello');
  await expect(page.getByText('No hay productos disponibles')).toBeVisible();
  expect(asked).not.toContain('listprod');
});

test('the quick view shows the live product and adds it once colour and size are chosen', async ({ page, request }) => {
  const productos = await catalogue(request);
  // A product with several colours on page 1 of its categoría.
  const producto = productos.find((p, _, all) => {
    const listing = all.filter((o) => o.categoria === p.categoria);
    return p.stock > 1 && p.colores.split(',').length > 1 && listing.indexOf(p) < 20;
  })!;
  const images = producto.img.split(',').filter(Boolean).length;
  await page.goto(encodeURI(`/${producto.categoria}`));
  await hydrated(page, 'PageTools');
  const eye = page.locator(`[data-preview-id="${producto.idProducto}"]`);
  const dialog = page.getByRole('dialog', { name: producto.nombre });
  await clickUntilVisible(eye, dialog);
  await expect(dialog.getByText(`1 / ${images}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Imagen siguiente' }).click();
  await expect(dialog.getByText(`2 / ${images}`)).toBeVisible();
  await expect(dialog.getByRole('link', { name: producto.marca })).toHaveAttribute('href', /^\/marcas\//);
  await expect(dialog.getByRole('link', { name: 'Ver detalles' })).toHaveAttribute(
    'href',
    new RegExp(`^/producto/${producto.idProducto}-`),
  );

  const add = dialog.getByRole('button', { name: 'Agregar al carrito' });
  await expect(add).toBeDisabled();
  const color = producto.colores.split(',')[0]!.trim();
  await dialog.getByText(color, { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: color, exact: true })).toBeChecked();
  const sizes = producto.tamaños.split(',').filter(Boolean);
  if (sizes.length > 1) {
    await expect(add).toBeDisabled();
    await dialog.getByText(sizes[0]!.trim(), { exact: true }).click();
  }
  await expect(add).toBeEnabled();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(eye).toBeFocused();

  await eye.click();
  await expect(dialog).toBeVisible();
  await dialog.getByText(color, { exact: true }).click();
  if (sizes.length > 1) await dialog.getByText(sizes[0]!.trim(), { exact: true }).click();
  await dialog.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await dialog.getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(page.getByText('¡Producto añadido al carrito!')).toBeVisible();
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]'));
  expect(cart).toEqual([expect.objectContaining({ idProducto: producto.idProducto, selectedColor: color, cantidad: 2 })]);
});

test('the quick view reports a product that does not exist', async ({ page }) => {
  await page.goto('/nuevo');
  await hydrated(page, 'PageTools');
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.dataset.previewId = '999999';
    button.textContent = 'Ver producto inexistente';
    document.querySelector('main')!.append(button);
  });
  await page.getByRole('button', { name: 'Ver producto inexistente' }).click();
  await expect(page.getByRole('dialog').getByText('Producto no encontrado.')).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar vista rápida' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
});
