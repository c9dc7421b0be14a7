import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { ResenaCreada } from '../../src/lib/api/resenas-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { brandPath, productPath } from '../../src/lib/catalogue/routes.ts';
import { DEMO_RESENAS } from '../../src/demo/resenas.ts';
import { png } from '../api/images.ts';
import { decodeParts } from '../fixtures/smtp.ts';
import {
  backofficeUrl,
  completarInvitacion,
  correoUnico,
  duenaDesdeConsola,
  foto,
  moverPedido,
  sinViolaciones,
} from './support/backoffice.ts';
import { BROWSER_TEST_RATE_LIMITS, startShop, type StartedShop } from './support/start-shop.ts';
import { pasoDeCategoria } from '../../src/lib/routine/pasos.ts';
import { orderThroughApi, signedIn } from './support/shop.ts';

/**
 * Reseñas in the back office: the queue shows each review's photo, stars, text, product and the buyer's order;
 * the owner publishes one, rejects another with a reason (the buyer is e-mailed each outcome), hides a published
 * one with a reason and shows it again. At 1280 px, on a shop of its own that rebuilds itself, a review published
 * from the queue reaches the static product page; the demo's own reviews show on a product page and a listing.
 */

let catalogue: Producto[] = [];
test.beforeAll(async ({ request }) => {
  catalogue = (await (await request.get('/web/listprod')).json()) as Producto[];
});

