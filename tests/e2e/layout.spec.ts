import { expect, test, type Page } from '@playwright/test';
import { openHoldingScripts } from './support/shop.ts';

/** The site-wide layout (storefront §1, §2; checkout §2): headers, top strip, search, footer, WhatsApp, static pages. */

const desktopOnly = (name: string) => name !== 'desktop';
const mobileOnly = (name: string) => name !== 'mobile';

/** A decodable token that expires in a day, as the login stores it (only its claims are read in the browser). */
function fakeToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 24 * 3600;
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ user: 'mquispe', idUsuario: 7, nombre: 'María Elena Quispe Huamán', exp })}.firma`;
}

/** Signs in the way the login leaves things: the token cookie and the user in localStorage. */
async function signIn(page: Page) {
  await page.context().addCookies([{ name: 'tokenweb', value: fakeToken(), url: new URL(page.url()).origin }]);
  await page.evaluate(() => localStorage.setItem('user', JSON.stringify({ nombre: 'María Elena Quispe Huamán', usuario: 'mquispe' })));
}

/** Waits until the islands hydrated on idle are interactive. */
async function hydrated(page: Page) {
  await expect(page.locator('astro-island[ssr][client="idle"]')).toHaveCount(0);
}

test('the desktop header shows above 1024 px and the mobile header at 1024 px or less', async ({ page }, testInfo) => {
  await page.goto('/acerca-de-nosotros');
  const desktop = page.locator('[data-site-header]');
  const mobile = page.locator('[data-mobile-header]');
  if (testInfo.project.name === 'desktop') {
    await expect(desktop).toBeVisible();
    await expect(mobile).toBeHidden();
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(mobile).toBeVisible();
    await expect(desktop).toBeHidden();
    await page.setViewportSize({ width: 1025, height: 800 });
    await expect(desktop).toBeVisible();
  } else {
    await expect(mobile).toBeVisible();
    await expect(desktop).toBeHidden();
    await expect(mobile.getByRole('link', { name: 'Ir al inicio' })).toHaveAttribute('href', '/');
    await expect(mobile.getByRole('link', { name: /^Carrito/ })).toHaveAttribute('href', '/carrito');
  }
});

test('desktop menus open on hover and on keyboard focus', async ({ page }, testInfo) => {
  test.skip(desktopOnly(testInfo.project.name), 'hover menus are desktop only');
  await page.goto('/acerca-de-nosotros');
  const nav = page.locator('[data-site-header] nav');
  const serum = nav.getByRole('link', { name: 'Serúm', exact: true });
  await expect(serum).toBeHidden();
  await nav.getByRole('link', { name: 'Cuidado', exact: true }).hover();
  await expect(serum).toBeVisible();
  await expect(serum).toHaveAttribute('href', '/Ser%C3%BAm');
  await expect(nav.getByRole('link', { name: 'Contorno de ojos' })).toHaveAttribute('href', '/Contorno%20de%20ojos');
  const ampolla = nav.getByRole('link', { name: 'Ampolla', exact: true });
  await expect(ampolla).toBeHidden();
  await serum.hover();
  await expect(ampolla).toBeVisible();
  await expect(ampolla).toHaveAttribute('href', '/categoria/Ampolla');

  // Keyboard: focusing a line shows its categorías.
  await page.mouse.move(640, 600);
  const labios = nav.getByRole('link', { name: 'Labios', exact: true });
  await expect(labios).toBeHidden();
  await nav.getByRole('link', { name: 'Maquillaje', exact: true }).focus();
  await expect(labios).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Maquillaje', exact: true })).toHaveAttribute('href', '/Maquillaje');

  await nav.getByRole('link', { name: 'Marcas', exact: true }).hover();
  await expect(nav.getByRole('link', { name: 'Ver todas' })).toHaveAttribute('href', '/marcas');
  await expect(nav.getByRole('link', { name: 'Beauty of Joseon' })).toHaveAttribute('href', '/marcas/Beauty%20of%20Joseon');
  await expect(page.locator('[data-site-header]').getByRole('link', { name: 'Sale' })).toHaveAttribute('href', '/sale');
});

test('a pointer already resting on the desktop menu when the scripts arrive opens it', async ({ page }, testInfo) => {
  test.skip(desktopOnly(testInfo.project.name), 'hover menus are desktop only');
  // The scripts held until the pointer is on the menu: they come after the page's paint, and by then it may be there.
  const release = await openHoldingScripts(page, '/acerca-de-nosotros');
  const nav = page.locator('[data-site-header] nav');
  await nav.getByRole('link', { name: 'Cuidado', exact: true }).hover();
  release();
  await expect(nav.getByRole('link', { name: 'Serúm', exact: true })).toBeVisible();
});

test('the desktop header hides on scrolling down and returns on scrolling up', async ({ page }, testInfo) => {
  test.skip(desktopOnly(testInfo.project.name), 'the mobile header stays fixed');
  await page.goto('/terminos-y-condiciones');
  const header = page.locator('[data-site-header]');
  await page.mouse.move(640, 700);
  // The header's script comes after the page's first paint (decision 0229): a scroll before it ran goes unseen,
  // as it would for a shopper, so the scroll down starts again from the top until the script has seen one.
  await expect(async () => {
    await page.mouse.wheel(0, -5000);
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
    await page.evaluate(() => new Promise(requestAnimationFrame));
    await page.mouse.wheel(0, 1200);
    await expect(header).toHaveClass(/is-hidden/, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.mouse.wheel(0, -300);
  await expect(header).not.toHaveClass(/is-hidden/);
});

test('the mobile slide-over menu expands sections, closes with Escape and goes home', async ({ page }, testInfo) => {
  test.skip(mobileOnly(testInfo.project.name), 'the slide-over is the mobile menu');
  await page.goto('/acerca-de-nosotros');
  const burger = page.getByRole('button', { name: 'Abrir menú' });
  await burger.click();
  const drawer = page.getByRole('dialog', { name: 'Menú' });
  await expect(drawer).toBeVisible();
  await drawer.locator('summary', { hasText: 'Cuidado' }).click();
  await drawer.locator('summary', { hasText: 'Serúm' }).click();
  await expect(drawer.getByRole('link', { name: 'Ampolla' })).toHaveAttribute('href', '/categoria/Ampolla');
  await drawer.locator('summary', { hasText: 'Corporal' }).click();
  const corporal = drawer.locator('details', { has: page.locator('summary', { hasText: 'Corporal' }) });
  await expect(corporal.locator('a[href^="/categoria/"]')).toHaveText(['Manos', 'Pies', 'Cabello']);
  await drawer.locator('summary', { hasText: 'Marcas' }).click();
  const marcas = (await drawer.locator('a[href^="/marcas/"]').allTextContents()).map((text) => text.trim());
  expect(marcas.length).toBeGreaterThan(10);
  expect(marcas).toEqual([...marcas].sort((a, b) => a.localeCompare(b, 'es', { sensitivity: 'base', numeric: true })));

  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(burger).toBeFocused();

  await burger.click();
  await drawer.getByRole('link', { name: 'Volver a Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

/** The visible search input of the header for this width, opening the desktop panel first. */
async function headerSearch(page: Page, project: string) {
  await hydrated(page);
  if (project === 'desktop') {
    await page.locator('[data-site-header]').getByRole('button', { name: 'Buscar' }).click();
    return page.getByTestId('search-panel').getByRole('searchbox');
  }
  return page.locator('[data-mobile-header]').getByRole('searchbox');
}

test('search suggestions are grouped under Productos and Marcas', async ({ page }, testInfo) => {
  // They come from the search index and the products they show, never from the whole catalogue.
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/acerca-de-nosotros');
  const input = await headerSearch(page, testInfo.project.name);
  await input.pressSequentially('serum');
  const suggestions = page.getByTestId('search-suggestions').filter({ visible: true });
  await expect(suggestions.getByText('Resultados encontrados', { exact: true })).toBeVisible();
  await expect(suggestions.getByText('Productos', { exact: true })).toBeVisible();
  const product = suggestions.getByRole('link', { name: /Sérum/ }).first();
  await expect(product).toHaveAttribute('href', /^\/producto\/\d+-/);

  await input.fill('anua');
  await expect(suggestions.getByText('Marcas', { exact: true })).toBeVisible();
  await expect(suggestions.getByRole('link', { name: 'Anua', exact: true })).toHaveAttribute('href', '/marcas/Anua');

  await input.fill('zzzzqqq');
  await expect(suggestions).toHaveCount(0);
  const empty = page.locator('.search-suggest__empty').filter({ visible: true });
  if (testInfo.project.name === 'mobile') await expect(empty).toHaveText('No se encontraron resultados');
  else await expect(empty).toHaveCount(0);

  expect(asked).not.toContain('/web/listprod');

  await input.fill('green tea');
  await input.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=green%20tea$/);

  await page.goto('/acerca-de-nosotros');
  const again = await headerSearch(page, testInfo.project.name);
  await again.pressSequentially('centella');
  const chosen = page
    .getByTestId('search-suggestions')
    .filter({ visible: true })
    .getByRole('link', { name: /Centella/ })
    .first();
  const href = await chosen.getAttribute('href');
  await chosen.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('an empty search is ignored in the desktop panel and alerts on mobile', async ({ page }, testInfo) => {
  await page.goto('/acerca-de-nosotros');
  const input = await headerSearch(page, testInfo.project.name);
  await input.fill('   ');
  await input.press('Enter');
  if (testInfo.project.name === 'desktop') {
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/acerca-de-nosotros$/);
    return;
  }
  const alert = page.getByRole('dialog', { name: 'Búsqueda vacía' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Ingresa algo para buscar');
  await page.keyboard.press('Escape');
  await expect(alert).toBeHidden();
  await expect(input).toBeFocused();
  await expect(page).toHaveURL(/\/acerca-de-nosotros$/);
});

test('the top strip shows the announcement messages', async ({ page, request }) => {
  const mensajes: { mensaje: string }[] = await (await request.get('/web/navbar_superior')).json();
  expect(mensajes.length).toBeGreaterThan(0);
  await page.goto('/preguntas-frecuentes');
  const strip = page.getByRole('complementary', { name: 'Anuncios' });
  await expect(strip).toBeVisible();
  // One copy in the page, two more added by the marquee's script for the loop, hidden from screen readers.
  await expect(strip.locator('li')).toHaveCount(mensajes.length * 3);
  await expect(strip.locator('ul[aria-hidden="true"]')).toHaveCount(2);
  await expect(strip.locator('ul').first()).not.toHaveAttribute('aria-hidden');
  await expect(strip.locator('li').first()).toHaveText(mensajes[0]!.mensaje);
  const pause = strip.getByRole('button', { name: 'Pausar anuncios' });
  await pause.click();
  await expect(strip.getByRole('button', { name: 'Reanudar anuncios' })).toHaveAttribute('aria-pressed', 'true');
});

test('the footer has the spec links, shops, complaints book and social links', async ({ page }) => {
  await page.goto('/tienda-fisica');
  const footer = page.locator('footer');
  for (const href of [
    '/cuidado',
    '/maquillaje',
    '/corporal',
    '/marcas',
    '/ofertas',
    '/acerca-de-nosotros',
    '/tienda-fisica',
    '/terminos-y-condiciones',
    '/preguntas-frecuentes',
    '/politica-de-privacidad',
  ]) {
    await expect(footer.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  const libro = footer.getByRole('link', { name: 'Libro de Reclamaciones' });
  await expect(libro).toHaveAttribute('href', '/libro-de-reclamaciones');
  await expect(libro).not.toHaveAttribute('target');
  for (const red of ['WhatsApp', 'Instagram', 'TikTok'])
    await expect(footer.getByRole('link', { name: new RegExp(`^${red} de K-Beauty Perú`) })).toBeVisible();
  for (const tienda of ['Miraflores', 'San Miguel', 'Independencia']) await expect(footer.getByText(tienda, { exact: true })).toBeVisible();
  await expect(footer).toContainText('Lun a Sáb: 10:00 a. m. – 9:00 p. m.');
  await expect(footer).toContainText('Dom: 10:00 a. m. – 7:00 p. m.');
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
});

test('Ver mapas opens a modal whose map loads only then', async ({ page }) => {
  await page.route('https://www.openstreetmap.org/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>mapa</p>' }));
  await page.goto('/acerca-de-nosotros');
  await expect(page.locator('iframe')).toHaveCount(0);
  const open = page.getByRole('button', { name: 'Ver mapas' });
  await open.click();
  const modal = page.getByRole('dialog', { name: 'Nuestras tiendas' });
  await expect(modal).toBeVisible();
  await expect(modal.locator('iframe').first()).toHaveAttribute('src', /openstreetmap\.org\/export\/embed\.html/);
  await modal.getByRole('tab', { name: 'San Miguel' }).click();
  await expect(modal.getByRole('tabpanel')).toContainText('Plaza San Miguel');
  await expect(modal.getByRole('tabpanel').locator('iframe')).toHaveCount(1);
  await expect(modal.getByRole('tabpanel').getByRole('link', { name: /Ver en el mapa/ })).toHaveAttribute('href', /openstreetmap\.org/);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(open).toBeFocused();
});

test('a modal keeps Tab inside, stops the page scrolling, closes on the backdrop and returns focus', async ({ page }) => {
  await page.route('https://www.openstreetmap.org/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>mapa</p>' }));
  await page.goto('/acerca-de-nosotros');
  const pageOverflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflow);
  expect(await pageOverflow()).not.toBe('hidden');
  const open = page.getByRole('button', { name: 'Ver mapas' });
  await open.click();
  const modal = page.getByRole('dialog', { name: 'Nuestras tiendas' });
  await expect(modal).toBeVisible();
  expect(await pageOverflow()).toBe('hidden');
  // Tab only once the map has loaded: Chromium drops the focus of a cross-origin frame that is still
  // navigating when its document commits (to the page's body), which no script of the page can see.
  await expect(page.frameLocator('#mapas iframe').getByText('mapa')).toBeVisible();
  for (let step = 0; step < 6; step++) {
    await page.keyboard.press('Tab');
    expect(await modal.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  // A click on the panel's own padding is not a click on the backdrop.
  const panel = (await modal.boundingBox())!;
  await page.mouse.click(panel.x + 8, panel.y + panel.height / 2);
  await expect(modal).toBeVisible();
  await page.mouse.click(4, 4);
  await expect(modal).toBeHidden();
  await expect(open).toBeFocused();
  // The lock ends with the dialog's close event, a task after the dialog hides.
  await expect.poll(pageOverflow).not.toBe('hidden');
});

test('the WhatsApp chat sends the typed message through wa.me', async ({ page, context }) => {
  await context.route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>WhatsApp</p>' }));
  await page.goto('/preguntas-frecuentes');
  await hydrated(page);
  await page.getByRole('button', { name: 'Chatea con nosotros por WhatsApp' }).click();
  const chat = page.getByTestId('whatsapp-chat');
  await expect(chat).toBeVisible();
  const send = chat.getByRole('link', { name: /Enviar/ });
  await expect(send).toHaveAttribute('href', /^https:\/\/wa\.me\/51987654321\?text=.+/);

  const text = chat.getByRole('textbox', { name: 'Tu mensaje' });
  await text.fill('');
  await expect(chat.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  await text.fill('Hola, ¿tienen el sérum de arroz?');
  await expect(send).toHaveAttribute('href', `https://wa.me/51987654321?text=${encodeURIComponent('Hola, ¿tienen el sérum de arroz?')}`);
  const popup = context.waitForEvent('page');
  await text.press('Enter');
  await expect(await popup).toHaveURL(/^https:\/\/wa\.me\/51987654321\?text=Hola/);
});

