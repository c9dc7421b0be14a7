import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { ResenasOperador } from '../../src/lib/api/resenas-schemas.ts';
import { MENSAJES_RESENA } from '../../src/lib/api/resenas-rules.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { productPath } from '../../src/lib/catalogue/routes.ts';
import { hydrated, orderThroughApi, productFor, signedIn } from './support/shop.ts';

/**
 * Reviews only buyers can write (issue 25): a buyer whose order was delivered writes a review (desktop from
 * Mis Compras' link, mobile from the product page), the shop approves it from the command line, and another
 * shopper sees it on the product page, marked 'Compra verificada', without a rebuild.
 */

let catalogue: Producto[] = [];
test.beforeAll(async ({ request }) => {
  catalogue = (await (await request.get('/web/listprod')).json()) as Producto[];
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('popupHomeCerrado', '1'));
});

/** `npm run shop -- …` against the test shop, as its operator would type it; answers what it printed. */
async function shop(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/shop.ts', ...args], {
    env: { ...process.env, SHOP_URL: process.env.E2E_BASE_URL, SHOP_ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN, SHOP_OPERADOR: 'e2e' },
  });
  return stdout;
}

/** The pending review of this product, as the operator API lists it. */
async function resenaPendienteOf(request: APIRequestContext, idProducto: number) {
  const res = await request.get('/admin/api/resenas?estado=PENDIENTE', {
    headers: { Authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` },
  });
  expect(res.status()).toBe(200);
  const { resenas } = (await res.json()) as ResenasOperador;
  const resena = resenas.find((r) => r.producto.idProducto === idProducto);
  expect(resena, 'la reseña pendiente del producto').toBeDefined();
  return resena!;
}

/** The product page's reviews section, scrolled to so its island hydrates. */
async function resenasOf(page: Page) {
  const section = page.locator('section#resenas');
  await section.scrollIntoViewIfNeeded();
  await hydrated(page, 'ResenasProducto');
  return section;
}

test("a buyer writes a reseña of a delivered product; approved from the command line, it shows with 'Compra verificada'", async ({
  page,
  context,
  request,
  baseURL,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  // Slot 17: a product of this journey's own at each width (the review is one per customer and product).
  const producto = productFor(catalogue, testInfo, 17);
  const mobile = testInfo.project.name === 'mobile';
  const cliente = await signedIn(context, request, baseURL!, { dni: mobile ? '45671234' : '45671235' });
  const idVenta = await orderThroughApi(request, cliente, producto);

  // Paid but not yet delivered: the page says when she can review it.
  await page.goto(productPath(producto));
  let section = await resenasOf(page);
  await expect(section.getByTestId('no-puede-resenar')).toHaveText(MENSAJES_RESENA.noEntregado(idVenta));
  await expect(section.getByRole('button', { name: 'Escribir una reseña' })).toHaveCount(0);

  // The shop hands it over at the store.
  await shop('pedido', String(idVenta), 'LISTO PARA RECOGER');
  await shop('pedido', String(idVenta), 'ENTREGADO');

  if (mobile) {
    await page.reload();
    section = await resenasOf(page);
    await expect(section).toContainText(MENSAJES_RESENA.puede);
    await section.getByRole('button', { name: 'Escribir una reseña' }).click();
  } else {
    // Mis Compras: the delivered order's line links to the product page's form.
    await page.goto('/mis-pedidos');
    await hydrated(page, 'OrdersPage');
    await page
      .getByTestId('pedido')
      .filter({ hasText: `Pedido N.° ${idVenta}` })
      .getByRole('button', { name: 'Ver detalle' })
      .click();
    const modal = page.getByRole('dialog', { name: 'Detalle del Pedido' });
    await modal.getByRole('link', { name: `Escribir reseña de ${producto.nombre}` }).click();
    await expect(page).toHaveURL(new RegExp(`${productPath(producto)}#escribir-resena$`));
    section = page.locator('section#resenas');
    await hydrated(page, 'ResenasProducto');
  }

  const form = section.getByRole('form', { name: 'Escribe tu reseña' });
  await expect(form).toBeVisible();
  // Sent empty: the server's own messages, in the browser.
  await form.getByRole('button', { name: 'Enviar reseña' }).click();
  await expect(form.getByRole('alert')).toHaveText([MENSAJES_RESENA.estrellas, MENSAJES_RESENA.tituloCorto, MENSAJES_RESENA.textoCorto]);
  // The stars are a radio group the keyboard moves through.
  await form.getByRole('radio', { name: /^1 estrella/ }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: /^4 estrellas/ })).toBeChecked();
  const titulo = mobile ? 'Ideal para mi piel mixta' : 'Textura ligera y buen aroma';
  await form.getByLabel('Título').fill(titulo);
  await form.getByLabel('Tu reseña').fill('La uso cada noche desde hace dos semanas y mi piel se siente más suave.');
  await expect(form).toContainText(`${titulo.length}/80 caracteres`);
  // A phone's photo, taken sideways, with the place it was taken in its EXIF.
  const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 230, g: 120, b: 160 } } })
    .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '12/1 7/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
  await form.getByLabel('Foto (opcional)').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(form.getByRole('img', { name: 'Vista previa de tu foto' })).toBeVisible();
  await form.getByRole('button', { name: 'Enviar reseña' }).click();
  await expect(section.getByRole('status').filter({ hasText: MENSAJES_RESENA.recibida })).toBeVisible();
  await expect(form).toHaveCount(0);

  // Not shown before the shop approves it; a second one is refused.
  await page.reload();
  section = await resenasOf(page);
  await expect(section.getByTestId('no-puede-resenar')).toHaveText(MENSAJES_RESENA.yaResenado);
  await expect(section.getByText(titulo)).toHaveCount(0);

  // The operator reads the pending list and approves it from the command line.
  const pendiente = await resenaPendienteOf(request, producto.idProducto);
  expect(pendiente).toMatchObject({ titulo, estrellas: 4, pedido: idVenta, foto: expect.stringMatching(/^\/imagenes\/resenas\//) });
  // Its photo is nobody's to see yet.
  expect((await request.get(pendiente.foto!)).status()).toBe(404);
  expect(await shop('resenas', '--pendientes')).toContain(String(pendiente.id));
  expect(await shop('resena', String(pendiente.id), 'aprobar')).toContain(String(pendiente.id));

  // Another shopper (a fresh browser: nothing cached) sees it on the page built before: the island reads it live.
  const visitor = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined });
  const other = await visitor.newPage();
  await other.addInitScript(() => sessionStorage.setItem('popupHomeCerrado', '1'));
  await other.goto(productPath(producto));
  const published = (await resenasOf(other)).getByTestId('resena').filter({ hasText: titulo });
  await expect(published).toBeVisible();
  await expect(published).toContainText('Compra verificada');
  await expect(published).toContainText(pendiente.autor);
  await expect(published.getByRole('img', { name: '4 de 5 estrellas' })).toBeVisible();
  // The photo: a 96 px thumbnail with its 2x copy, upright, linking to the larger view; no EXIF left in what is served.
  const foto = published.getByRole('img', { name: `Foto de la reseña de ${pendiente.autor}` });
  await expect(foto).toHaveAttribute('srcset', /-96\.webp 1x, .*-192\.webp 2x$/);
  await expect.poll(() => foto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  const grande = await request.get(pendiente.foto!);
  expect(grande.status()).toBe(200);
  const meta = await sharp(await grande.body()).metadata();
  expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 400, 600, undefined]);
  await expect((await resenasOf(other)).getByTestId('resenas-resumen').getByRole('img')).toHaveAttribute(
    'aria-label',
    /de 5 estrellas, \d+ reseñas?$/,
  );
  // A visitor is told who may write one and offered the login.
  await expect(other.locator('#escribir-resena')).toContainText(MENSAJES_RESENA.noComprado);
  await expect(other.getByRole('button', { name: 'Inicia sesión para escribir una reseña' })).toBeVisible();
  await visitor.close();
});
