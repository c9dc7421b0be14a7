import { expect, test, type Page } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { formatSoles, precioFinal } from '../../src/lib/pricing/index.ts';
import { childPath, listingPath, productPath } from '../../src/lib/catalogue/routes.ts';
import { buyBoxReady } from './support/shop.ts';

let catalogue: Producto[] = [];
test.beforeAll(async ({ request }) => {
  catalogue = (await (await request.get('/web/listprod')).json()) as Producto[];
});

const find = (test: (p: Producto) => boolean, what: string) => {
  const producto = catalogue.find(test);
  if (!producto) throw new Error(`El catálogo demo no tiene ${what}`);
  return producto;
};
const optionCount = (value: string) => value.split(',').filter((option) => option.trim()).length;
const inStock = (p: Producto) => p.stock > 0 && p.newores !== 'Preventa';

const buyBox = (page: Page) => page.locator('.buy-box');

/** Opens a product page and waits until its buy box answers taps (its plain-DOM module sets `data-listo`). */
async function openProduct(page: Page, producto: Producto) {
  await page.goto(productPath(producto));
  await buyBoxReady(page);
}

test('a product page shows breadcrumb, price, related products and JSON-LD', async ({ page }) => {
  const producto = find((p) => inStock(p) && p.child !== '', 'un producto con categoría hija');
  await openProduct(page, producto);
  await expect(page).toHaveTitle(`${producto.nombre} | ${producto.marca}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(producto.nombre);
  await expect(page.getByTestId('precio')).toHaveText(formatSoles(precioFinal(producto)));

  const crumbs = page.getByRole('navigation', { name: 'Ruta de navegación' });
  await expect(crumbs.getByRole('link', { name: 'Inicio' })).toHaveAttribute('href', '/');
  await expect(crumbs.getByRole('link', { name: producto.categoria, exact: true })).toHaveAttribute(
    'href',
    listingPath(producto.categoria),
  );
  await expect(crumbs.getByRole('link', { name: producto.child, exact: true })).toHaveAttribute('href', childPath(producto.child));
  await expect(crumbs.locator('[aria-current="page"]')).toHaveText(producto.nombre);

  const related = page.getByRole('region', { name: 'También te puede gustar' }).locator('.product-card');
  await expect(related).toHaveCount(5);
  await expect(related.locator('a[href="' + productPath(producto) + '"]')).toHaveCount(0);

  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = jsonLd.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'Product');
  expect(product).toMatchObject({
    name: producto.nombre,
    sku: String(producto.idProducto),
    brand: { name: producto.marca },
    offers: { priceCurrency: 'PEN', price: precioFinal(producto).toFixed(2), availability: 'https://schema.org/InStock' },
  });
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
});

test('thumbnails switch the main image', async ({ page }) => {
  const producto = find((p) => p.img.split(',').length > 1, 'un producto con varias imágenes');
  const [, second] = producto.img.split(',').map((src) => src.trim());
  await openProduct(page, producto);
  const main = page.locator('[data-gallery-main]');
  await expect(main).toHaveAttribute('loading', 'eager');
  await page.getByRole('button', { name: 'Ver imagen 2 de 2' }).click();
  await expect(main).toHaveAttribute('src', second!);
  await expect(page.getByRole('button', { name: 'Ver imagen 2 de 2' })).toHaveAttribute('aria-pressed', 'true');
});

test("Compartir opens a modal with the page's own address: copy, WhatsApp and Facebook; Escape closes it back to the button", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const producto = find(inStock, 'un producto en stock');
  await openProduct(page, producto);
  const url = new URL(productPath(producto), page.url()).href;
  // The modal is made on the first click, not carried by every product page.
  await expect(page.locator('.pdp-share dialog')).toHaveCount(0);
  const open = page.getByRole('button', { name: 'Compartir' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Compartir producto' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(producto.nombre, { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Enlace del producto')).toHaveValue(url);
  await expect(dialog.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    `https://wa.me/?text=${encodeURIComponent(`${producto.nombre} ${url}`)}`,
  );
  await expect(dialog.getByRole('link', { name: 'Facebook' })).toHaveAttribute(
    'href',
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  );
  await dialog.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(dialog.getByRole('status')).toHaveText('¡Enlace copiado!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  // Opened again: the same modal, its status cleared.
  await open.click();
  await expect(dialog.getByRole('status')).toHaveText('');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.pdp-share dialog')).toHaveCount(1);
});

test('the live product view of the 404 page shares its own address too', async ({ page }) => {
  const producto = find((p) => p.idProducto === 3, 'el producto 3');
  await page.goto('/producto/3-otro-nombre');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(producto.nombre);
  await page.getByRole('button', { name: 'Compartir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compartir producto' });
  await expect(dialog.getByLabel('Enlace del producto')).toHaveValue(new URL('/producto/3-otro-nombre', page.url()).href);
});

test('details are tabs on desktop and an accordion on mobile', async ({ page }, testInfo) => {
  const producto = find((p) => inStock(p) && p.modouso.includes('.'), 'un producto con modo de uso');
  const firstStep = producto.modouso.split('.')[0]!.trim();
  await openProduct(page, producto);
  const usage = page.locator('#panel-modo-de-uso');
  const info = page.locator('#panel-informacion');
  if (testInfo.project.name === 'mobile') {
    await expect(page.getByRole('tablist')).toBeHidden();
    await expect(usage).toBeHidden();
    const trigger = page.getByRole('button', { name: 'Modo de uso' });
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(usage).toBeVisible();
    await expect(usage).toContainText(firstStep);
    await expect(info).toBeVisible();
  } else {
    await expect(info).toBeVisible();
    await page.getByRole('tab', { name: 'Modo de uso' }).click();
    await expect(page.getByRole('tab', { name: 'Modo de uso' })).toHaveAttribute('aria-selected', 'true');
    await expect(usage).toBeVisible();
    await expect(usage).toContainText(firstStep);
    await expect(info).toBeHidden();
  }
});

test('the buy box validates quantity and stock', async ({ page }) => {
  const producto = find((p) => inStock(p) && optionCount(p.colores) <= 1 && optionCount(p.tamaños) <= 1, 'un producto sin opciones');
  await openProduct(page, producto);
  const quantity = page.getByLabel('Cantidad', { exact: true });
  const error = page.locator('.buy-box__error');
  await quantity.fill('0');
  await buyBox(page).getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(error).toHaveText('Ingresa una cantidad válida.');
  await quantity.fill(String(producto.stock + 1));
  await buyBox(page).getByRole('button', { name: 'Comprar ahora' }).click();
  await expect(error).toHaveText(`Solo tenemos ${producto.stock} unidad(es) disponibles.`);

  await quantity.fill('1');
  await expect(page.getByRole('button', { name: 'Disminuir cantidad' })).toBeDisabled();
  await page.getByRole('button', { name: 'Aumentar cantidad' }).click();
  await expect(quantity).toHaveValue(producto.stock > 1 ? '2' : '1');
  await buyBox(page).getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(error).toHaveText('');
  await expect(page.getByRole('alertdialog', { name: '¡Producto añadido al carrito!' })).toBeVisible();
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '[]') as { idProducto: number; cantidad: number }[]);
  expect(cart).toEqual([expect.objectContaining({ idProducto: producto.idProducto, cantidad: producto.stock > 1 ? 2 : 1 })]);
});

