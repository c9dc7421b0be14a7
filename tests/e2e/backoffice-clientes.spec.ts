import { expect, test } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { orderThroughApi, signedIn } from './support/shop.ts';
import {
  backofficeUrl,
  duenaDesdeConsola,
  foto,
  moverPedido,
  productoDelPanel,
  quizasConfirmar,
  sinViolaciones,
} from './support/backoffice.ts';

/**
 * 'Clientes' (Ley 29733): the owner finds a customer by her user name, reads her page, and deletes her account on
 * her request, confirming it is her when her sign-in is no longer fresh (the e2e shop keeps it fresh 12 seconds);
 * her order stays, under 'Cliente eliminado'. At 1280 px the list is a table, at 390 px cards.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });
test.use({ baseURL: async ({}, use) => use(backofficeUrl()) });

test('the owner finds a customer and deletes her account on request; her order shows «Cliente eliminado»', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const catalogue = (await (await request.get(`${backofficeUrl()}/web/listprod`)).json()) as Producto[];
  const contexto = await browser.newContext({ baseURL: backofficeUrl() });
  const clienta = await signedIn(contexto, request, backofficeUrl(), {
    dni: testInfo.project.name === 'desktop' ? '41223344' : '41223355',
  });
  await contexto.close();
  const idVenta = await orderThroughApi(request, clienta, productoDelPanel(catalogue, testInfo));
  // Delivered: an order under way would hold the deletion back.
  await moverPedido(request, idVenta, 'LISTO PARA RECOGER');
  await moverPedido(request, idVenta, 'ENTREGADO');

  const duena = await duenaDesdeConsola(page, testInfo);
  const fresca = Date.now();
  await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Clientes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(clienta.usuario.toUpperCase());
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByRole('status')).toContainText('1 cliente para');
  if (testInfo.project.name === 'desktop') await expect(page.getByRole('table')).toBeVisible();
  else await expect(page.getByRole('list', { name: 'Clientes' })).toBeVisible();
  await sinViolaciones(page, 'Clientes');
  await foto(page, testInfo, 'clientes-lista');

  await page.getByRole('link', { name: clienta.nombre }).click();
  await expect(page.getByRole('heading', { level: 1, name: clienta.nombre })).toBeVisible();
  const pedidos = page.getByRole('region', { name: 'Pedidos', exact: true });
  await expect(pedidos.getByRole('link', { name: `N.° ${idVenta}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Sus datos', exact: true })).toContainText(clienta.correo);
  await sinViolaciones(page, 'Su página');
  await foto(page, testInfo, 'cliente-pagina');

  await page.getByRole('button', { name: 'Eliminar su cuenta' }).click();
  const dialogo = page.getByRole('dialog', { name: `¿Eliminar la cuenta de ${clienta.nombre}?` });
  await expect(dialogo).toContainText('Se conservan sin sus datos');
  await expect(dialogo).toContainText('1 pedido');
  await sinViolaciones(page, 'Eliminar su cuenta');
  await foto(page, testInfo, 'cliente-eliminar');
  // Past the fresh window the shop asks for the password and a code before deleting.
  await page.waitForTimeout(Math.max(0, fresca + 13_000 - Date.now()));
  const eliminada = page.getByRole('heading', { level: 2, name: 'La cuenta ya no existe' });
  expect(await quizasConfirmar(page, duena, () => dialogo.getByRole('button', { name: 'Eliminar la cuenta' }).click(), eliminada)).toBe(
    true,
  );
  await expect(eliminada).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Eliminamos la cuenta' })).toContainText('1 pedido');
  await foto(page, testInfo, 'cliente-eliminada');

  await page.getByRole('link', { name: `Pedido N.° ${idVenta}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Pedido N.° ${idVenta}` })).toBeVisible();
  await expect(page.getByText('Cliente eliminado').first()).toBeVisible();
  await expect(page.getByText(clienta.correo)).toHaveCount(0);
  await foto(page, testInfo, 'pedido-cliente-eliminado');

  // She no longer signs in; the list no longer finds her.
  const login = await request.post(`${backofficeUrl()}/login`, { data: { user: clienta.usuario, password: clienta.password } });
  expect(((await login.json()) as { id: number }).id).toBe(0);
  await page.goto(`/admin/clientes?q=${clienta.usuario}`);
  await expect(page.getByText(`Ningún cliente coincide con «${clienta.usuario}».`)).toBeVisible();
});
