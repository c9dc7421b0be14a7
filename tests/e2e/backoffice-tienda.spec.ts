import { expect, test, type Page } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { lineFromProducto } from '../../src/lib/cart/lines.ts';
import { formatSoles, precioFinal } from '../../src/lib/pricing/index.ts';
import { TIENDA } from '../../src/lib/tienda.ts';
import { backofficeUrl, duenaDesdeConsola, foto, sinViolaciones } from './support/backoffice.ts';
import { signedIn } from './support/shop.ts';

/**
 * Envíos y tienda (issue 37, item 8) at this width: the owner changes one district's delivery tariff in the
 * back office (found by department, province and name, marked, previewed, applied), and a shopper's cart and
 * checkout charge exactly that tariff. Each width changes its own district of Urubamba (Cusco), which no other
 * journey ships to, and never the free-shipping threshold, which other journeys count on.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ baseURL: async ({}, use) => use(backofficeUrl()) });

test('a tariff changed in the back office is charged at checkout', async ({ page, browser, request }, testInfo) => {
  const movil = testInfo.project.name === 'mobile';
  const distrito = movil ? 'Machupicchu' : 'Ollantaytambo';
  const tarifa = movil ? 27.6 : 31.4;

  await duenaDesdeConsola(page, testInfo);
  await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();
  await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Tienda' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Datos de la tienda' })).toBeVisible();
  await expect(page.getByLabel('RUC', { exact: true })).not.toHaveValue('');
  await sinViolaciones(page, 'tienda');
  await foto(page, testInfo, 'tienda');

  await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Envíos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Envíos' })).toBeVisible();
  await expect(page.getByText(/^\d+ distritos/)).toBeVisible();
  await sinViolaciones(page, 'envios');
  await foto(page, testInfo, 'envios');
  await page.getByLabel('Departamento', { exact: true }).selectOption({ label: (await opcion(page, 'Departamento', 'Cusco'))! });
  await page.getByLabel('Provincia', { exact: true }).selectOption({ label: (await opcion(page, 'Provincia', 'Urubamba'))! });
  await page.getByLabel('Buscar distrito').fill(distrito);
  const tarjeta = page.getByRole('list', { name: 'Tarifas por distrito' }).getByRole('listitem');
  await expect(tarjeta).toHaveCount(1);
  await tarjeta.getByLabel(`Marcar ${distrito}`).check();
  await expect(page.getByText('Cambiar el distrito marcado:')).toBeVisible();
  await page.getByLabel('Nueva tarifa (S/)').fill(String(tarifa));
  await page.getByRole('button', { name: 'Ver cambios' }).click();
  await expect(page.getByText(`Se cambiará 1 distrito: queda en ${formatSoles(tarifa)}.`)).toBeVisible();
  await expect(page.getByText(new RegExp(`^${distrito}: S/ \\d+\\.\\d{2} → ${formatSoles(tarifa).replace('.', '\\.')}$`))).toBeVisible();
  await sinViolaciones(page, 'envios-vista-previa');
  await foto(page, testInfo, 'envios-vista-previa');
  await page.getByRole('button', { name: 'Aplicar a 1 distrito' }).click();
  await expect(page.getByText(`Cambió 1 distrito: queda en ${formatSoles(tarifa)}.`)).toBeVisible();
  await expect(tarjeta.getByText(formatSoles(tarifa), { exact: true })).toBeVisible();
  await foto(page, testInfo, 'envios-aplicado');

  // A shopper buys one product under the free-shipping threshold, delivered to that district.
  const catalogue = (await (await request.get('/web/listprod')).json()) as Producto[];
  const producto = catalogue.find(
    (p) => p.stock >= 20 && p.newores === '' && !p.colores.trim() && !p.tamaños.trim() && precioFinal(p) < TIENDA.envioGratisDesde - 100,
  )!;
  const compradora = await browser.newContext({
    baseURL: backofficeUrl(),
    viewport: page.viewportSize() ?? undefined,
    isMobile: movil,
    hasTouch: movil,
  });
  await signedIn(compradora, request, backofficeUrl(), { dni: movil ? '47788990' : '46677889' });
  const tienda = await compradora.newPage();
  await tienda.goto('/carrito');
  await tienda.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), [lineFromProducto(producto)]);
  await tienda.goto('/carrito');
  await expect(tienda.locator('.cart-line').first()).toBeVisible();
  await tienda.getByRole('radio', { name: 'Envío a todo Lima y provincias' }).check();
  const envio = tienda.getByRole('dialog', { name: 'Datos de envío' });
  await envio.getByLabel('Departamento').selectOption('Cusco');
  await envio.getByLabel('Provincia').selectOption('Urubamba');
  await envio.getByLabel('Distrito').selectOption(distrito);
  await expect(envio.getByTestId('tarifa-envio')).toHaveText(`Tarifa de envío: ${formatSoles(tarifa)}`);
  await envio.getByLabel('Dirección').fill('Calle Principal 12');
  await envio.getByLabel('Referencia').fill('Frente a la plaza');
  await envio.getByRole('button', { name: 'Guardar dirección' }).click();
  await expect(envio).toBeHidden();
  const precio = precioFinal(producto);
  await expect(tienda.getByTestId('resumen-envio')).toContainText(formatSoles(tarifa));
  await tienda.getByRole('button', { name: 'Ir a pagar' }).click();
  await expect(tienda).toHaveURL(/\/procesoDePago$/);
  await expect(tienda.getByTestId('estado-precios')).toHaveText('Precios confirmados por la tienda.');
  await expect(tienda.getByTestId('checkout-envio')).toHaveText(formatSoles(tarifa));
  await expect(tienda.getByTestId('checkout-total')).toHaveText(formatSoles(Math.round((precio + tarifa) * 100) / 100));
  await foto(tienda, testInfo, 'checkout-tarifa');
  await compradora.close();
});

/** The option of a select whose text starts with `nombre` (the back office adds the tariffs' range after it). */
async function opcion(page: Page, etiqueta: string, nombre: string) {
  const select = page.getByLabel(etiqueta, { exact: true });
  await expect(select.locator('option', { hasText: nombre }).first()).toBeAttached();
  const textos = await select.locator('option').allTextContents();
  return textos.find((texto) => texto.startsWith(`${nombre} (`));
}
