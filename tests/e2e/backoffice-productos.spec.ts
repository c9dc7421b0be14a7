import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { productPath } from '../../src/lib/catalogue/routes.ts';
import { png } from '../api/images.ts';
import {
  backofficeUrl,
  completarInvitacion,
  conToken,
  correoUnico,
  duenaDesdeConsola,
  foto,
  sinViolaciones,
} from './support/backoffice.ts';
import { SHOP_START_TIMEOUT_MS, startShop, type StartedShop } from './support/start-shop.ts';

/**
 * The catalogue in the back office (issue 37): the list searched and filtered, a product created in
 * the browser with the form (its Spanish reasons first), edited, archived and restored, at 1280 and 390 px with
 * axe and screenshots; and, in a shop of its own that rebuilds itself, the new product's page on the storefront.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });

/** Fills the product form's required fields and a few more; the category is the first one offered. */
async function llenarFormulario(page: Page, { nombre, sku, marca }: { nombre: string; sku: string; marca: string }) {
  await page.getByLabel('Nombre', { exact: true }).fill(nombre);
  await page.getByLabel('SKU', { exact: true }).fill(sku);
  await page.getByLabel('Marca', { exact: true }).fill(marca);
  await page.getByLabel('Categoría', { exact: true }).selectOption({ index: 1 });
  await page.getByLabel('Precio (S/)').fill('88,90');
  await page.getByLabel('Unidades en la web').fill('7');
  await page.getByLabel('Descripción', { exact: true }).fill('Un bálsamo creado desde el panel.');
}

test.describe('in the suite’s shop', () => {
  test.use({ baseURL: async ({}, use) => use(backofficeUrl()) });

  test('the list searches and filters; a product is created with its reasons first, edited, archived and restored', async ({
    page,
    request,
  }, testInfo) => {
    const catalogue = (await (await request.get('/web/listprod')).json()) as Producto[];
    const marca = catalogue[0]!.marca;
    await duenaDesdeConsola(page, testInfo, 'Rosa Catálogo Paz');
    await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Productos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Productos' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Productos' }).getByRole('listitem').first()).toBeVisible();
    await sinViolaciones(page, 'productos');
    await foto(page, testInfo, 'productos-lista');

    // A search by brand without its accents, then a filter: the address keeps both.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(marca.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/\/admin\/productos\?q=/);
    await expect(page.getByRole('list', { name: 'Productos' }).getByRole('listitem').first()).toContainText(marca);
    await page.getByText('Más filtros').click();
    await page.getByLabel('Stock', { exact: true }).selectOption('disponible');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/stock=disponible/);
    await foto(page, testInfo, 'productos-filtrados');
    await page.getByRole('button', { name: 'Limpiar' }).click();

    // A new product: the shop's Spanish reasons on their fields first.
    await page.getByRole('link', { name: 'Nuevo producto' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nuevo producto' })).toBeVisible();
    await page.getByLabel('Nombre', { exact: true }).fill('Bálsamo sin precio');
    await page.getByLabel('Precio (S/)').fill('caro');
    await page.getByRole('button', { name: 'Crear producto' }).click();
    await expect(page.getByText('El precio debe ser un número (por ejemplo 49.90).').first()).toBeVisible();
    await expect(page.getByText('Falta la marca.').first()).toBeVisible();
    await expect(page.getByLabel('Precio (S/)')).toHaveAttribute('aria-invalid', 'true');
    await sinViolaciones(page, 'producto-nuevo-errores');
    await foto(page, testInfo, 'producto-nuevo-errores');

    const sufijo = `${testInfo.project.name}-${Date.now()}`;
    const nombre = `Bálsamo del panel ${sufijo}`;
    await llenarFormulario(page, { nombre, sku: `E2E-${sufijo}`, marca });
    await page.getByRole('button', { name: 'Crear producto' }).click();
    await expect(page.getByText('Producto creado.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/productos\/\d+\?creado=1$/);
    const id = Number(/productos\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue(nombre);
    await expect(page.getByText('Creó el producto')).toBeVisible();
    await sinViolaciones(page, 'producto-editar');
    await foto(page, testInfo, 'producto-editar');
    // In the shop's live catalogue at once.
    const enLaTienda = async () => ((await (await request.get('/web/listprod')).json()) as Producto[]).find((p) => p.idProducto === id);
    expect(await enLaTienda()).toMatchObject({ nombre, precio: 88.9, stock: 7, marca });

    // Edit the price and the stock with a reason: the audit trail says so.
    await page.getByLabel('Precio (S/)').fill('79.90');
    await page.getByLabel('Unidades en la web').fill('9');
    await page.getByLabel('Motivo del cambio de stock').fill('Llegó otra caja');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText(`Producto ${id} guardado (precio, stock, stock_total).`)).toBeVisible();
    await expect(page.getByText('precio: 88.9 → 79.9')).toBeVisible();
    expect(await enLaTienda()).toMatchObject({ precio: 79.9, stock: 9 });

    // Archive (after saying what it does), gone from the shop; restore, still hidden.
    await page.getByRole('button', { name: 'Archivar' }).click();
    await expect(page.getByText(/¿Archivar «Bálsamo del panel/)).toBeVisible();
    await foto(page, testInfo, 'producto-archivar');
    await page.getByRole('button', { name: 'Sí, archivar' }).click();
    await expect(page.getByText(`Producto ${id} archivado`)).toBeVisible();
    expect(await enLaTienda()).toBeUndefined();
    await page.getByRole('button', { name: 'Restaurar' }).click();
    await expect(page.getByText(`Producto ${id} restaurado`)).toBeVisible();
    await expect(page.getByLabel('Visible en la tienda')).not.toBeChecked();
    await page.getByLabel('Visible en la tienda').check();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText(`Producto ${id} guardado (visible).`)).toBeVisible();
    expect(await enLaTienda()).toMatchObject({ nombre });

    await page.getByRole('link', { name: 'Volver a Productos' }).click();
    await expect(page.getByRole('list', { name: 'Productos' }).getByRole('listitem').first()).toContainText(nombre);
    // The suite's shop is built once: the search and sitemap journeys compare its pages with the live catalogue.
    const oculto = await request.patch(`/admin/api/productos/${id}`, { headers: conToken(), data: { visible: false } });
    expect(oculto.status(), await oculto.text()).toBe(200);
  });
});

