import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Marca, Menu, Producto } from '../../src/lib/api/schemas.ts';

/*
 * A child category or brand created after the last build has no page of its own until the next build:
 * the 404 page renders it from the live API. The operator API cannot create brands or categories, so
 * "created after the build" is the API answering names the build never saw: its /web/menu,
 * /web/ListMarcas and /web/listado answers are extended here, exactly as a new row would
 * extend them. The island asks the listing's first page, never the whole catalogue.
 */

/** Answers the page's calls of `path` with the API's live answer passed through `extend`. */
async function extendAnswer<T>(page: Page, request: APIRequestContext, path: string, extend: (live: T) => T) {
  const extended = extend((await (await request.get(path)).json()) as T);
  await page.route(`**${path}`, (route) => route.fulfill({ json: extended }));
}

/** The island's look-up (menu or brands, and every product) after hydration; generous for a loaded machine. */
const LIVE_MS = 15_000;
const cards = (page: Page) => page.locator('.product-grid .product-card');

test('a brand created after the build, still without products, shows its empty listing', async ({ page, request }) => {
  await extendAnswer<Marca[]>(page, request, '/web/ListMarcas', (marcas) => [
    ...marcas,
    { idMarca: 9001, nombre: 'Marca Recién Creada', logo: null },
  ]);
  const response = await page.goto('/marcas/Marca%20Reci%C3%A9n%20Creada');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marca Recién Creada', { timeout: LIVE_MS });
  await expect(page.getByRole('navigation', { name: 'Ruta de navegación' })).toContainText('Marcas');
  await expect(page.getByText('No hay productos disponibles')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeHidden();
  await expect(page).toHaveTitle('Marca Recién Creada | K-Beauty Perú');
});

test('a brand only a product names lists that product, with live prices', async ({ page, request }) => {
  const producto = ((await (await request.get('/web/listprod')).json()) as Producto[])[0]!;
  const asked: string[] = [];
  page.on('request', (sent) => asked.push(new URL(sent.url()).pathname));
  // The brand's listing finds the product, as the API would once its brand was renamed.
  await page.route('**/web/listado?**', async (route) => {
    const { pagina, porPagina } = Object.fromEntries(new URL(route.request().url()).searchParams);
    const json = {
      id: 1,
      mensaje: [{ ...producto, marca: 'Marca Nueva' }],
      total: 1,
      totalListado: 1,
      pagina: Number(pagina),
      porPagina: Number(porPagina),
      marcas: ['Marca Nueva'],
      precios: { min: 1, max: 500 },
    };
    await route.fulfill({ json });
  });
  expect((await page.goto('/marcas/marca%20nueva'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Marca Nueva', { timeout: LIVE_MS });
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toHaveAttribute('data-product-id', String(producto.idProducto));
  expect(asked).toContain('/web/listado');
  expect(asked).not.toContain('/web/listprod');
});

test('a child category created after the build shows its breadcrumb and empty listing', async ({ page, request }) => {
  await extendAnswer<Menu>(page, request, '/web/menu', (menu) =>
    menu.map((linea) => ({
      ...linea,
      categorias: linea.categorias.map((categoria) =>
        categoria.nombre === 'Cuerpo' ? { ...categoria, hijas: [...categoria.hijas, 'Pies y talones'] } : categoria,
      ),
    })),
  );
  expect((await page.goto('/categoria/Pies%20y%20talones'))?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pies y talones', { timeout: LIVE_MS });
  const trail = page.getByRole('navigation', { name: 'Ruta de navegación' });
  await expect(trail).toContainText('Corporal');
  await expect(trail).toContainText('Cuerpo');
  await expect(page.getByText('No hay productos disponibles')).toBeVisible();
});

test('a child category or brand the catalogue does not know stays a 404 message', async ({ page }) => {
  for (const path of ['/marcas/Marca%20Inventada', '/categoria/Inventada']) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('Página no encontrada', { timeout: LIVE_MS });
    await expect(page.locator('main').getByRole('link', { name: 'Volver al inicio' }), path).toBeVisible();
    await expect(page.getByText('No hay productos disponibles'), path).toBeHidden();
  }
});
