import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { MENSAJES_YAPE, RECHAZOS_YAPE } from '../../src/lib/api/yape-rules.ts';
import { lineFromProducto } from '../../src/lib/cart/lines.ts';
import { productPath } from '../../src/lib/catalogue/routes.ts';
import { formatSoles, precioFinal } from '../../src/lib/pricing/index.ts';
import { hydrated, openCheckoutWith, productFor, signedIn, buyBoxReady } from './support/shop.ts';

/**
 * Yape at /procesoDePago (issue 24), in the payment test mode: Mercado Pago's test phones with the
 * code 123456 (111111111 approves, 111111112 asks to authorize in the app); an approved payment lands
 * on /success without leaving the shop, a rejected one leaves the order payable with a new code; the
 * whole purchase by keyboard alone; and axe finds nothing in any state of the page.
 */

let catalogue: Producto[] = [];
test.beforeAll(async ({ request }) => {
  catalogue = (await (await request.get('/web/listprod')).json()) as Producto[];
});

test.beforeEach(async ({ page }) => {
  // The home page's registration popup would cover the dialogs.
  await page.addInitScript(() => sessionStorage.setItem('popupHomeCerrado', '1'));
});

const pricesConfirmed = (page: Page) => expect(page.getByTestId('estado-precios')).toHaveText('Precios confirmados por la tienda.');
const yapeRadio = (page: Page) => page.getByRole('radio', { name: /^Yape/ });
const celular = (page: Page) => page.getByRole('textbox', { name: 'Celular de tu Yape' });
const codigo = (page: Page) => page.getByRole('textbox', { name: 'Código de aprobación' });
const payWithYape = (page: Page) => page.getByRole('button', { name: 'Pagar con Yape' });

/** Opens the checkout for a signed-in shopper with a DNI and one unit of `producto`, prices confirmed. */
async function checkoutWith(
  page: Page,
  context: Parameters<typeof signedIn>[0],
  request: Parameters<typeof signedIn>[1],
  baseURL: string,
  producto: Producto,
) {
  const shopper = await signedIn(context, request, baseURL, { dni: '47812345' });
  await openCheckoutWith(page, [lineFromProducto(producto)]);
  await pricesConfirmed(page);
  await expect(yapeRadio(page)).toBeEnabled();
  return shopper;
}

/** The Yape panel in the middle of the window, as the shopper sees it at this width. */
async function shootSummary(page: Page, testInfo: TestInfo, name: string) {
  await page.getByTestId('panel-yape').evaluate((panel) => panel.scrollIntoView({ block: 'center', behavior: 'instant' }));
  // The header slides in or out after a scroll: let it settle.
  await page.waitForTimeout(400);
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`) });
}

/** Axe on the whole page: no violation. */
async function noAxeViolations(page: Page, state: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((violation) => `${state}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

test('Yape approved with the test phone: /success without leaving the shop, the order paid with Yape in Mis Compras', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const producto = productFor(catalogue, testInfo, 12);
  await checkoutWith(page, context, request, baseURL!, producto);
  await expect(page.getByRole('radio', { name: /Plin/ })).toHaveCount(0);
  // Issue 36: the bank transfer is offered beside Mercado Pago and Yape (the demo accounts).
  await expect(page.getByRole('radio', { name: /Transferencia bancaria/ })).toHaveCount(1);
  await expect(page.locator('input[name="metodo-pago"]')).toHaveCount(3);

  await yapeRadio(page).check();
  const panel = page.getByTestId('panel-yape');
  await expect(panel).toContainText(MENSAJES_YAPE.ayuda);
  await expect(page.getByTestId('monto-yape')).toHaveText(`Monto a pagar: ${formatSoles(precioFinal(producto))}`);
  await expect(codigo(page)).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codigo(page)).toHaveAttribute('inputmode', 'numeric');
  await celular(page).fill('111111111');
  await codigo(page).fill('123456');
  await shootSummary(page, testInfo, 'yape-panel');
  await payWithYape(page).click();

  await expect(page).toHaveURL(/\/success\?.*status=approved/);
  await expect(page.getByRole('heading', { name: '¡Pago Exitoso!' })).toBeVisible();
  await expect(page.getByTestId('pago-id')).not.toBeEmpty();
  await expect(page.getByTestId('confirmacion-pago')).toHaveText('Pago confirmado. Estado de tu pedido: En preparación.');
  // Nothing the shopper typed stays in the browser.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain('111111111');
  expect(stored).not.toContain('123456');
  const idVenta = Number(new URL(page.url()).searchParams.get('external_reference'));

  await page.getByRole('link', { name: 'Ver mis pedidos' }).click();
  await expect(page).toHaveURL(/\/mis-pedidos$/);
  const card = page.getByTestId('pedido').filter({ hasText: `Pedido N.° ${idVenta}` });
  await expect(card.getByTestId('estado-pedido')).toHaveText('En preparación');
  await card.getByRole('button', { name: 'Ver detalle' }).click();
  // The test mode says so after the method, as for Mercado Pago's.
  const modal = page.getByRole('dialog', { name: 'Detalle del Pedido' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { name: 'Método de pago' }).locator('xpath=following-sibling::p[1]')).toHaveText(
    /^Yape( \(modo de prueba\))?$/,
  );
});

