import { expect, test } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { signedIn } from './support/shop.ts';
import {
  autenticadorVirtual,
  backofficeUrl,
  codigoTotp,
  completarInvitacion,
  correoUnico,
  duenaDesdeConsola,
  foto,
  ingresar,
  marcarEnviados,
  pedidoADomicilio,
  productoDelPanel,
  quizasConfirmar,
  sinViolaciones,
  type Persona,
} from './support/backoffice.ts';

/**
 * The back office's team (issue 36): the owner, invited from the command line, enrols her authenticator, signs
 * in and invites a staff member from 'Personal'; he accepts, adds a passkey (Chromium's virtual authenticator),
 * signs in with it and marks three paid orders shipped in one bulk action; the shopper sees courier and guía
 * in Mis Compras. One journey in steps that share the people (serial), at each width with its own people.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ baseURL: async ({}, use) => use(backofficeUrl()) });

let catalogue: Producto[];
let duena: Persona;
let enlacePersonal: string;
const CONTRASENA_PERSONAL = 'Orquídea de la selva 77';

test.beforeAll(async ({ request }) => {
  catalogue = (await (await request.get(`${backofficeUrl()}/web/listprod`)).json()) as Producto[];
});

test('an owner invited from the command line enrols TOTP, signs in and invites a staff member from Personal', async ({
  page,
}, testInfo) => {
  duena = await duenaDesdeConsola(page, testInfo);
  expect(duena.codigos).toHaveLength(10);

  // She signs out and in again at /admin/, with one of the recovery codes she kept (her app's code of this
  // half-minute is spent: the keyboard journey signs in with the app's code).
  await page.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(/\/admin\/ingresar/);
  await ingresar(page, { correo: duena.correo, contrasena: duena.contrasena, codigo: duena.codigos.pop()! });
  await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();

  await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Personal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Personal' })).toBeVisible();
  const correo = correoUnico('personal', testInfo);
  const invitar = page.getByRole('region', { name: 'Invitar a alguien' });
  await invitar.getByLabel('Correo').fill(correo);
  await invitar.getByLabel('Rol', { exact: true }).selectOption({ label: 'Personal' });
  const enlace = page.locator('.bo-secreto code');
  await quizasConfirmar(page, duena, () => invitar.getByRole('button', { name: 'Enviar invitación' }).click(), enlace);
  await expect(enlace).toContainText('/admin/invitacion?token=');
  enlacePersonal = (await enlace.textContent())!.trim();
  await expect(page.getByRole('region', { name: 'Invitaciones pendientes' })).toContainText(correo);
  await sinViolaciones(page, 'Personal');
  await foto(page, testInfo, 'personal');
});

test('the staff member adds a passkey, signs in with it, marks three orders shipped at once; the shopper sees courier and guía', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.skip(!enlacePersonal, 'needs the invitation of the step before');
  // Three paid home-delivery orders of one shopper.
  const compradora = await browser.newContext({ baseURL: backofficeUrl(), viewport: page.viewportSize()! });
  const shopper = await signedIn(compradora, request, backofficeUrl(), { dni: '44556677' });
  const producto = productoDelPanel(catalogue, testInfo);
  const ids: number[] = [];
  for (let i = 0; i < 3; i++) ids.push(await pedidoADomicilio(request, shopper, producto));

  const autenticador = await autenticadorVirtual(page);
  const alta = await completarInvitacion(
    page,
    new URL(enlacePersonal).pathname + new URL(enlacePersonal).search,
    { nombre: 'Beto Ramos Quispe', contrasena: CONTRASENA_PERSONAL },
    {
      enElPasoPasskey: async () => {
        await page.getByRole('button', { name: 'Agregar llave de acceso' }).click();
        await expect(page.getByText(/Registraste tu passkey/)).toBeVisible();
        expect(await autenticador.credenciales()).toHaveLength(1);
      },
    },
  );
  const personal = { ...alta, correo: '', contrasena: CONTRASENA_PERSONAL, usados: new Set([codigoTotp(alta.secreto)]) };
  // Staff see neither Personal nor the API keys.
  const menu = page.getByRole('navigation', { name: 'Menú del panel' });
  await expect(menu.getByRole('link', { name: 'Personal' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Mi cuenta' }).click();
  // 'Llaves de acceso' lists the one passkey just added, by name, with its 'Quitar' button.
  const llaves = page.getByRole('region', { name: 'Llaves de acceso' });
  await expect(llaves.getByRole('button', { name: /^Quitar / })).toHaveCount(1);
  personal.correo = (await page.locator('#bo-yo + p').textContent())!.split(' · ')[0]!.trim();

  // Signs out, and in with the password and the passkey instead of the app's code.
  await page.getByRole('button', { name: 'Salir' }).click();
  await page.getByLabel('Correo').fill(personal.correo);
  await page.getByLabel('Contraseña').fill(personal.contrasena);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Usar llave de acceso (passkey)' }).click();
  await expect(menu).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^Hola, / })).toBeVisible();

  // Pedidos: the three chosen, each with its courier and guía, shipped in one action.
  await menu.getByRole('link', { name: 'Pedidos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
  const envios = ids.map((idVenta, indice) => ({
    idVenta,
    courier: ['Olva Courier', 'Shalom', 'Urbano'][indice]!,
    guia: `GU-${testInfo.project.name}-${idVenta}`,
  }));
  await marcarEnviados(page, envios);
  await expect(page.getByText('3 pedidos pasaron a «En Tránsito».')).toBeVisible();
  await foto(page, testInfo, 'pedidos-tras-lote');

  // The shopper's Mis Compras shows each one's courier and guía.
  const compras = await compradora.newPage();
  await compras.goto('/mis-pedidos');
  await compras.getByRole('button', { name: /Mostrar otros pedidos/ }).click();
  for (const { idVenta, courier, guia } of envios) {
    await compras
      .getByTestId('pedido')
      .filter({ hasText: `Pedido N.° ${idVenta}` })
      .getByRole('button', { name: 'Ver detalle' })
      .click();
    const modal = compras.getByRole('dialog', { name: 'Detalle del Pedido' });
    await expect(modal.getByTestId('seguimiento')).toContainText(`${courier} · Guía N.° ${guia}`);
    await modal
      .getByRole('button', { name: /Cerrar/ })
      .first()
      .click();
    await expect(modal).toBeHidden();
  }
});
