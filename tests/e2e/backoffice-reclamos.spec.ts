import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { decodeParts } from '../fixtures/smtp.ts';
import {
  backofficeUrl,
  completarInvitacion,
  correoUnico,
  duenaDesdeConsola,
  foto,
  invitarDesdeConsola,
  sinViolaciones,
} from './support/backoffice.ts';
import { hydrated } from './support/shop.ts';

/**
 * The Libro de Reclamaciones and the audit trail in the back office, at both widths: a complaint filed on the
 * storefront is answered by the owner in the browser (the official sheet, printable on one A4 page); the
 * consumer's e-mail arrives; the sheet says who answered; Auditoría shows the answer under her name with a
 * filter; staff see no 'Auditoría' and the API refuses them.
 */

test.beforeEach(async ({ page }) => {
  // The home page's registration popup would cover the form.
  await page.addInitScript(() => sessionStorage.setItem('popupHomeCerrado', '1'));
});

/** The decoded e-mails the test SMTP server received for `correo`, oldest first. */
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

/** Files a reclamo on the storefront's form as `correo`; its number. */
async function presentarReclamo(page: Page, correo: string): Promise<string> {
  await page.goto('/libro-de-reclamaciones');
  await hydrated(page, 'ReclamoForm');
  const form = page.locator('form.reclamo-form');
  await form.getByLabel('Nombre completo', { exact: true }).fill('Lucía Mamani Torres');
  await form.getByLabel('Número de documento').fill('45667788');
  await form.getByLabel('Domicilio', { exact: true }).fill('Av. Arequipa 1450, Lince');
  await form.getByLabel('Correo electrónico').fill(correo);
  await form.getByRole('radio', { name: 'Producto', exact: true }).check();
  await form.getByLabel('Descripción del producto o servicio').fill('Tónico de arroz 150 ml');
  await form.getByRole('radio', { name: /^Reclamo/ }).check();
  await form.getByLabel('Detalle', { exact: true }).fill('El tónico llegó con el sello abierto.');
  await form.getByLabel('Pedido del consumidor', { exact: true }).fill('Que me cambien el producto.');
  await form.getByRole('button', { name: 'Enviar hoja de reclamación' }).click();
  const titulo = page.getByTestId('hoja-presentada').getByRole('heading', { name: /^Hoja de reclamación N\.° LR-\d{4}-\d{6}$/ });
  await expect(titulo).toBeVisible();
  return (await titulo.textContent())!.replace('Hoja de reclamación N.° ', '');
}

/** The number of pages of the page printed to PDF as A4. */
async function paginasImpresas(page: Page): Promise<number> {
  const pdf = (await page.pdf({ format: 'A4', printBackground: true })).toString('latin1');
  return pdf.match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0;
}

