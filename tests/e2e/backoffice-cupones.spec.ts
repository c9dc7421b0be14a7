import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { lineFromProducto, lineRef, type CartLine } from '../../src/lib/cart/lines.ts';
import { MENSAJES_CUPON } from '../../src/lib/pricing/coupons.ts';
import { formatSoles, precioFinal, priceOrder, toSoles } from '../../src/lib/pricing/index.ts';
import { PUNTOS_RECOJO } from '../../src/lib/shipping/methods.ts';
import { backofficeUrl, duenaDesdeConsola, foto, sinViolaciones } from './support/backoffice.ts';
import { pasoDeCategoria } from '../../src/lib/routine/pasos.ts';
import { hydrated, signedIn } from './support/shop.ts';

/**
 * Coupons from the back office (issue 37, item 6): the owner creates a fixed-amount coupon with a minimum
 * order in the browser; a shopper's cart refuses it below the minimum and applies it above, and the checkout
 * and the payment charge the same total; the coupon's card then counts the use and what it took off.
 * The product is the last simple coupon-eligible ones of the demo catalogue (one per project), which productFor's
 * slots, taken from the start of the same list, do not reach.
 */
test.describe.configure({ mode: 'serial', timeout: 150_000 });
test.use({ baseURL: async ({}, use) => use(backofficeUrl()) });

let catalogue: Producto[];
let compradora: BrowserContext;

test.beforeAll(async ({ browser, request }) => {
  catalogue = (await (await request.get(`${backofficeUrl()}/web/listprod`)).json()) as Producto[];
  compradora = await browser.newContext({ baseURL: backofficeUrl() });
});
test.afterAll(async () => compradora?.close());

const resumen = (page: Page, campo: 'subtotal' | 'descuento' | 'total') => page.getByTestId(`resumen-${campo}`);

/** Starts the cart with these lines, as the add flows would have stored them, and waits for it. */
async function conCarrito(page: Page, lines: CartLine[]) {
  await page.goto('/carrito');
  await page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), lines);
  await page.goto('/carrito');
  await expect(page.locator('.cart-line').first()).toBeVisible();
}