test('Yape rejected: the Spanish reason, the code cleared, and paying again with a new code works', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const producto = productFor(catalogue, testInfo, 13);
  await checkoutWith(page, context, request, baseURL!, producto);
  await yapeRadio(page).check();
  await celular(page).fill('111111112');
  await codigo(page).fill('123456');
  await payWithYape(page).click();

  const rechazo = page.getByTestId('rechazo-yape');
  await expect(rechazo).toHaveText(RECHAZOS_YAPE.cc_rejected_call_for_authorize!);
  await expect(rechazo).toHaveAttribute('role', 'alert');
  await expect(page).toHaveURL(/\/procesoDePago$/);
  await expect(codigo(page)).toHaveValue('');
  await expect(codigo(page)).toBeFocused();
  await expect(celular(page)).toHaveValue('111111112');
  await expect(payWithYape(page)).toBeEnabled();
  await shootSummary(page, testInfo, 'yape-rechazo');

  await celular(page).fill('111111111');
  await codigo(page).fill('123456');
  await payWithYape(page).click();
  await expect(page).toHaveURL(/\/success\?.*status=approved/);
  await expect(page.getByTestId('confirmacion-pago')).toHaveText('Pago confirmado. Estado de tu pedido: En preparación.');
});

/** Presses Tab until `target` has the focus (the keyboard's way there), at most `max` times. */
async function tabTo(page: Page, target: Locator, max = 250) {
  const handle = await target.elementHandle();
  for (let presses = 0; presses < max; presses++) {
    if (await page.evaluate((element) => element === document.activeElement, handle)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab no llegó a ${target}`);
}

test('the whole purchase by keyboard alone, from the product page to /success with Yape', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const producto = productFor(catalogue, testInfo, 14);
  await signedIn(context, request, baseURL!, { dni: '47812346' });
  await page.goto(productPath(producto));
  await buyBoxReady(page);

  // Add to cart, then 'Ir a mi carrito' in the dialog.
  await tabTo(page, page.locator('.buy-box__add'));
  await page.keyboard.press('Enter');
  const added = page.getByRole('alertdialog', { name: '¡Producto añadido al carrito!' });
  await expect(added).toBeVisible();
  await tabTo(page, added.getByRole('button', { name: 'Ir a mi carrito' }), 10);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/carrito$/);
  await hydrated(page, 'CartPage');

  // The cart: pickup by default, 'Ir a pagar'.
  const irAPagar = page.getByRole('button', { name: 'Ir a pagar' });
  await expect(irAPagar).toBeEnabled();
  await tabTo(page, irAPagar);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/procesoDePago$/);
  await hydrated(page, 'CheckoutPage');
  await pricesConfirmed(page);
  await expect(yapeRadio(page)).toBeEnabled();

  // The methods: none chosen, so Tab stops on the first; the arrow keys choose Yape.
  await tabTo(page, page.getByRole('radio', { name: /^Mercado Pago/ }));
  await page.keyboard.press('ArrowDown');
  await expect(yapeRadio(page)).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(celular(page)).toBeFocused();
  await page.keyboard.type('111111111');
  await page.keyboard.press('Tab');
  await expect(codigo(page)).toBeFocused();
  await page.keyboard.type('123456');
  await tabTo(page, payWithYape(page), 10);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/success\?.*status=approved/);
  await expect(page.getByTestId('confirmacion-pago')).toHaveText('Pago confirmado. Estado de tu pedido: En preparación.');
});

test('axe finds no violation on /procesoDePago in any state', async ({ page, context, request, baseURL }, testInfo) => {
  const producto = productFor(catalogue, testInfo, 15);
  await checkoutWith(page, context, request, baseURL!, producto);
  await noAxeViolations(page, 'nada elegido');

  await page.getByRole('radio', { name: /^Mercado Pago/ }).check();
  await expect(page.getByRole('button', { name: 'Pagar ahora' })).toBeVisible();
  await noAxeViolations(page, 'Mercado Pago');

  await yapeRadio(page).check();
  await expect(celular(page)).toBeVisible();
  await noAxeViolations(page, 'Yape vacío');

  await payWithYape(page).click();
  await expect(page.getByText(MENSAJES_YAPE.faltaCelular)).toBeVisible();
  await expect(page.getByText(MENSAJES_YAPE.faltaCodigo)).toBeVisible();
  await expect(celular(page)).toBeFocused();
  await shootSummary(page, testInfo, 'yape-errores');
  await noAxeViolations(page, 'Yape con errores');

  await celular(page).fill('111111112');
  await codigo(page).fill('123456');
  await payWithYape(page).click();
  await expect(page.getByTestId('rechazo-yape')).toHaveText(RECHAZOS_YAPE.cc_rejected_call_for_authorize!);
  await noAxeViolations(page, 'Yape rechazado');

  const card = page.getByTestId('comprobante');
  await card.getByRole('radio', { name: /Factura/ }).check();
  await expect(card.getByRole('textbox', { name: 'RUC' })).toBeVisible();
  await noAxeViolations(page, 'factura');
});