test('the buy box offers the units the web sells, not those only on shop shelves', async ({ page }) => {
  // docs/decisions/0041-stock-and-stock-total.md: stock caps what a shopper can choose; stock_total also counts the shops' shelves.
  const producto = find(
    (p) => inStock(p) && p.stock < p.stock_total && optionCount(p.colores) <= 1 && optionCount(p.tamaños) <= 1,
    'un producto con unidades solo en tienda',
  );
  await openProduct(page, producto);
  await expect(buyBox(page).getByText(`${producto.stock} unidad(es) disponibles`)).toBeVisible();
  await page.getByLabel('Cantidad', { exact: true }).fill(String(producto.stock_total));
  await buyBox(page).getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(page.locator('.buy-box__error')).toHaveText(`Solo tenemos ${producto.stock} unidad(es) disponibles.`);

  const soloEnTienda = find((p) => p.stock === 0 && p.stock_total > 0, 'un producto agotado en la web con unidades en tienda');
  await openProduct(page, soloEnTienda);
  await expect(buyBox(page).getByText('AGOTADO')).toBeVisible();
  await expectSoldOutBuyBox(page);
});

/** Storefront §2 (sold out: disabled add buttons) with issue 25's 'Avísame cuando llegue' form below the button, not in its place. */
async function expectSoldOutBuyBox(page: Page) {
  const add = buyBox(page).getByRole('button', { name: 'Agregar al carrito' });
  await expect(add).toBeVisible();
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription('AGOTADO');
  await expect(buyBox(page).getByRole('button', { name: 'Comprar ahora' })).toHaveCount(0);
  const form = buyBox(page).locator('form.aviso-stock');
  await expect(form.getByRole('button', { name: 'Avísame cuando llegue' })).toBeVisible();
  const [boton, formulario] = [await add.boundingBox(), await form.boundingBox()];
  expect(formulario!.y).toBeGreaterThanOrEqual(boton!.y + boton!.height);
}

