import { readFile } from 'node:fs/promises';
import { expect, test, type Locator } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { fechaLima, formatFecha } from '../../src/lib/dates.ts';
import { ayerEnLima } from '../../src/lib/dias-lima.ts';
import { orderThroughApi, signedIn } from './support/shop.ts';
import { backofficeUrl, duenaDesdeConsola, foto, productoDelPanel, quizasConfirmar, sinViolaciones } from './support/backoffice.ts';

/**
 * 'Cierre y ventas': the owner opens the close (yesterday in Lima by default), steps to today, where the order
 * this journey just paid is, opens the day's total to the orders behind it (they add up to it), reads the
 * chart and exports the paid orders as CSV. The journey cannot make an order paid yesterday: the shop stamps
 * a payment with its own clock and no API moves it, so yesterday's close is read as it is and today's holds
 * the journey's order. Other journeys pay orders of their own meanwhile (the browser tests run in parallel).
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ baseURL: async ({}, use) => use(backofficeUrl()) });

/** 'S/ 1234.50' → 123450 céntimos. */
const centimos = (texto: string) => Math.round(Number(/S\/\s*([\d.]+)/.exec(texto)![1]) * 100);

/** The day as the screen's heading writes it: 'Sábado 28/11/2026'. */
function diaEnPalabras(dia: string) {
  const semana = new Intl.DateTimeFormat('es-PE', { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${dia}T12:00:00Z`));
  return `${semana.charAt(0).toUpperCase()}${semana.slice(1)} ${formatFecha(dia)}`;
}

/** The orders a section lists (a table on a laptop, cards on a phone): their numbers. */
async function pedidosDe(seccion: Locator): Promise<number[]> {
  const textos = await seccion.getByRole('link', { name: /^N\.° \d+$/ }).allTextContents();
  return textos.map((texto) => Number(texto.replace(/\D/g, '')));
}

test("the owner reads yesterday's close, then today's with her order, opens its total and exports it", async ({
  page,
  request,
  browser,
}, testInfo) => {
  const catalogue = (await (await request.get(`${backofficeUrl()}/web/listprod`)).json()) as Producto[];
  const compradora = await browser.newContext({ baseURL: backofficeUrl() });
  const shopper = await signedIn(compradora, request, backofficeUrl(), { dni: '40998877' });
  const idVenta = await orderThroughApi(request, shopper, productoDelPanel(catalogue, testInfo));
  await compradora.close();
  const duena = await duenaDesdeConsola(page, testInfo);

  await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Cierre y ventas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cierre y ventas' })).toBeVisible();
  // Yesterday in Lima, by default.
  await expect(page.getByRole('heading', { level: 2, name: diaEnPalabras(ayerEnLima()) })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Ventas por medio de pago' })).toBeVisible();
  await sinViolaciones(page, 'Cierre de ayer');
  await foto(page, testInfo, 'cierre-ayer');

  await page.getByRole('button', { name: 'Día siguiente →' }).click();
  const hoy = fechaLima(new Date());
  await expect(page).toHaveURL(new RegExp(`/admin/cierre\\?desde=${hoy}$`));
  await expect(page.getByRole('heading', { level: 2, name: diaEnPalabras(hoy) })).toBeVisible();
  const pagados = page.getByRole('region', { name: 'Pedidos pagados' });
  await expect(pagados.getByRole('link', { name: `N.° ${idVenta}` })).toBeVisible();
  const ids = await pedidosDe(pagados);
  // The test mode's payment is its own group: no money moved through Mercado Pago.
  await expect(page.getByRole('region', { name: 'Ventas por medio de pago' })).toContainText('Pago de prueba (sin dinero real)');

  // The day's total opens to its orders, which add up to it to the céntimo, each linking to its order.
  const vendido = page.locator('.bo-cierre__resumen details').first();
  const total = centimos((await vendido.locator('summary').textContent())!);
  await vendido.locator('summary').click();
  const filas = vendido.getByRole('listitem');
  await expect(filas).toHaveCount(ids.length);
  const montos = await filas.locator('.bo-monto').allTextContents();
  expect(montos.reduce((suma, monto) => suma + centimos(monto), 0)).toBe(total);
  await expect(vendido.getByRole('link', { name: `Pedido N.° ${idVenta}` })).toHaveAttribute('href', `/admin/pedidos/${idVenta}`);

  // The chart of the last 30 days, then 90, with its table for whoever prefers numbers.
  const ventas = page.getByRole('region', { name: 'Ventas por día' });
  await expect(ventas.getByRole('img', { name: /Ventas por día del/ })).toBeVisible();
  await ventas.getByRole('button', { name: 'Últimos 90 días' }).click();
  await expect(ventas.getByRole('button', { name: 'Últimos 90 días' })).toHaveAttribute('aria-pressed', 'true');
  await ventas.getByText('Ver como tabla').click();
  await expect(ventas.getByRole('table', { name: 'Ventas por día' }).locator('tbody tr')).toHaveCount(90);
  await ventas.getByText('Ver como tabla').click();
  await sinViolaciones(page, 'Cierre de hoy');
  await foto(page, testInfo, 'cierre-hoy');
  await ventas.scrollIntoViewIfNeeded();
  await foto(page, testInfo, 'cierre-grafico');
  await page.screenshot({ path: testInfo.outputPath(`cierre-completo-${testInfo.project.name}.png`), fullPage: true });

  // The paid orders as CSV: the screen's rows, with the BOM Excel needs for the accents.
  const descarga = page.waitForEvent('download');
  await quizasConfirmar(
    page,
    duena,
    () => pagados.getByRole('button', { name: 'Descargar CSV de pedidos pagados' }).click(),
    page.getByText('Descargamos pedidos pagados (CSV).'),
  );
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toBe(`cierre-pedidos-${hoy}.csv`);
  const texto = await readFile((await archivo.path())!, 'utf8');
  expect(texto.charCodeAt(0)).toBe(0xfeff);
  const filasCsv = texto.slice(1).trimEnd().split('\r\n');
  expect(filasCsv[0]).toContain('Pedido,Pagado (hora de Lima),Día,Cliente,Método de pago');
  // The screen's orders in the screen's order; the journeys running beside this one may have paid more since it was read.
  const enCsv = filasCsv.slice(1).map((fila) => Number(fila.split(',')[0]));
  expect(enCsv.filter((id) => ids.includes(id))).toEqual(ids);
  expect(new Set(enCsv).size).toBe(enCsv.length);
});