test('a signed-in user gets the greeting menu and can log out', async ({ page }, testInfo) => {
  await page.goto('/acerca-de-nosotros');
  await signIn(page);
  await page.evaluate(() =>
    localStorage.setItem(
      'cart',
      JSON.stringify([
        {
          idProducto: 1,
          nombre: 'X',
          img: '',
          cantidad: 2,
          selectedColor: '',
          selectedSize: '',
          precio: 10,
          descuento: 0,
          descuentoN: 0,
          newores: '',
          stock_total: 9,
          sedes: '',
          precio_unitario: 10,
          precio_con_descuento: 10,
        },
      ]),
    ),
  );
  await page.reload();
  await hydrated(page);
  const desktop = testInfo.project.name === 'desktop';
  const header = page.locator(desktop ? '[data-site-header]' : '[data-mobile-header]');
  await expect(header.getByTestId('cart-count')).toHaveText('2');
  const toggle = desktop
    ? header.getByRole('button', { name: 'Hola, María Huamán' })
    : header.getByRole('button', { name: 'Mi cuenta: María Huamán' });
  await toggle.click();
  await expect(header.getByRole('link', { name: 'Mi Cuenta' })).toHaveAttribute('href', '/cuenta');
  await expect(header.getByRole('link', { name: desktop ? 'Mis Compras' : 'Mis pedidos' })).toHaveAttribute('href', '/mis-pedidos');
  await header.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(header.getByRole('button', { name: desktop ? 'Iniciar Sesion' : 'Iniciar sesión' })).toBeVisible();
  await expect(header.getByTestId('cart-count')).toHaveText('0');
  expect(
    await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('cart'), document.cookie.includes('tokenweb')]),
  ).toEqual([null, null, false]);
});

const PAGES = [
  ['/acerca-de-nosotros', 'Acerca de nosotros'],
  ['/tienda-fisica', 'Tienda física'],
  ['/terminos-y-condiciones', 'Términos y condiciones'],
  ['/preguntas-frecuentes', 'Preguntas frecuentes'],
  ['/politica-de-privacidad', 'Política de privacidad'],
] as const;

test('the static pages answer with their heading, title and description', async ({ page }) => {
  const titles = new Set<string>();
  for (const [path, heading] of PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    titles.add(await page.title());
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
  }
  expect(titles.size).toBe(PAGES.length);
  await page.goto('/preguntas-frecuentes');
  await expect(page.locator('main')).toContainText('S/ 250');
  await expect(page.locator('main')).not.toContainText('S/200');
  await page.goto('/tienda-fisica');
  await expect(page.locator('main iframe')).toHaveCount(0);
  await expect(page.locator('main')).toContainText('Plaza Norte');
});
