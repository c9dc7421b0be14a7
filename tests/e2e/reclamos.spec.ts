import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { decodeParts } from '../fixtures/smtp.ts';
import { hydrated, orderThroughApi, productFor, signedIn } from './support/shop.ts';

/**
 * The virtual Libro de Reclamaciones (issue 23): a visitor files a queja from the footer, a customer a
 * reclamo about an order from Mis Compras; each gets the sheet with its number and a copy by e-mail.
 */

let catalogue: Producto[] = [];
test.beforeAll(async ({ request }) => {
  catalogue = (await (await request.get('/web/listprod')).json()) as Producto[];
});

test.beforeEach(async ({ page }) => {
  // The home page's registration popup would cover the footer.
  await page.addInitScript(() => sessionStorage.setItem('popupHomeCerrado', '1'));
});

/** The decoded texts of the e-mails the test SMTP server received for `correo`, oldest first. */
function mailsTo(correo: string): string[] {
  const outbox = process.env.E2E_MAIL_DIR!;
  try {
    return readdirSync(outbox)
      .filter((file) => file.endsWith(`-${correo}.eml`))
      .sort()
      .map((file) => decodeParts(readFileSync(join(outbox, file), 'utf8')));
  } catch {
    return [];
  }
}

/**
 * The filed sheet shown after sending, and its number: a signed-in customer's own address gets the
 * whole copy by e-mail, any other the number and the link to the copy (`copia` says which).
 */
async function filedSheet(page: Page, correo: string, copia: 'completa' | 'enlace'): Promise<string> {
  const hoja = page.getByTestId('hoja-presentada');
  const titulo = hoja.getByRole('heading', { name: /^Hoja de reclamación N\.° LR-\d{4}-\d{6}$/ });
  await expect(titulo).toBeVisible();
  await expect(hoja).toContainText(
    copia === 'completa' ? `Te enviamos una copia a ${correo}.` : `Te enviamos a ${correo} su número y el enlace para ver tu copia.`,
  );
  await expect(hoja.getByTestId('enlace-hoja')).toHaveAttribute('href', /^\/api\/libro-reclamaciones\/hoja\/LR-\d{4}-\d{6}\/[0-9a-f]{32}$/);
  await expect(hoja.getByTestId('plazo-respuesta')).toContainText(
    /Te responderemos a más tardar el \d{2}\/\d{2}\/\d{4} \(15 días hábiles\)/,
  );
  await expect(hoja.getByRole('button', { name: 'Imprimir hoja' })).toBeVisible();
  return (await titulo.textContent())!.replace('Hoja de reclamación N.° ', '');
}

test('a visitor files a queja from the footer: a missing field is named, then the sheet and its e-mail copy', async ({
  page,
}, testInfo) => {
  const correo = `queja${Date.now()}${testInfo.project.name}@example.pe`;
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Libro de Reclamaciones' }).click();
  await expect(page).toHaveURL(/\/libro-de-reclamaciones$/);
  await expect(page).toHaveTitle('Libro de Reclamaciones | K-Beauty Perú');
  await expect(page.getByRole('heading', { name: 'Libro de Reclamaciones', level: 1 })).toBeVisible();
  await hydrated(page, 'ReclamoForm');

  const form = page.locator('form.reclamo-form');
  await expect(form).toContainText('20601234565');
  await expect(form.getByTestId('fecha-hoja')).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
  await form.getByLabel('Nombre completo', { exact: true }).fill('Rosa Huamán Torres');
  await form.getByLabel('Número de documento').fill('44556677');
  await form.getByLabel('Correo electrónico').fill(correo);
  await form.getByRole('radio', { name: 'Servicio', exact: true }).check();
  await form.getByLabel('Descripción del producto o servicio').fill('Atención en la tienda de Miraflores');
  await form.getByRole('radio', { name: /^Queja/ }).check();
  await form.getByLabel('Detalle', { exact: true }).fill('Me atendieron con mala disposición al recoger mi pedido.');
  await form.getByLabel('Pedido del consumidor', { exact: true }).fill('Una disculpa y mejor atención.');

  // The address is missing: the form names it and waits on that field.
  await form.getByRole('button', { name: 'Enviar hoja de reclamación' }).click();
  await expect(form.getByRole('alert')).toHaveText('Falta la dirección del consumidor.');
  await expect(form.getByLabel('Domicilio', { exact: true })).toBeFocused();
  await form.getByLabel('Domicilio', { exact: true }).fill('Jr. Cusco 123, Cercado de Lima');
  await expect(form.getByRole('alert')).toHaveCount(0);
  await form.getByRole('button', { name: 'Enviar hoja de reclamación' }).click();

  const numero = await filedSheet(page, correo, 'enlace');
  const hoja = page.getByTestId('hoja-presentada');
  for (const text of [
    'Queja',
    'Rosa Huamán Torres',
    'DNI 44556677',
    'Jr. Cusco 123, Cercado de Lima',
    'Atención en la tienda de Miraflores',
    'Una disculpa y mejor atención.',
  ]) {
    await expect(hoja).toContainText(text);
  }
  // An anonymous visitor's address gets the number and the link, never the text they typed.
  await expect.poll(() => mailsTo(correo).some((mail) => mail.includes(numero)), { timeout: 30_000 }).toBe(true);
  expect(mailsTo(correo).join('\n')).not.toContain('mala disposición');
  // The link opens the copy.
  await hoja.getByTestId('enlace-hoja').click();
  await expect(page.getByRole('heading', { name: `Hoja de reclamación N.° ${numero}`, level: 1 })).toBeVisible();
  await expect(page.getByText('Me atendieron con mala disposición al recoger mi pedido.')).toBeVisible();
});