test('a product with several colours requires a colour, and buy now goes to the cart', async ({ page }) => {
  const producto = find((p) => inStock(p) && optionCount(p.colores) > 1, 'un producto con varios colores');
  const [color] = producto.colores.split(',').map((c) => c.trim());
  await openProduct(page, producto);
  await buyBox(page).getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(page.locator('.buy-box__error')).toHaveText('Debes elegir un color.');
  await page
    .getByRole('group', { name: /^Color/ })
    .getByRole('radio', { name: color!, exact: true })
    .check();
  if (optionCount(producto.tamaños) > 1) {
    await buyBox(page).getByRole('button', { name: 'Comprar ahora' }).click();
    await expect(page.locator('.buy-box__error')).toHaveText('Debes elegir un tamaño.');
    await page
      .getByRole('group', { name: /^Tamaño/ })
      .getByRole('radio')
      .first()
      .check();
  }
  await buyBox(page).getByRole('button', { name: 'Comprar ahora' }).click();
  await expect(page).toHaveURL(/\/carrito$/);
  const cart = await page.evaluate(
    () => JSON.parse(localStorage.getItem('cart') ?? '[]') as { idProducto: number; selectedColor: string }[],
  );
  expect(cart).toEqual([expect.objectContaining({ idProducto: producto.idProducto, selectedColor: color })]);
});

test('the buy box shows the live price when it changed after the build', async ({ page }) => {
  const producto = find(inStock, 'un producto en stock');
  await page.route(`**/web/detailprod/${producto.idProducto}`, async (route) => {
    const body = await (await route.fetch()).json();
    body.mensaje[0] = { ...body.mensaje[0], precio: 321.5, descuento: 0, descuentoN: 0, stock: 0 };
    await route.fulfill({ json: body });
  });
  await page.goto(productPath(producto));
  await expect(page.getByTestId('precio')).toHaveText('S/ 321.50');
  await expect(page.locator('.buy-box').getByText('AGOTADO')).toBeVisible();
  // The page was built in stock: the live stock turns it sold out.
  await expectSoldOutBuyBox(page);
});

test('an unknown product shows "Producto no encontrado."', async ({ page }) => {
  const response = await page.goto('/producto/999999-no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.locator('main').getByRole('heading', { name: 'Producto no encontrado.' })).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Producto no encontrado.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeHidden();
});

test('a product path that was not built is rendered live by the 404 page', async ({ page }) => {
  const producto = find((p) => p.idProducto === 3, 'el producto 3');
  const response = await page.goto('/producto/3-otro-nombre');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(producto.nombre);
  await expect(page.getByTestId('precio')).toHaveText(formatSoles(precioFinal(producto)));
  await expect(page).toHaveTitle(`${producto.nombre} | ${producto.marca}`);
  await page.getByLabel('Cantidad', { exact: true }).fill('0');
  await buyBox(page).getByRole('button', { name: 'Agregar al carrito' }).click();
  await expect(page.locator('.buy-box__error')).toHaveText('Ingresa una cantidad válida.');
});

test('any other unknown path shows the friendly 404 page', async ({ page }) => {
  const response = await page.goto('/esta-pagina-no-existe');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página no encontrada');
  await expect(page.locator('main').getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  await expect(page.locator('main').getByRole('link', { name: 'Buscar productos' })).toHaveAttribute('href', '/search');
});

test('a product photo from the image store is served as AVIF at the width the screen needs, eager first and lazy after', async ({
  page,
}) => {
  const producto = find((p) => p.img.startsWith('/imagenes/'), 'un producto con foto');
  const avif: string[] = [];
  page.on('response', (res) => {
    if (/\/_astro\/fotos\/[0-9a-f]{16}-\d+\.avif$/.test(res.url()) && res.headers()['content-type'] === 'image/avif') avif.push(res.url());
  });
  await page.goto(productPath(producto));
  const main = page.locator('img[data-gallery-main]');
  await expect(main).toHaveAttribute('loading', 'eager');
  await expect(main).toHaveAttribute('fetchpriority', 'high');
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const current = await main.evaluate((img: HTMLImageElement) => img.currentSrc);
  // Chromium picks the AVIF copy: 960 px for a 560 px slot on a desktop, 480 px at 390 px wide.
  expect(current).toMatch(new RegExp(`/_astro/fotos/[0-9a-f]{16}-${test.info().project.name === 'mobile' ? '(480|960)' : '960'}\\.avif$`));
  expect(avif).toContain(current);
  // The thumbnails and related cards below wait for the scroll.
  await expect(page.locator('.pdp-gallery__thumb img').first()).toHaveAttribute('loading', 'lazy');
  // Switching to the second photo switches the <picture>'s copies too.
  await page.locator('[data-gallery-thumb]').nth(1).click();
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.currentSrc)).not.toBe(current);
  await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.avif$/);
});