test.describe('in a shop that rebuilds itself', () => {
  const TOKEN = 'operador-productos-e2e-0123456789';
  let dataDir: string;
  let shop: StartedShop;

  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'one shop of its own is enough for both widths');
    testInfo.setTimeout(SHOP_START_TIMEOUT_MS + 30_000);
    dataDir = mkdtempSync(join(tmpdir(), 'kbeauty-e2e-productos-'));
    shop = await startShop(dataDir, {
      SHOP_ADMIN_TOKEN: TOKEN,
      SITE_URL: 'http://localhost:{port}',
      REBUILD_CHECK_SECONDS: '1',
      REBUILD_MIN_INTERVAL_SECONDS: '0',
    });
  });
  test.afterAll(async () => {
    await shop?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('a product created in the browser has its page on the storefront after the rebuild', async ({
    page,
    request,
  }, testInfo: TestInfo) => {
    const url = shop.url.replace('127.0.0.1', 'localhost');
    const salida = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/shop.ts', 'personal', 'invitar', correoUnico('catalogo', testInfo), '--rol', 'dueno'],
      { env: { ...process.env, SHOP_URL: shop.url, SHOP_ADMIN_TOKEN: TOKEN }, encoding: 'utf8' },
    );
    const enlace = /https?:\/\/\S+\/admin\/invitacion\?token=\S+/.exec(salida)![0];
    await completarInvitacion(page, enlace, { nombre: 'Lucía Tienda Propia', contrasena: 'Orquídea de la selva 2026' });
    const catalogue = (await (await request.get(`${shop.url}/web/listprod`)).json()) as Producto[];
    await page.goto(`${url}/admin/productos/nuevo`);
    const nombre = `Bálsamo publicado ${Date.now()}`;
    await llenarFormulario(page, { nombre, sku: `PUB-${Date.now()}`, marca: catalogue[0]!.marca });
    // Two photos from the device at once; the second becomes the main one, with a text of its own.
    await page.getByLabel('Agregar fotos').setInputFiles([
      { name: 'frente.png', mimeType: 'image/png', buffer: png(120, 120, [200, 40, 110]) },
      { name: 'textura.png', mimeType: 'image/png', buffer: png(120, 120, [40, 120, 200]) },
    ]);
    await expect(page.getByLabel('Texto alternativo de la foto 2')).toBeVisible({ timeout: 30_000 });
    await page.getByLabel('Texto alternativo de la foto 2').fill('Textura del bálsamo sobre la piel');
    await page.getByRole('button', { name: 'Hacer principal' }).click();
    await expect(page.getByLabel('Texto alternativo de la foto 1')).toHaveValue('Textura del bálsamo sobre la piel');
    await foto(page, testInfo, 'producto-con-dos-fotos');
    await page.getByRole('button', { name: 'Crear producto' }).click();
    await expect(page.getByText('Producto creado.')).toBeVisible();
    const id = Number(/productos\/(\d+)/.exec(page.url())![1]);

    const producto = ((await (await request.get(`${shop.url}/web/listprod`)).json()) as Producto[]).find((p) => p.idProducto === id)!;
    // Stored as the shop's own photos, the main one first, each with its text.
    const fotos = producto.img.split(',');
    expect(fotos).toHaveLength(2);
    expect(fotos.every((url) => url.startsWith('/imagenes/'))).toBe(true);
    const pagina = `${shop.url}${productPath(producto)}`;
    // The shop notices the new catalogue version and rebuilds: then the product has its own static page.
    await expect
      .poll(
        async () => {
          const res = await request.get(pagina);
          return res.ok() ? await res.text() : '';
        },
        { timeout: 240_000, intervals: [2_000] },
      )
      .toContain(nombre);
    await page.goto(pagina);
    await expect(page.getByRole('heading', { level: 1, name: nombre })).toBeVisible();
    await expect(page.getByTestId('precio')).toHaveText('S/ 88.90');
    await expect(page.getByRole('img', { name: 'Textura del bálsamo sobre la piel' }).first()).toBeVisible();
    await foto(page, testInfo, 'producto-en-la-tienda');
  });
});
