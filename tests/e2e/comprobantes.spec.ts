import { expect, test } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { lineFromProducto } from '../../src/lib/cart/lines.ts';
import { formatSoles, precioFinal } from '../../src/lib/pricing/index.ts';
import { openCheckoutWith, productFor, signedIn } from './support/shop.ts';

/**
 * Electronic receipts (issue 23): a shopper asks for a factura at /procesoDePago, pays in the test
 * mode, and finds the factura in Mis Compras; its printable page is the test mode's, marked as such.
 */

let catalogue: Producto[] = [];
test.beforeAll(async ({ request }) => {
  catalogue = (await (await request.get('/web/listprod')).json()) as Producto[];
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('popupHomeCerrado', '1'));
});

test('a purchase with a factura shows its comprobante in Mis Compras and prints it', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const producto = productFor(catalogue, testInfo, 11);
  await signedIn(context, request, baseURL!, { dni: '44556677' });
  await openCheckoutWith(page, [lineFromProducto(producto)]);
  await expect(page.getByTestId('estado-precios')).toHaveText('Precios confirmados por la tienda.');

  const card = page.getByTestId('comprobante');
  await expect(card.getByRole('radio', { name: /Boleta de venta/ })).toBeChecked();
  await card.getByRole('radio', { name: /Factura/ }).check();
  const ruc = card.getByRole('textbox', { name: 'RUC' });
  await ruc.fill('20131312954');
  await ruc.blur();
  await expect(card).toContainText('El RUC no es válido: revisa sus dígitos.');
  await page.getByRole('radio', { name: 'Mercado Pago' }).check();
  await page.getByRole('button', { name: 'Pagar ahora' }).click();
  // Refused in the page: focus on the wrong field, nothing sent.
  await expect(ruc).toBeFocused();
  await expect(page).toHaveURL(/procesoDePago/);
  await ruc.fill('20131312955');
  await card.getByRole('textbox', { name: 'Razón social' }).fill('Botica Sol S.A.C.');
  await card.getByRole('textbox', { name: 'Dirección fiscal' }).fill('Jr. Lampa 100, Cercado de Lima');
  await expect(card).not.toContainText('El RUC no es válido');
  await page.screenshot({ path: testInfo.outputPath('checkout-factura.png'), fullPage: true });
  await page.getByRole('button', { name: 'Pagar ahora' }).click();
  await page.getByRole('button', { name: 'Aprobar pago' }).click();
  await expect(page.getByTestId('confirmacion-pago')).toContainText('Pago confirmado');
  const idVenta = Number(new URL(page.url()).searchParams.get('external_reference'));

  await page.getByRole('link', { name: 'Ver mis pedidos' }).click();
  await expect(page).toHaveURL(/\/mis-pedidos$/);
  await page
    .getByTestId('pedido')
    .filter({ hasText: `Pedido N.° ${idVenta}` })
    .getByRole('button', { name: 'Ver detalle' })
    .click();
  const modal = page.getByRole('dialog', { name: 'Detalle del Pedido' });
  await expect(modal).toBeVisible();
  // The receipt is numbered with the payment and issued by the background work within seconds.
  await expect(modal).toContainText(/Comprobante: F001-\d{8}/);
  const numero = (await modal
    .getByText(/F001-\d{8}/)
    .first()
    .textContent())!.match(/F001-\d{8}/)![0];
  await modal.getByTestId('comprobante').scrollIntoViewIfNeeded();
  await expect(modal).toHaveCSS('opacity', '1');
  await page.screenshot({ path: testInfo.outputPath('mis-compras-comprobante.png') });

  const [printable] = await Promise.all([page.waitForEvent('popup'), modal.getByRole('link', { name: /Ver comprobante/ }).click()]);
  await printable.waitForLoadState();
  // Numbered with the payment, the receipt is issued by the background work a few seconds later; until then the
  // page (rendered once, by the server) says 'Pendiente de envío a SUNAT.'.
  await expect(async () => {
    if (!((await printable.locator('body').textContent()) ?? '').includes('Emitido en modo de prueba')) await printable.reload();
    await expect(printable.locator('body')).toContainText('Emitido en modo de prueba: no se envió a SUNAT.', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(printable.locator('body')).toContainText('FACTURA ELECTRÓNICA');
  await expect(printable.locator('body')).toContainText(numero);
  await expect(printable.locator('body')).toContainText('20131312955');
  await expect(printable.locator('body')).toContainText('Botica Sol S.A.C.');
  await expect(printable.locator('body')).toContainText('Sin validez tributaria – modo de prueba');
  await expect(printable.locator('body')).toContainText(formatSoles(precioFinal(producto)));
  await expect(printable.getByRole('button', { name: 'Imprimir' })).toBeVisible();
  await printable.screenshot({ path: testInfo.outputPath('comprobante.png'), fullPage: true });
});
