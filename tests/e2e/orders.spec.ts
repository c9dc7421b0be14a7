import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { lineFromProducto } from '../../src/lib/cart/lines.ts';
import { formatSoles, precioFinal } from '../../src/lib/pricing/index.ts';
import type { CotizacionServidor } from '../../src/lib/api/checkout-schemas.ts';
import { preferenceBody } from '../../src/lib/checkout/preference-body.ts';
import { ENVIO_PROVINCIA } from '../../src/lib/shipping/methods.ts';
import { hydrated, openCheckoutWith, orderThroughApi, pickupPayload, productFor, signedIn } from './support/shop.ts';

/**
 * 'Mis Compras' (checkout §2, §4): the customer's orders after buying in test mode, the detail modal
 * with its timeline, and the shop moving an order along through the operator API.
 */

let catalogue: Producto[] = [];
test.beforeAll(async ({ request }) => {
  catalogue = (await (await request.get('/web/listprod')).json()) as Producto[];
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('popupHomeCerrado', '1'));
});

/** The shop moves an order along, as `npm run shop -- pedido <id> <ESTADO>` does. */
async function moveOrder(request: APIRequestContext, idVenta: number, estado: string) {
  const res = await request.post(`/admin/api/pedidos/${idVenta}/estado`, {
    data: { estado },
    headers: { Authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const timelineSteps = (page: Page) => page.getByTestId('linea-tiempo').getByRole('listitem');

async function openDetail(page: Page, idVenta: number) {
  await page
    .getByTestId('pedido')
    .filter({ hasText: `Pedido N.° ${idVenta}` })
    .getByRole('button', { name: 'Ver detalle' })
    .click();
  const modal = page.getByRole('dialog', { name: 'Detalle del Pedido' });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('linea-tiempo')).toBeVisible();
  return modal;
}

test('after buying, Mis Compras shows the newest order, the others on request, and the detail with its timeline', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const older = productFor(catalogue, testInfo, 5);
  const newer = productFor(catalogue, testInfo, 6);
  const shopper = await signedIn(context, request, baseURL!, { dni: '44556677' });
  const olderId = await orderThroughApi(request, shopper, older);

  // A purchase through the checkout page in test mode.
  await openCheckoutWith(page, [lineFromProducto(newer)]);
  await expect(page.getByTestId('estado-precios')).toHaveText('Precios confirmados por la tienda.');
  await page.getByRole('radio', { name: 'Mercado Pago' }).check();
  await page.getByRole('button', { name: 'Pagar ahora' }).click();
  await page.getByRole('button', { name: 'Aprobar pago' }).click();
  await expect(page.getByTestId('confirmacion-pago')).toContainText('Pago confirmado');
  const newerId = Number(new URL(page.url()).searchParams.get('external_reference'));

  await page.getByRole('link', { name: 'Ver mis pedidos' }).click();
  await expect(page).toHaveURL(/\/mis-pedidos$/);
  await expect(page.getByRole('heading', { name: 'Mis Compras', level: 1 })).toBeVisible();
  const orders = page.getByTestId('pedido');
  await expect(orders).toHaveCount(1);
  await expect(orders.first()).toContainText(`Pedido N.° ${newerId}`);
  await expect(orders.first()).toContainText('En preparación');
  await expect(orders.first()).toContainText('Recojo en tienda');
  await expect(orders.first()).toContainText(formatSoles(precioFinal(newer)));
  await expect(orders.first().locator(`img[src="${lineFromProducto(newer).img}"]`)).toHaveCount(1);

  await page.getByRole('button', { name: /Mostrar otros pedidos/ }).click();
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(1)).toContainText(`Pedido N.° ${olderId}`);
  await expect(page.getByRole('button', { name: /Mostrar otros pedidos/ })).toHaveCount(0);

  // The detail: its spinner, then the lines, delivery, totals and a pickup timeline.
  const modal = await openDetail(page, newerId);
  await expect(modal.getByTestId('linea-pedido')).toContainText(newer.nombre);
  await expect(modal.getByTestId('total-pedido')).toHaveText(formatSoles(precioFinal(newer)));
  await expect(modal).toContainText('Recojo en Miraflores');
  await expect(timelineSteps(page)).toHaveText([/En preparación/, /Listo para Recoger/, /Entregado/]);
  await expect(timelineSteps(page).nth(0)).toHaveAttribute('data-alcanzado', 'true');
  await expect(timelineSteps(page).nth(1)).toHaveAttribute('data-alcanzado', 'false');
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();

  // The shop has it ready for pickup: the timeline says so, still without En Tránsito.
  await moveOrder(request, newerId, 'LISTO PARA RECOGER');
  await page.reload();
  await hydrated(page, 'OrdersPage');
  await expect(page.getByTestId('pedido').first()).toContainText('Listo para Recoger');
  const updated = await openDetail(page, newerId);
  await expect(timelineSteps(page)).toHaveText([/En preparación/, /Listo para Recoger/, /Entregado/]);
  await expect(timelineSteps(page).nth(1)).toHaveAttribute('data-alcanzado', 'true');
  await expect(timelineSteps(page).nth(1)).toHaveAttribute('aria-current', 'step');
  await expect(timelineSteps(page).nth(2)).toHaveAttribute('data-alcanzado', 'false');
  await expect(updated.getByText('En Tránsito')).toHaveCount(0);
});

test('a shopper without orders sees the empty state', async ({ page, context, request, baseURL }) => {
  await signedIn(context, request, baseURL!);
  await page.goto('/mis-pedidos');
  await expect(page.getByRole('heading', { name: 'Aún no tienes compras' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Seguir comprando' })).toHaveAttribute('href', '/');
});

test('a failed order list says so and can be retried', async ({ page, context, request, baseURL }) => {
  await signedIn(context, request, baseURL!);
  let fail = true;
  await page.route('**/web/ListPedidos/*', (route) =>
    fail ? route.fulfill({ status: 500, json: { mensaje: 'caído' } }) : route.fallback(),
  );
  await page.goto('/mis-pedidos');
  await expect(page.getByRole('alert')).toContainText('No se pudo obtener la lista de pedidos.');
  fail = false;
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('heading', { name: 'Aún no tienes compras' })).toBeVisible();
});

test('a delivery order sent with a courier shows the guía and the courier’s tracking link in Mis Compras', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const producto = productFor(catalogue, testInfo, 18);
  const shopper = await signedIn(context, request, baseURL!, { dni: '44556677' });
  // A province delivery bought through the API as the checkout page would, claiming the server's own figures.
  const body = preferenceBody(pickupPayload([lineFromProducto(producto)]), shopper.idUsuario, {});
  const destino = {
    departamento: 'Arequipa',
    provincia: 'Arequipa',
    distrito: 'Cayma',
    direccion: 'Calle Los Arces 123',
    referencia: 'Frente al parque',
  };
  const envio = { ...body, Recojo: false, destino, metadata: { ...body.metadata, recojo: false, metodo_envio: ENVIO_PROVINCIA } };
  const auth = { Authorization: `Bearer ${shopper.token}` };
  const quote = (await (
    await request.post(`/carrito/cotizar/${shopper.idUsuario}`, { data: envio, headers: auth })
  ).json()) as CotizacionServidor;
  const claimed = { ...envio, descuento: quote.descuento, total: quote.total, metadata: { ...envio.metadata, costo_envio: quote.envio } };
  const created = await request.post(`/carrito/create-preference/${shopper.idUsuario}`, {
    data: claimed,
    headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id, idVenta } = (await created.json()) as { id: string; idVenta: number };
  expect((await request.post(`/carrito/prueba/${id}/pagar`, { data: { resultado: 'approved' } })).status()).toBe(200);

  // The shop sends it with Olva, as `npm run shop -- pedido N "EN TRANSITO" --courier Olva --guia 123456789` does.
  const headers = { Authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` };
  const sinGuia = await request.post(`/admin/api/pedidos/${idVenta}/estado`, { data: { estado: 'EN TRANSITO' }, headers });
  expect(sinGuia.status()).toBe(400);
  const sent = await request.post(`/admin/api/pedidos/${idVenta}/estado`, {
    data: { estado: 'EN TRANSITO', courier: 'Olva', guia: '123456789' },
    headers,
  });
  expect(sent.status(), await sent.text()).toBe(200);

  await page.goto('/mis-pedidos');
  const modal = await openDetail(page, idVenta);
  const seguimiento = modal.getByTestId('seguimiento');
  await expect(seguimiento).toHaveText('Olva Courier · Guía N.° 123456789 · Rastrear envío');
  await expect(seguimiento.getByRole('link', { name: 'Rastrear envío' })).toHaveAttribute('href', 'https://www.olvacourier.com/');
  await expect(seguimiento.getByRole('link', { name: 'Rastrear envío' })).toHaveAttribute('target', '_blank');
  await seguimiento.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('seguimiento.png') });
});