test("a customer's reclamo from an order's detail in Mis Compras comes prefilled with their data and the order", async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  const shopper = await signedIn(context, request, baseURL!, { dni: '44556677' });
  const idVenta = await orderThroughApi(request, shopper, productFor(catalogue, testInfo, 10));

  await page.goto('/mis-pedidos');
  await page
    .getByTestId('pedido')
    .filter({ hasText: `Pedido N.° ${idVenta}` })
    .getByRole('button', { name: 'Ver detalle' })
    .click();
  const modal = page.getByRole('dialog', { name: 'Detalle del Pedido' });
  await modal.getByRole('link', { name: 'Presentar un reclamo' }).click();
  await expect(page).toHaveURL(new RegExp(`/libro-de-reclamaciones\\?pedido=${idVenta}$`));
  await hydrated(page, 'ReclamoForm');

  const form = page.locator('form.reclamo-form');
  await expect(form.getByText('Completamos tus datos con los de tu cuenta.')).toBeVisible();
  await expect(form.getByLabel('Nombre completo', { exact: true })).toHaveValue(shopper.nombre);
  await expect(form.getByLabel('Tipo de documento')).toHaveValue('DNI');
  await expect(form.getByLabel('Número de documento')).toHaveValue('44556677');
  await expect(form.getByLabel('Teléfono (opcional)')).toHaveValue('987 654 321');
  await expect(form.getByLabel('Correo electrónico')).toHaveValue(shopper.correo);
  await expect(form.getByLabel('N.° de pedido (opcional)')).toHaveValue(String(idVenta));

  await form.getByLabel('Domicilio', { exact: true }).fill('Av. Arequipa 1500, Lince');
  await form.getByLabel('Descripción del producto o servicio').fill('Producto de mi pedido');
  await form.getByLabel('Monto reclamado en S/ (opcional)').fill('59.90');
  await form.getByRole('radio', { name: /^Reclamo/ }).check();
  await form.getByLabel('Detalle', { exact: true }).fill('El producto llegó con el sello de seguridad roto.');
  await form.getByLabel('Pedido del consumidor', { exact: true }).fill('El cambio por un producto nuevo.');
  await form.getByRole('button', { name: 'Enviar hoja de reclamación' }).click();

  const numero = await filedSheet(page, shopper.correo, 'completa');
  const hoja = page.getByTestId('hoja-presentada');
  for (const text of ['Reclamo', shopper.nombre, 'DNI 44556677', '987 654 321', String(idVenta), 'S/ 59.90'])
    await expect(hoja).toContainText(text);
  await expect.poll(() => mailsTo(shopper.correo).some((mail) => mail.includes(numero)), { timeout: 30_000 }).toBe(true);
});
