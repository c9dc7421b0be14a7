import { expect, test, type Page } from '@playwright/test';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { brandPath } from '../../src/lib/catalogue/routes.ts';
import { fechaLima } from '../../src/lib/dates.ts';
import { formatSoles, lessPercent, toCentimos, toSoles } from '../../src/lib/pricing/money.ts';
import { backofficeUrl, duenaDesdeConsola, foto, sinViolaciones } from './support/backoffice.ts';

/**
 * Issue 37 item 3 in the browser: the owner gives a whole brand 10 % off until a date with one change by
 * filter (previewed first), the storefront's listing of that brand shows the discounted prices (its cards
 * ask the live prices of the products on screen), and 'Deshacer el último cambio' puts them back. Each
 * width uses a brand of its own whose products carry no discount, and leaves it as it found it.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ baseURL: async ({}, use) => use(backofficeUrl()) });

/** A brand whose products (2 to 12, all on one listing page) are plain: in stock, no discount, no badge. */
function marcaSinDescuentos(catalogue: Producto[], cual: number): { marca: string; productos: Producto[] } {
  const porMarca = new Map<string, Producto[]>();
  for (const producto of catalogue) porMarca.set(producto.marca, [...(porMarca.get(producto.marca) ?? []), producto]);
  const candidatas = [...porMarca.entries()]
    .filter(
      ([, productos]) =>
        productos.length >= 2 &&
        productos.length <= 12 &&
        productos.every((p) => p.descuento === 0 && p.descuentoN === 0 && p.newores === '' && p.stock > 0),
    )
    .sort(([a], [b]) => a.localeCompare(b));
  const [marca, productos] = candidatas[cual] ?? candidatas[0]!;
  return { marca, productos };
}

/** The price on a product's card on the listing page. */
const precioEnTarjeta = (page: Page, producto: Producto) =>
  page.locator('.product-card', { hasText: producto.nombre }).locator('.price').last();

test('a 10 % brand discount in bulk shows on the listing, and is undone', async ({ page, browser, request }, testInfo) => {
  const catalogue = (await (await request.get('/web/listprod')).json()) as Producto[];
  const { marca, productos } = marcaSinDescuentos(catalogue, testInfo.project.name === 'mobile' ? 1 : 0);
  const hasta = fechaLima(new Date(Date.now() + 30 * 86_400_000));
  const conDescuento = (p: Producto) => formatSoles(toSoles(lessPercent(toCentimos(p.precio), 10)));

  await duenaDesdeConsola(page, testInfo, 'Rosa Lote Quispe');
  await page.goto('/admin/productos/lote');
  await expect(page.getByRole('heading', { level: 1, name: 'Edición en bloque' })).toBeVisible();
  await page.getByLabel('Marca').selectOption({ label: marca });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText(`${productos.length} productos · página 1 de 1`)).toBeVisible();
  await sinViolaciones(page, 'rejilla');
  await foto(page, testInfo, 'lote-rejilla');

  await page.getByText(/^Cambiar todos los productos del filtro/).click();
  const porFiltro = page.getByRole('form', { name: 'Cambio por filtro' });
  await porFiltro.getByLabel('Descuento (%)').fill('10');
  await porFiltro.getByLabel('Descuento hasta').fill(hasta);
  await porFiltro.getByRole('button', { name: 'Ver vista previa del cambio por filtro' }).click();
  const vista = page.getByRole('region', { name: `Vista previa: ${productos.length} productos` });
  await expect(vista).toBeVisible();
  await expect(vista).toContainText(`Marca ${marca}: descuento 10 % hasta el ${hasta.split('-').reverse().join('/')}`);
  await sinViolaciones(page, 'vista previa');
  await foto(page, testInfo, 'lote-vista-previa');
  // Nothing changed yet: the preview saved nothing.
  const antes = (await (await request.get(`/web/productos?ids=${productos[0]!.idProducto}`)).json()) as Producto[];
  expect(antes[0]!.descuento).toBe(0);

  await vista.getByRole('button', { name: `Guardar ${productos.length} cambios` }).click();
  await expect(page.getByText(new RegExp(`^Listo: ${productos.length} productos\\. Cambio en bloque N\\.° \\d+`))).toBeVisible();
  await expect(page.getByRole('group', { name: 'Último cambio en bloque' })).toContainText(`Marca ${marca}`);
  await foto(page, testInfo, 'lote-guardado');

  // The shopper's listing of the brand: every card at 10 % off (the old price struck beside it).
  const tienda = await browser.newPage({ baseURL: backofficeUrl(), viewport: page.viewportSize()! });
  await tienda.goto(brandPath(marca));
  for (const producto of productos) await expect(precioEnTarjeta(tienda, producto)).toHaveText(conDescuento(producto), { timeout: 20_000 });
  await expect(tienda.locator('.product-card', { hasText: productos[0]!.nombre }).locator('.price--old')).toHaveText(
    formatSoles(productos[0]!.precio),
  );
  await foto(tienda, testInfo, 'lote-listado-con-descuento');

  // Undone: the brand's prices as they were, on the listing too.
  await page.getByRole('button', { name: 'Deshacer el último cambio' }).click();
  await page.getByRole('button', { name: 'Sí, deshacer' }).click();
  await expect(page.getByText(new RegExp(`^Se deshizo el cambio en bloque N\\.° \\d+ \\(Marca ${marca}`))).toBeVisible();
  await tienda.reload();
  for (const producto of productos)
    await expect(precioEnTarjeta(tienda, producto)).toHaveText(formatSoles(producto.precio), { timeout: 20_000 });
  await tienda.close();
});
