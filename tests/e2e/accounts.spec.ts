import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { maskEmail } from '../../src/lib/api/account-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { lineFromProducto } from '../../src/lib/cart/lines.ts';
import { hydrated } from './support/shop.ts';

/** A new shopper per test: unique user name and e-mail. Three names: the header greets 'Lucía Fernández'. */
function newShopper() {
  const usuario = `e2e${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return { nombre: 'Lucía Fernández Rojas', usuario, correo: `${usuario}@example.pe`, telefono: '987654321', password: 'Camelia-2024' };
}
type Shopper = ReturnType<typeof newShopper>;
const GREETING = /Lucía Fernández/;

async function registerShopper(request: APIRequestContext): Promise<Shopper> {
  const shopper = newShopper();
  const res = await request.post('/clientes/register', { data: shopper });
  expect(res.status()).toBe(201);
  return shopper;
}

/** Opens the login dialog from the header (desktop 'Iniciar Sesion', mobile the user icon). */
async function openLogin(page: Page) {
  await hydrated(page, 'HeaderActions', 'PageTools');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Iniciar Sesi[oó]n$/i })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Iniciar Sesión' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function submitLogin(page: Page, user: string, password: string) {
  const dialog = page.getByRole('dialog', { name: 'Iniciar Sesión' });
  await dialog.getByLabel('Usuario o Correo').fill(user);
  await dialog.getByLabel('Contraseña', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

/** Logs in from the header and answers the incomplete-profile invitation with 'Lo haré después'. */
async function logIn(page: Page, shopper: Shopper, password = shopper.password) {
  await openLogin(page);
  await submitLogin(page, shopper.usuario, password);
  await expect(page.getByText('Has iniciado sesión correctamente')).toBeVisible();
  const invitation = page.getByRole('alertdialog', { name: 'Completa tus datos' });
  await expect(invitation.getByRole('button', { name: 'Ir a Mi Cuenta' })).toBeVisible();
  await invitation.getByRole('button', { name: 'Lo haré después' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: GREETING })).toBeVisible();
}

/** The recovery code of the newest e-mail to `correo` the test SMTP server received (quoted-printable decoded). */
function latestCode(correo: string): string | undefined {
  const outbox = process.env.E2E_MAIL_DIR!;
  let files: string[];
  try {
    files = readdirSync(outbox)
      .filter((file) => file.endsWith(`-${correo}.eml`))
      .sort();
  } catch {
    return undefined;
  }
  const newest = files.at(-1);
  if (!newest) return undefined;
  const raw = readFileSync(join(outbox, newest), 'latin1').replace(/=\r?\n/g, '');
  const decoded = Buffer.from(
    raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
  return /código de verificación es: (\d{6})/.exec(decoded)?.[1];
}

test.beforeEach(async ({ page }) => {
  // The home page's registration popup would cover the dialogs on '/'.
  await page.addInitScript(() => sessionStorage.setItem('popupHomeCerrado', '1'));
});

test('registering logs the shopper in with a 7-day secure cookie; logout clears session, user and cart', async ({
  page,
  context,
  request,
}) => {
  const shopper = newShopper();
  await page.goto('/marcas');
  await openLogin(page);
  await page.getByRole('dialog', { name: 'Iniciar Sesión' }).getByRole('button', { name: 'Regístrate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Crear Cuenta' });
  await dialog.getByLabel('Nombre completo').fill(shopper.nombre);
  await dialog.getByLabel('Usuario', { exact: true }).fill(shopper.usuario);
  await dialog.getByLabel('Celular').pressSequentially('987-654-3210');
  await expect(dialog.getByLabel('Celular')).toHaveValue('987 654 321');
  await dialog.getByLabel('Correo electrónico').fill(shopper.correo);
  await dialog.getByLabel('Contraseña', { exact: true }).fill(shopper.password);
  await dialog.getByRole('button', { name: 'Mostrar contraseña' }).click();
  await expect(dialog.getByLabel('Contraseña', { exact: true })).toHaveAttribute('type', 'text');
  await expect(dialog.getByRole('checkbox')).not.toBeChecked();
  await expect(dialog.getByRole('link', { name: 'Política de Privacidad' })).toHaveAttribute('href', '/politica-de-privacidad');

  const sent = page.waitForRequest((req) => req.url().endsWith('/clientes/register'));
  await dialog.getByRole('button', { name: 'Crear Cuenta' }).click();
  expect((await sent).postDataJSON()).toEqual({ ...shopper, aceptaMarketing: false });
  await expect(page.getByRole('dialog', { name: '¡Registro exitoso!' })).toBeVisible();
  await expect(page.getByText('¡Bienvenido(a), Lucía Fernández!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: GREETING })).toBeVisible();

  const cookie = (await context.cookies()).find((c) => c.name === 'tokenweb');
  expect(cookie).toBeDefined();
  expect(cookie!.secure).toBe(true);
  expect(cookie!.sameSite).toBe('Strict');
  expect(Math.abs(cookie!.expires - (Date.now() / 1000 + 7 * 24 * 3600))).toBeLessThan(300);
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!)).toMatchObject({
    nombre: shopper.nombre,
    user: shopper.usuario,
  });

  // A cart line, to see logout empty it.
  const [producto] = (await (await request.get('/web/listprod')).json()) as Producto[];
  await page.evaluate((line) => localStorage.setItem('cart', JSON.stringify([line])), lineFromProducto(producto!));
  await page.reload();
  await hydrated(page, 'HeaderActions');
  await expect(page.getByTestId('cart-count').locator('visible=true')).toHaveText('1');

  await page.getByRole('banner').getByRole('button', { name: GREETING }).click();
  await page.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Iniciar Sesi[oó]n$/i })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'tokenweb')).toBeUndefined();
  expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('cart')])).toEqual([null, null]);
});

test('a wrong password shows the error dialog with the server message', async ({ page, request }) => {
  const shopper = await registerShopper(request);
  await page.goto('/marcas');
  const dialog = await openLogin(page);
  // An accessible modal: focus moves in and stays in, Escape closes it and focus returns (below).
  await expect(dialog.getByLabel('Usuario o Correo')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Cerrar' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Regístrate' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cerrar' })).toBeFocused();
  await submitLogin(page, shopper.usuario, 'no-es-la-clave');
  const error = page.getByRole('dialog', { name: 'Error' });
  await expect(error).toContainText('Usuario o contraseña incorrectos.');
  await error.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('dialog', { name: 'Iniciar Sesión' })).toBeVisible();
  // Escape closes only the innermost modal: the alert above the login dialog first.
  await submitLogin(page, shopper.usuario, 'no-es-la-clave');
  await expect(error).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(error).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Iniciar Sesión' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Iniciar Sesión' })).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Iniciar Sesi[oó]n$/i })).toBeFocused();
});

test('the recovery dialog changes the password with the e-mailed code', async ({ page, request }) => {
  const shopper = await registerShopper(request);
  await page.goto('/marcas');
  await openLogin(page);
  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recuperar Contraseña' });
  const identifier = dialog.getByLabel('Usuario o correo');

  await identifier.fill(shopper.usuario);
  await dialog.getByRole('button', { name: 'Paso 1: Verificar' }).click();
  await expect(dialog.getByText('Usuario o correo verificado.')).toBeVisible();
  await expect(dialog.getByText(maskEmail(shopper.correo))).toBeVisible();
  // Editing the first input resets the later steps.
  await identifier.fill(`${shopper.usuario}x`);
  await expect(dialog.getByRole('button', { name: 'Paso 1: Verificar' })).toBeVisible();
  await identifier.fill(shopper.usuario);
  await dialog.getByRole('button', { name: 'Paso 1: Verificar' }).click();

  await dialog.getByRole('button', { name: 'Paso 2: Enviar Correo' }).click();
  await expect(dialog.getByText('El código ha sido enviado a tu correo. Por favor, ingrésalo para continuar.')).toBeVisible();
  await expect.poll(() => latestCode(shopper.correo)).toMatch(/^\d{6}$/);
  const code = latestCode(shopper.correo)!;

  const codeInput = dialog.getByLabel('Código de verificación');
  await codeInput.fill(code.slice(0, 5) + ((Number(code[5]) + 1) % 10));
  await dialog.getByRole('button', { name: 'Validar Código' }).click();
  await expect(dialog.getByText('Código incorrecto o expirado.')).toBeVisible();
  await codeInput.fill(code);
  await dialog.getByRole('button', { name: 'Validar Código' }).click();
  await expect(dialog.getByText('Código válido. Ahora puedes cambiar tu contraseña.')).toBeVisible();

  await dialog.getByLabel('Nueva contraseña', { exact: true }).fill('Peonia-nueva-9');
  await dialog.getByRole('button', { name: 'Cambiar Contraseña' }).click();
  const done = page.getByRole('alertdialog', { name: 'Contraseña cambiada con éxito.' });
  await expect(done).toBeVisible();
  await expect(dialog).toBeHidden();
  await done.getByRole('button', { name: 'Iniciar Sesión' }).click();

  await submitLogin(page, shopper.usuario, 'Peonia-nueva-9');
  await page.getByRole('alertdialog', { name: 'Completa tus datos' }).getByRole('button', { name: 'Lo haré después' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: GREETING })).toBeVisible();
});

test('Mi Cuenta saves the personal data, which persist after a reload', async ({ page, request }) => {
  const shopper = await registerShopper(request);
  await page.goto('/marcas');
  await logIn(page, shopper);
  await page.goto('/cuenta');
  const datos = page.getByRole('region', { name: 'Datos Personales' });
  await expect(datos.getByLabel('Nombre completo')).toHaveValue(shopper.nombre);
  await expect(datos.getByLabel('Celular')).toHaveValue('987 654 321');
  await expect(datos.getByLabel('Correo electrónico')).toHaveValue(shopper.correo);
  await expect(datos.getByLabel('Correo electrónico')).toHaveAttribute('readonly', '');
  const update = datos.getByRole('button', { name: 'Actualizar datos' });
  await expect(update).toBeDisabled();

  await datos.getByLabel('Celular').fill('912345678');
  await expect(datos.getByLabel('Celular')).toHaveValue('912 345 678');
  await datos.getByLabel('Dirección').fill('Av. José Larco 812, Miraflores');
  await datos.getByLabel('Ciudad (opcional)').fill('Lima');
  await expect(update).toBeEnabled();
  await update.click();
  const ok = page.getByRole('dialog', { name: '¡Datos actualizados!' });
  await expect(ok).toBeVisible();
  await ok.getByRole('button', { name: 'Aceptar' }).click();
  await expect(update).toBeDisabled();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('userData')))!)).toMatchObject({
    telefono: '912345678',
    direccion: 'Av. José Larco 812, Miraflores',
  });

  await page.reload();
  await expect(datos.getByLabel('Celular')).toHaveValue('912 345 678');
  await expect(datos.getByLabel('Dirección')).toHaveValue('Av. José Larco 812, Miraflores');
  await expect(datos.getByLabel('Ciudad (opcional)')).toHaveValue('Lima');
});

test('saving a DNI shows the verified document', async ({ page, request }) => {
  const shopper = await registerShopper(request);
  await page.goto('/marcas');
  await logIn(page, shopper);
  await page.goto('/cuenta');
  const documento = page.getByRole('region', { name: 'Documento de identidad' });
  await expect(documento.getByText('Documento de identidad requerido')).toBeVisible();
  const number = documento.getByLabel('Número de documento');
  const save = documento.getByRole('button', { name: 'Guardar documento' });
  await expect(save).toBeDisabled();
  await number.pressSequentially('ab4567-89123');
  await expect(number).toHaveValue('45678912');
  await documento.getByLabel('Tipo de documento').selectOption('PASAPORTE');
  await expect(number).toHaveValue('');
  await documento.getByLabel('Tipo de documento').selectOption('DNI');
  await number.fill('45678912');
  await save.click();

  const listo = page.getByRole('dialog', { name: '¡Listo!' });
  await expect(listo).toContainText('DNI guardado correctamente.');
  await listo.getByRole('button', { name: 'Aceptar' }).click();
  const verified = page.getByTestId('documento-verificado');
  await expect(verified).toContainText('DNI');
  await expect(verified).toContainText('45678912');
  await expect(verified).toContainText('Verificado');
  await expect(number).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('documento-verificado')).toContainText('45678912');
});

test('protected pages send anonymous visitors home with their origin, replacing the history entry', async ({ page, request }) => {
  for (const path of ['/cuenta', '/mis-pedidos']) {
    await page.goto('/marcas');
    await page.goto(path);
    await expect(page).toHaveURL(`/?origen=${encodeURIComponent(path)}`);
    await expect(page.getByRole('dialog', { name: 'Iniciar Sesión' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/marcas$/);
  }

  const shopper = await registerShopper(request);
  await page.goto('/cuenta');
  await expect(page).toHaveURL('/?origen=%2Fcuenta');
  await submitLogin(page, shopper.usuario, shopper.password);
  // A full page load on a busy machine can take a while.
  await expect(page).toHaveURL(/\/cuenta$/, { timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Datos Personales' }).getByLabel('Nombre completo')).toHaveValue(shopper.nombre);
});

test('Mis Compras shows the empty state to a new customer', async ({ page, request }) => {
  const shopper = await registerShopper(request);
  await page.goto('/mis-pedidos');
  await expect(page).toHaveURL('/?origen=%2Fmis-pedidos');
  await submitLogin(page, shopper.usuario, shopper.password);
  await expect(page).toHaveURL(/\/mis-pedidos$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mis Compras');
  await expect(page.getByRole('heading', { name: 'Aún no tienes compras' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Seguir comprando' })).toHaveAttribute('href', '/');
});
