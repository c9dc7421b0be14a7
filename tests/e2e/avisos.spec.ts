import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { brandPath, productPath } from '../../src/lib/catalogue/routes.ts';
import { TIENDA } from '../../src/lib/tienda.ts';
import { decodeParts } from '../fixtures/smtp.ts';
import { clickUntilVisible, hydrated, productFor, signedIn, buyBoxReady } from './support/shop.ts';

/**
 * 'Avísame cuando llegue' (issue 25): on a sold-out product a visitor (desktop) or a signed-in customer
 * (mobile, one click) asks to be told; the operator sets the stock and the e-mail arrives.
 */

let catalogue: Producto[] = [];
test.beforeAll(async ({ request }) => {
  catalogue = (await (await request.get('/web/listprod')).json()) as Producto[];
});

/** The decoded texts of the e-mails the test SMTP server received for `correo`. */
function mailsTo(correo: string): string[] {
  try {
    return readdirSync(process.env.E2E_MAIL_DIR!)
      .filter((file) => file.endsWith(`-${correo}.eml`))
      .sort()
      .map((file) => decodeParts(readFileSync(join(process.env.E2E_MAIL_DIR!, file), 'utf8')));
  } catch {
    return [];
  }
}

/** The operator API's stock change (what `npm run shop` does). */
async function setStock(request: APIRequestContext, id: number, stock: number) {
  const res = await request.patch(`/admin/api/productos/${id}`, {
    data: { stock },
    headers: { Authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test("'Avísame' on a sold-out product, then the stock is set and the e-mail arrives", async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  // Slot 16: a product of this journey's own at each width.
  const producto = productFor(catalogue, testInfo, 16);
  await setStock(request, producto.idProducto, 0);
  const mobile = testInfo.project.name === 'mobile';
  const cliente = mobile ? await signedIn(context, request, baseURL!) : null;
  const correo = cliente?.correo ?? `avisame${Date.now()}@example.pe`;

  // The page was built with stock: the buy box reads the live stock and offers the form instead of the buttons.
  await page.goto(productPath(producto));
  await buyBoxReady(page);
  const buyBox = page.locator('.buy-box');
  await expect(buyBox.getByText('AGOTADO')).toBeVisible();
  const form = buyBox.locator('form.aviso-stock');
  await expect(form).toBeVisible();
  // Storefront §2: sold out, the add button is there and disabled; the form comes below it.
  await expect(buyBox.getByRole('button', { name: 'Agregar al carrito' })).toBeDisabled();
  const boton = form.getByRole('button', { name: 'Avísame cuando llegue' });

  if (cliente) {
    await expect(form).toContainText(`Te escribiremos a ${cliente.correo}.`);
    await expect(form.getByLabel('Tu correo electrónico')).toHaveCount(0);
  } else {
    const campo = form.getByLabel('Tu correo electrónico');
    await campo.fill('no-es-correo');
    await boton.click();
    await expect(form.getByRole('status')).toHaveText('Ingresa un correo electrónico válido.');
    await campo.fill(correo);
    await expect(form.getByRole('status')).toHaveText('');
  }
  await form.screenshot({ path: testInfo.outputPath(`aviso-${testInfo.project.name}-antes.png`) });
  await boton.click();
  await expect(form.getByRole('status')).toHaveText(`Te avisaremos a ${correo} cuando vuelva a estar disponible.`);
  await expect(boton).toBeDisabled();
  await page.locator('.buy-box').screenshot({ path: testInfo.outputPath(`aviso-${testInfo.project.name}.png`) });
  expect(mailsTo(correo)).toEqual([]);

  // The quick view of the same product offers the form too; asking again is answered the same (one subscription).
  await page.goto('/nuevo');
  await hydrated(page, 'PageTools');
  await page.evaluate((id) => {
    const button = document.createElement('button');
    button.dataset.previewId = String(id);
    button.textContent = 'Vista rápida del producto agotado';
    document.querySelector('main')!.append(button);
  }, producto.idProducto);
  const dialog = page.getByRole('dialog', { name: producto.nombre });
  await clickUntilVisible(page.getByRole('button', { name: 'Vista rápida del producto agotado' }), dialog);
  const rapida = dialog.locator('form.aviso-stock');
  await expect(rapida).toBeVisible();
  await expect(dialog.getByText('AGOTADO', { exact: true })).toBeVisible();
  const agregar = dialog.getByRole('button', { name: 'Agregar al carrito' });
  await expect(agregar).toBeVisible();
  await expect(agregar).toBeDisabled();
  expect((await rapida.boundingBox())!.y).toBeGreaterThanOrEqual((await agregar.boundingBox())!.y);
  if (!cliente) await rapida.getByLabel('Tu correo electrónico').fill(correo);
  await rapida.getByRole('button', { name: 'Avísame cuando llegue' }).click();
  await expect(rapida.getByRole('status')).toHaveText(`Te avisaremos a ${correo} cuando vuelva a estar disponible.`);
  await dialog.screenshot({ path: testInfo.outputPath(`aviso-${testInfo.project.name}-vista-rapida.png`) });
  await page.keyboard.press('Escape');

  // Its card, built in stock, is sold out from the listing's live stock: the AGOTADO overlay and a disabled add button.
  const deLaMarca = catalogue.filter((p) => p.marca === producto.marca);
  if (deLaMarca.length <= TIENDA.productosPorPagina) {
    await page.goto(brandPath(producto.marca));
    const card = page.locator(`.product-card[data-product-id="${producto.idProducto}"]`);
    await expect(card.locator('.product-card__sold-out')).toHaveText('AGOTADO');
    await expect(card.locator('button[data-add-id]')).toBeDisabled();
  }

  await setStock(request, producto.idProducto, 3);
  await expect.poll(() => mailsTo(correo).length, { timeout: 15_000 }).toBe(1);
  const [mail] = mailsTo(correo);
  expect(mail).toContain(`${producto.nombre} ya está disponible`);
  expect(mail).toContain(productPath(producto));
  expect(mail).toMatch(/\/api\/avisos-stock\/baja\/[0-9a-f]{32}/);

  // Back in stock: the page sells it again.
  await page.goto(productPath(producto));
  await buyBoxReady(page);
  await expect(page.locator('.buy-box').getByRole('button', { name: 'Agregar al carrito' })).toBeVisible();
});