test('a fixed-amount coupon with a minimum, created in the browser, is charged identically by the cart and the checkout', async ({
  page,
  request,
}, testInfo) => {
  const simples = catalogue.filter(
    (p) =>
      !pasoDeCategoria(p.categoria) &&
      p.stock >= 3 &&
      p.newores === '' &&
      p.descuento === 0 &&
      p.descuentoN === 0 &&
      !p.colores.trim() &&
      !p.tamaños.trim() &&
      precioFinal(p) < 120,
  );
  const producto = simples.at(testInfo.project.name === 'mobile' ? -2 : -1)!;
  const precio = precioFinal(producto);
  // One unit stays below the minimum, two reach it.
  const minimo = Math.ceil(precio * 1.5);
  const monto = Math.min(15, minimo);
  const codigo = `FIJO-${testInfo.project.name.toUpperCase()}-${Date.now().toString(36).toUpperCase()}`;

  // The owner creates it in the back office.
  await duenaDesdeConsola(page, testInfo);
  await page.goto('/admin/cupones');
  await expect(page.getByRole('heading', { level: 1, name: 'Cupones' })).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo cupón' }).click();
  const form = page.getByRole('form', { name: 'Nuevo cupón' });
  await form.getByLabel('Código').fill(codigo);
  await form.getByLabel('Monto fijo (S/)').check();
  await form.getByLabel('Monto del descuento (S/)').fill(String(monto));
  await form.getByLabel('Pedido mínimo (S/)').fill(String(minimo));
  await form.getByLabel('Usos en total').fill('5');
  await form.getByLabel('Un solo uso por cliente').check();
  await sinViolaciones(page, 'Cupones, nuevo cupón');
  await foto(page, testInfo, 'cupon-nuevo');
  await form.getByRole('button', { name: 'Crear cupón' }).click();
  await expect(page.getByText(`Cupón ${codigo} creado`)).toBeVisible();
  const tarjeta = page.locator('.bo-cupon').filter({ has: page.getByRole('heading', { name: codigo }) });
  await expect(tarjeta).toContainText(formatSoles(monto));
  await expect(tarjeta).toContainText(`Pedido mínimo ${formatSoles(minimo)} · 0 de 5 usos · Un uso por cliente`);
  await expect(tarjeta).toContainText('Aún sin usos');
  await sinViolaciones(page, 'Cupones');
  await foto(page, testInfo, 'cupones');

  // The shopper: below the minimum the cart says what is missing.
  const shopper = await signedIn(compradora, request, backofficeUrl(), { dni: '40998877' });
  const tienda = await compradora.newPage();
  await tienda.addInitScript(() => sessionStorage.setItem('popupHomeCerrado', '1'));
  const linea = lineFromProducto(producto);
  await conCarrito(tienda, [linea]);
  await tienda.getByLabel('Código de descuento').fill(codigo.toLowerCase());
  await tienda.getByRole('button', { name: 'Aplicar', exact: true }).click();
  await expect(tienda.getByTestId('cupon-error')).toContainText('Pedido mínimo no alcanzado');
  await expect(tienda.getByTestId('cupon-error')).toContainText(MENSAJES_CUPON.minimo(minimo, minimo - precio).split(': ')[1]!);

  // Two units reach it: the fixed amount comes off, and the total is the shared pricing module's.
  const dos = { ...linea, cantidad: 2 };
  await conCarrito(tienda, [dos]);
  await tienda.getByLabel('Código de descuento').fill(codigo);
  await tienda.getByRole('button', { name: 'Aplicar', exact: true }).click();
  await expect(tienda.getByTestId('cupon-aplicado')).toContainText(`Cupón ${codigo} aplicado (${formatSoles(monto)})`);
  const esperado = priceOrder([dos], { cupon: { porcentaje: 0, monto, lineas: [lineRef(dos)] }, metodo: PUNTOS_RECOJO[0]!.metodo });
  expect(toSoles(esperado.descuento)).toBe(monto);
  await expect(resumen(tienda, 'descuento')).toContainText(formatSoles(monto));
  await expect(resumen(tienda, 'total')).toHaveText(formatSoles(toSoles(esperado.total)));
  await foto(tienda, testInfo, 'carrito-con-cupon');

  // The checkout shows the server's figures, the same; the payment charges them.
  await tienda.getByRole('button', { name: 'Ir a pagar' }).click();
  await expect(tienda).toHaveURL(/\/procesoDePago$/);
  await hydrated(tienda, 'CheckoutPage');
  await expect(tienda.getByTestId('estado-precios')).toHaveText('Precios confirmados por la tienda.');
  await expect(tienda.getByTestId('checkout-descuento')).toHaveText(`-${formatSoles(monto)}`);
  await expect(tienda.getByTestId('checkout-total')).toHaveText(formatSoles(toSoles(esperado.total)));
  await foto(tienda, testInfo, 'checkout-con-cupon');
  await tienda.getByRole('radio', { name: 'Mercado Pago' }).check();
  await tienda.getByRole('button', { name: 'Pagar ahora' }).click();
  await expect(tienda).toHaveURL(/\/pago-de-prueba\?preference_id=/);
  await expect(tienda.getByTestId('total-prueba')).toHaveText(formatSoles(toSoles(esperado.total)));
  await tienda.getByRole('button', { name: 'Aprobar pago' }).click();
  await expect(tienda).toHaveURL(/\/success\?.*status=approved/);
  expect(shopper.idUsuario).toBeGreaterThan(0);

  // Back in the back office, the coupon counts its use and what it took off.
  await page.reload();
  await expect(tarjeta).toContainText(`Usado en 1 pedido · descontó ${formatSoles(monto)}`);
  await expect(tarjeta).toContainText('1 de 5 usos');
});