test('the owner answers a storefront complaint in the browser; the e-mail arrives, the sheet and the audit trail name her', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const correo = correoUnico('reclamante', testInfo);
  const numero = await presentarReclamo(page, correo);

  const nombre = testInfo.project.name === 'mobile' ? 'Carla Móvil Ríos' : 'Carla Escritorio Ríos';
  await duenaDesdeConsola(page, testInfo, nombre);
  const menu = page.getByRole('navigation', { name: 'Menú del panel' });
  await expect(menu.getByRole('link', { name: 'Auditoría' })).toBeVisible();

  // The inbox: the nearest deadline first, the new sheet with its 15 working days.
  await menu.getByRole('link', { name: 'Reclamos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reclamos' })).toBeVisible();
  const tarjeta = page.locator('.bo-libro', { hasText: numero });
  await expect(tarjeta).toContainText('Quedan 15 días hábiles');
  await expect(tarjeta).toContainText('Lucía Mamani Torres');
  await expect(page.getByRole('navigation', { name: 'Filtrar reclamos' }).getByRole('link', { name: 'Vencidos' })).toBeVisible();
  await sinViolaciones(page, 'Reclamos');
  await foto(page, testInfo, 'reclamos-bandeja');

  // The official sheet.
  await tarjeta.getByRole('link', { name: `Reclamo ${numero}` }).click();
  const hoja = page.locator('.bo-hoja-reclamo');
  await expect(hoja.getByRole('heading', { name: `Hoja de reclamación N.° ${numero}` })).toBeVisible();
  for (const texto of [
    '1. Identificación del consumidor reclamante',
    'DNI 45667788',
    'Av. Arequipa 1450, Lince',
    '2. Identificación del bien contratado',
    'Tónico de arroz 150 ml',
    '3. Detalle de la reclamación y pedido del consumidor',
    'El tónico llegó con el sello abierto.',
    'Que me cambien el producto.',
    '4. Observaciones y acciones adoptadas por el proveedor',
    'Pendiente de respuesta',
  ])
    await expect(hoja).toContainText(texto);
  await sinViolaciones(page, 'Hoja de reclamación');
  await foto(page, testInfo, 'reclamos-hoja');

  // The answer, written here and e-mailed once.
  const respuesta = 'Lamentamos lo ocurrido. Le enviamos un tónico nuevo sin costo esta semana.';
  await page.getByLabel('Respuesta al consumidor').fill(respuesta);
  await page.getByRole('button', { name: 'Responder' }).click();
  await expect(page.getByText(`Respuesta registrada en la hoja ${numero}. La enviaremos a ${correo} por correo.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Responder' })).toHaveCount(0);
  await expect(hoja).toContainText(respuesta);
  await expect(hoja.locator('.bo-hoja-reclamo__fila', { hasText: 'Respondió' })).toContainText(nombre);
  await expect(hoja).not.toContainText('Pendiente de respuesta');
  await expect
    .poll(() => mailsTo(correo).some((mail) => mail.includes('Esta es nuestra respuesta') && mail.includes(respuesta)), { timeout: 30_000 })
    .toBe(true);

  // Printed: the sheet alone (no menu, no buttons, no form), on one A4 page.
  await page.emulateMedia({ media: 'print' });
  await expect(hoja).toBeVisible();
  await expect(page.locator('.bo-menu')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir hoja' })).toBeHidden();
  await foto(page, testInfo, 'reclamos-hoja-impresion');
  expect(await paginasImpresas(page)).toBe(1);
  await page.emulateMedia({ media: 'screen' });

  // The audit trail: the answer under her name, found with the filters (kept in the address).
  await menu.getByRole('link', { name: 'Auditoría' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoría' })).toBeVisible();
  const filtros = page.getByRole('search', { name: 'Filtrar la auditoría' });
  await filtros.getByLabel('Persona').selectOption(nombre);
  await filtros.getByLabel('Acción').selectOption('reclamo.respuesta');
  await filtros.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(/\/admin\/auditoria\?persona=.+&accion=reclamo\.respuesta$/);
  await expect(page.getByRole('status').filter({ hasText: /^1 cambio,/ })).toBeVisible();
  const entrada = page.locator('.bo-auditoria__tabla tbody tr, .bo-auditoria__tarjeta').filter({ hasText: `hoja ${numero}` });
  await expect(entrada).toHaveCount(1);
  await expect(entrada).toContainText('Respondió la hoja de reclamación');
  await expect(entrada).toContainText(nombre);
  await expect(entrada).toContainText('estado: pendiente → respondido');
  await sinViolaciones(page, 'Auditoría');
  await foto(page, testInfo, 'auditoria');

  // Staff: no 'Auditoría' in the menu, the screen says so, the API answers 403.
  const equipo = await browser.newContext({ baseURL: backofficeUrl(), viewport: page.viewportSize()! });
  const otra = await equipo.newPage();
  await completarInvitacion(otra, invitarDesdeConsola(correoUnico('personal-libro', testInfo), 'personal'), {
    nombre: 'Beto Personal Quispe',
    contrasena: 'Camelia en flor 2024',
  });
  const menuPersonal = otra.getByRole('navigation', { name: 'Menú del panel' });
  await expect(menuPersonal.getByRole('link', { name: 'Reclamos' })).toBeVisible();
  await expect(menuPersonal.getByRole('link', { name: 'Auditoría' })).toHaveCount(0);
  expect(await otra.evaluate(async () => (await fetch('/admin/api/auditoria')).status)).toBe(403);
  expect(await otra.evaluate(async () => (await fetch('/admin/api/reclamos.csv')).status)).toBe(403);
  await otra.goto('/admin/auditoria');
  await expect(otra.getByRole('heading', { level: 1, name: 'Sin acceso' })).toBeVisible();
  await equipo.close();
});