/** A buyer's review of `producto`, through the API as the product page sends it (with a photo when asked). */
async function resenar(request: APIRequestContext, token: string, producto: Producto, titulo: string, conFoto: boolean) {
  const res = await request.post('/api/resenas', {
    data: {
      idProducto: producto.idProducto,
      estrellas: 4,
      titulo,
      texto: 'La uso cada noche desde hace tres semanas: hidrata sin brillo y no me irritó.',
      ...(conFoto ? { foto: png(480, 360, [214, 110, 150]).toString('base64') } : {}),
    },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as ResenaCreada).resena.id;
}

/**
 * This journey's two products at this width: without options, outside the routines, new in the shop ('Nuevo', so
 * never a `productFor` or `productoDelPanel` pick) and without the demo's reviews, taken from the end of the list.
 */
function productosPropios(catalogue: Producto[], testInfo: TestInfo): [Producto, Producto] {
  const demo = new Set(DEMO_RESENAS.flatMap((c) => c.resenas.map((r) => r.producto)));
  const propios = catalogue
    .filter(
      (p) =>
        p.newores === 'Nuevo' &&
        p.stock >= 5 &&
        !p.colores.trim() &&
        !p.tamaños.trim() &&
        !pasoDeCategoria(p.categoria) &&
        !demo.has(p.nombre),
    )
    .reverse();
  const desde = testInfo.project.name === 'mobile' ? 2 : 0;
  const [uno, dos] = propios.slice(desde, desde + 2);
  if (!uno || !dos) throw new Error('El catálogo demo no tiene productos nuevos suficientes para este recorrido');
  return [uno, dos];
}

/** The decoded e-mails the suite's SMTP server received for `correo`. */
function correosA(correo: string): string[] {
  try {
    return readdirSync(process.env.E2E_MAIL_DIR!)
      .filter((file) => file.endsWith(`-${correo}.eml`))
      .sort()
      .map((file) => decodeParts(readFileSync(join(process.env.E2E_MAIL_DIR!, file), 'utf8')));
  } catch {
    return [];
  }
}

/** The card of the review titled `titulo` in the list shown. */
const tarjeta = (page: Page, titulo: string): Locator => page.locator('.bo-libro', { hasText: `«${titulo}»` });

/** Chooses a preset reason in the card's form and confirms with `boton`. */
async function conMotivo(card: Locator, motivo: string, boton: string) {
  await card.getByRole('radio', { name: motivo }).check();
  await card.getByRole('button', { name: boton }).click();
}

test('the queue shows photo, stars, text, product and order; publish, reject with a reason, hide and show again; the buyer is e-mailed', async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  // Products of this journey's own at each width (a review is one per buyer and product).
  const [publicado, rechazado] = productosPropios(catalogue, testInfo);
  const mobile = testInfo.project.name === 'mobile';
  const compradora = await signedIn(context, request, baseURL!, { dni: mobile ? '45671240' : '45671241' });
  const idVenta = await orderThroughApi(request, compradora, publicado);
  const otraVenta = await orderThroughApi(request, compradora, rechazado);
  for (const venta of [idVenta, otraVenta])
    for (const estado of ['LISTO PARA RECOGER', 'ENTREGADO']) await moverPedido(request, venta, estado);
  const sello = `${Date.now()}`.slice(-6);
  const tituloPublicada = `Textura de gel ${sello}`;
  const tituloRechazada = `Llegó rápido ${sello}`;
  await resenar(request, compradora.token, publicado, tituloPublicada, true);
  await resenar(request, compradora.token, rechazado, tituloRechazada, false);
  await context.clearCookies();

  await duenaDesdeConsola(page, testInfo, 'Elena Reseñas Paredes');
  await page.goto(`${backofficeUrl()}/admin/resenas`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reseñas' })).toBeVisible();
  const card = tarjeta(page, tituloPublicada);
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: `Foto que subió ${compradora.nombre.split(' ')[0]} H.` })).toBeVisible();
  await expect.poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(card.getByRole('img', { name: '4 de 5 estrellas' })).toBeVisible();
  await expect(card).toContainText(publicado.nombre);
  await expect(card).toContainText('hidrata sin brillo');
  await expect(card.getByRole('link', { name: `pedido N.° ${idVenta}` })).toHaveAttribute('href', `/admin/pedidos/${idVenta}`);
  await expect(card).toContainText(new RegExp(`pedido N.° ${idVenta} del \\d{1,2} \\w+\\.? \\d{4}`));
  await card.scrollIntoViewIfNeeded();
  await sinViolaciones(page, 'resenas-cola');
  await foto(page, testInfo, 'resenas-cola');

  // Rejecting asks why: nothing is sent without a reason.
  const otra = tarjeta(page, tituloRechazada);
  await otra.getByRole('button', { name: 'Rechazar' }).click();
  await otra.getByRole('button', { name: 'Rechazar y avisar' }).click();
  await expect(otra.getByText('Elige un motivo o escribe otro.')).toBeVisible();
  await sinViolaciones(page, 'resenas-motivo');
  await foto(page, testInfo, 'resenas-motivo');
  await otra.getByRole('radio', { name: 'Otro motivo' }).check();
  await otra.getByLabel('Motivo', { exact: true }).fill('Habla del envío, no del producto: cuéntanos cómo te fue con él.');
  await otra.getByRole('button', { name: 'Rechazar y avisar' }).click();
  await expect(page.getByText(/rechazada: no se publicará\. Le avisamos por correo/)).toBeVisible();
  await expect(otra).toHaveCount(0);

  // The lists reload slowly here, as on a loaded phone: the focus must not wait for them.
  const lenta = /\/admin\/api\/resenas\?estado=/;
  await page.route(lenta, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await card.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText(/publicada: se ve ya en la página del producto/)).toBeVisible();
  // The keyboard goes on from the message (the card leaves the list), focused as it shows, not after the lists reload:
  // focus scrolls the page, and later it moved the next link away from under a tap.
  const enfocado = await page.evaluate(() => (document.activeElement === document.body ? '' : (document.activeElement?.textContent ?? '')));
  expect(enfocado).toMatch(/publicada: se ve ya en la página del producto/);
  await expect(card).toHaveCount(0);
  await page.unroute(lenta);

  // Published: hidden with a reason, then shown again from «Ocultas».
  await page.getByRole('link', { name: 'Publicadas' }).click();
  await card.getByRole('button', { name: 'Ocultar' }).click();
  await conMotivo(card, 'Contiene datos personales', 'Ocultar');
  await expect(page.getByText(/oculta: sale de la página estática/)).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.getByRole('link', { name: 'Ocultas' }).click();
  await expect(card).toContainText('Motivo: Contiene datos personales');
  await sinViolaciones(page, 'resenas-ocultas');
  await foto(page, testInfo, 'resenas-ocultas');
  await card.getByRole('button', { name: 'Mostrar de nuevo' }).click();
  await expect(page.getByText(/se muestra de nuevo/)).toBeVisible();
  await page.getByRole('link', { name: 'Rechazadas' }).click();
  await expect(otra).toContainText('Motivo: Habla del envío');

  // The product page's island reads it live.
  await page.goto(productPath(publicado));
  const seccion = page.locator('section#resenas');
  await seccion.scrollIntoViewIfNeeded();
  await expect(seccion.getByTestId('resena').filter({ hasText: tituloPublicada })).toBeVisible();

  // Her two e-mails: published (with the product's link) and rejected (with the reason), one each.
  await expect
    .poll(() => correosA(compradora.correo).filter((m) => m.includes('Te escribimos porque enviaste una')).length, { timeout: 20_000 })
    .toBe(2);
  const avisos = correosA(compradora.correo).filter((m) => m.includes('Te escribimos porque enviaste una'));
  expect(avisos.find((m) => m.includes('ya está publicada'))).toContain(`${productPath(publicado)}#resenas`);
  expect(avisos.find((m) => m.includes('no pudimos publicarla'))).toContain('Motivo: Habla del envío, no del producto');

  // The suite's shop is left as it was: the product pages built at start show no review of these products.
  await page.goto(`${backofficeUrl()}/admin/resenas?estado=APROBADA`);
  await card.getByRole('button', { name: 'Ocultar' }).click();
  await conMotivo(card, 'No habla del producto', 'Ocultar');
  await expect(page.getByText(/oculta: sale de la página estática/)).toBeVisible();
});

test('at 1280 px: a reseña published from the queue reaches the rebuilt product page; the demo shows its reviews at 1280 and 390 px', async ({
  page,
  browser,
  playwright,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the shop of its own rebuilds once; the 390 px pages are looked at here too');
  test.setTimeout(600_000);
  const TOKEN = 'operador-e2e-resenas-0123456789';
  const dataDir = mkdtempSync(join(tmpdir(), 'kbeauty-e2e-resenas-'));
  let shop: StartedShop | undefined;
  try {
    shop = await startShop(dataDir, {
      SHOP_ADMIN_TOKEN: TOKEN,
      SITE_URL: 'http://localhost:{port}',
      REBUILD_CHECK_SECONDS: '1',
      REBUILD_MIN_INTERVAL_SECONDS: '0',
      JOBS_INTERVAL_SECONDS: '2',
      MP_TEST_MODE: 'true',
      RECEIPTS_TEST_MODE: 'true',
      ...BROWSER_TEST_RATE_LIMITS,
    });
    const base = shop.url.replace('127.0.0.1', 'localhost');
    const api = await playwright.request.newContext({ baseURL: shop.url });
    const propio = (await (await api.get('/web/listprod')).json()) as Producto[];

    // The demo's reviews, in the pages built at start: stars, average and snippets, and the listing's stars.
    const caracol = propio.find((p) => p.nombre === DEMO_RESENAS[0]!.resenas[0]!.producto)!;
    expect(caracol).toMatchObject({ resenasCantidad: 3, resenasPromedio: 4.7 });
    const html = await (await api.get(productPath(caracol))).text();
    for (const autor of ['Valeria Q.', 'Camila R.', 'Andrea H.']) expect(html).toContain(autor);
    for (const [ancho, alto, movil] of [
      [1280, 800, false],
      [390, 844, true],
    ] as const) {
      const contexto = await browser.newContext({ viewport: { width: ancho, height: alto }, isMobile: movil, hasTouch: movil });
      const tienda = await contexto.newPage();
      await tienda.addInitScript(() => sessionStorage.setItem('popupHomeCerrado', '1'));
      await tienda.goto(`${shop.url}${productPath(caracol)}`);
      const seccion = tienda.locator('section#resenas');
      await seccion.scrollIntoViewIfNeeded();
      await expect(seccion.getByTestId('resena')).toHaveCount(3);
      await expect(seccion.getByTestId('resenas-resumen').getByRole('img')).toHaveAttribute('aria-label', '4,7 de 5 estrellas, 3 reseñas');
      await tienda.screenshot({ path: testInfo.outputPath(`resenas-demo-producto-${ancho}.png`), fullPage: true });
      await tienda.goto(`${shop.url}${brandPath('COSRX')}`);
      const tarjetaCaracol = tienda.locator('.product-card', { hasText: caracol.nombre }).first();
      await expect(tarjetaCaracol.locator('.product-card__rating [role="img"]')).toHaveAttribute(
        'aria-label',
        /^4,7 de 5 estrellas, 3 reseñas$/,
      );
      await tarjetaCaracol.scrollIntoViewIfNeeded();
      await tienda.screenshot({ path: testInfo.outputPath(`resenas-demo-listado-${ancho}.png`) });
      await contexto.close();
    }

    // A buyer's review with a photo, of a product without reviews, waits in the queue.
    const producto = propio.find((p) => p.resenasCantidad === 0 && p.stock > 5 && !p.colores.trim() && !p.tamaños.trim())!;
    const compradora = await signedIn(await browser.newContext({ baseURL: shop.url }), api, shop.url, { dni: '45671250' });
    const idVenta = await orderThroughApi(api, compradora, producto);
    for (const estado of ['LISTO PARA RECOGER', 'ENTREGADO']) {
      const res = await api.post(`/admin/api/pedidos/${idVenta}/estado`, {
        data: { estado, avisar: false },
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const titulo = `Mi favorita del verano ${Date.now() % 100_000}`;
    await resenar(api, compradora.token, producto, titulo, true);

    const salida = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/shop.ts', 'personal', 'invitar', correoUnico('resenas', testInfo), '--rol', 'dueno'],
      { env: { ...process.env, SHOP_URL: shop.url, SHOP_ADMIN_TOKEN: TOKEN }, encoding: 'utf8' },
    );
    const enlace = new URL(/https?:\/\/\S+\/admin\/invitacion\?token=\S+/.exec(salida)![0]);
    await completarInvitacion(page, `${base}${enlace.pathname}${enlace.search}`, {
      nombre: 'Rosa Reseñas Díaz',
      contrasena: 'Orquídea morada 2025',
    });
    await page.goto(`${base}/admin/resenas`);
    const card = tarjeta(page, titulo);
    await expect(card.locator('img')).toBeVisible();
    await expect(page.getByText(/^Publicado en la tienda a las \d{2}:\d{2}\.$/)).toBeVisible({ timeout: 300_000 });
    await sinViolaciones(page, 'resenas-cola-propia');
    await card.getByRole('button', { name: 'Publicar' }).click();
    await expect(page.getByText(/publicada: se ve ya en la página del producto/)).toBeVisible();
    // The status follows the rebuild the review asked for, then says it is live.
    await expect(page.locator('.bo-publicacion--pendiente, .bo-publicacion--construyendo')).toBeVisible();
    await foto(page, testInfo, 'resenas-publicando');
    await expect(page.getByText(/^Publicado en la tienda a las \d{2}:\d{2}\.$/)).toBeVisible({ timeout: 300_000 });

    // The rebuilt page carries it (in the HTML, before any script): its title, author, photo and the stars.
    const pagina = await (await api.get(productPath(producto))).text();
    expect(pagina).toContain(titulo);
    expect(pagina).toMatch(/\/imagenes\/resenas\/[\w-]+-96\.webp/);
    expect(pagina).toContain('4 de 5 estrellas');
    const tienda = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await tienda.addInitScript(() => sessionStorage.setItem('popupHomeCerrado', '1'));
    await tienda.goto(`${shop.url}${productPath(producto)}`);
    const publicada = tienda.locator('section#resenas').getByTestId('resena').filter({ hasText: titulo });
    await publicada.scrollIntoViewIfNeeded();
    await expect(publicada.getByRole('img', { name: /^Foto de la reseña de / })).toBeVisible();
    await tienda.screenshot({ path: testInfo.outputPath('resenas-producto-reconstruido-1280.png') });
    await tienda.close();
    await api.dispose();
  } finally {
    await shop?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
