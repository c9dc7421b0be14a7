import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { TIENDA } from '../../src/lib/tienda.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { lineFromProducto, maxQuantity, type CartLine } from '../../src/lib/cart/lines.ts';
import { MENSAJES_CUPON } from '../../src/lib/pricing/coupons.ts';
import { formatSoles, precioFinal, round2 } from '../../src/lib/pricing/index.ts';
import { ENVIO_PROVINCIA, tariffFromText } from '../../src/lib/shipping/methods.ts';

let catalogue: Producto[] = [];
test.beforeAll(async ({ request }) => {
  catalogue = (await (await request.get('/web/listprod')).json()) as Producto[];
});

const options = (value: string) =>
  value
    .split(',')
    .map((option) => option.trim())
    .filter(Boolean);
const available = (p: Producto) => p.stock > 0 && p.newores !== 'Preventa';
const eligible = (p: Producto) => available(p) && p.descuento === 0 && p.descuentoN === 0 && p.newores !== 'Sale';
function find(match: (p: Producto) => boolean, what: string): Producto {
  const producto = catalogue.find(match);
  if (!producto) throw new Error(`El catálogo demo no tiene ${what}`);
  return producto;
}
const cheap = () =>
  find((p) => eligible(p) && p.marca !== 'COSRX' && precioFinal(p) < 100 && maxQuantity(p) >= 6, 'un producto elegible barato');
const discounted = () => find((p) => available(p) && p.descuento > 0, 'un producto con descuento');

/** Opens /carrito and waits for the island (its lines or empty state render only after mount). */
async function openCart(page: Page) {
  await page.goto('/carrito');
  await expect(page.locator('.cart-line, .cart-empty').first()).toBeVisible();
}

/** Starts the cart with these lines, as the add flows would have stored them. */
async function seedCart(page: Page, lines: CartLine[]) {
  await page.goto('/carrito');
  await page.evaluate((cart) => localStorage.setItem('cart', JSON.stringify(cart)), lines);
  await openCart(page);
}

let shopper: { token: string; usuario: string; user: Record<string, unknown> } | undefined;

/** A fresh customer, registered and logged in through the API, with the session the login dialog would store. */
async function signIn(context: BrowserContext, request: APIRequestContext, baseURL: string) {
  if (!shopper) {
    const usuario = `carrito${Date.now()}`;
    const password = 'Camelia-2024';
    const registered = await request.post('/clientes/register', {
      data: { nombre: 'Carla Quispe', usuario, correo: `${usuario}@example.pe`, password, telefono: '987654321' },
    });
    expect(registered.ok()).toBe(true);
    const { mensaje: token } = (await (await request.post('/login', { data: { user: usuario, password } })).json()) as { mensaje: string };
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const { idUsuario, user, nombre, correo, telefono, direccion } = claims;
    shopper = { token, usuario, user: { idUsuario, user, nombre, correo, telefono, direccion } };
  }
  await context.addCookies([{ name: 'tokenweb', value: shopper.token, url: baseURL }]);
  await context.addInitScript((user) => localStorage.setItem('user', JSON.stringify(user)), shopper.user);
  return shopper;
}

async function addFromCard(page: Page, producto: Producto, color: string) {
  await page.goto(`/search?q=${encodeURIComponent(producto.nombre)}`);
  // The server's drawn cards are taken over by the search island (decisions 0232, 0237): its card is the one clicked.
  await expect(page.locator('[data-busqueda-servidor]')).toHaveCount(0, { timeout: 15_000 });
  await page.locator(`.product-card[data-product-id="${producto.idProducto}"] button[data-add-id]`).click();
  const prompt = page.getByRole('alertdialog', { name: 'Elige un color' });
  await prompt.getByRole('combobox').selectOption(color);
  await prompt.getByRole('button', { name: 'Continuar' }).click();
  const added = page.getByRole('alertdialog', { name: '¡Producto añadido al carrito!' });
  await added.getByRole('button', { name: 'Continuar comprando' }).click();
  await expect(added).toBeHidden();
}

const lineOf = (page: Page, nombre: string, color?: string) =>
  page
    .locator('.cart-line')
    .filter({ has: page.getByRole('link', { name: nombre, exact: true }) })
    .filter({ hasText: color ? `Color: ${color}` : '' });
const couponError = (page: Page) => page.getByTestId('cupon-error');
async function applyCode(page: Page, code: string) {
  await page.getByLabel('Código de descuento').fill(code);
  await page.getByRole('button', { name: 'Aplicar', exact: true }).click();
}
const summary = (page: Page, field: 'subtotal' | 'envio' | 'descuento' | 'total') => page.getByTestId(`resumen-${field}`);

test('adding merges matching lines, keeps colours apart, and the cart survives a reload', async ({ page }) => {
  const producto = find(
    (p) => available(p) && options(p.colores).length > 1 && options(p.tamaños).length <= 1 && maxQuantity(p) >= 3,
    'un producto con varios colores',
  );
  const [first, second] = options(producto.colores) as [string, string];
  await addFromCard(page, producto, first);
  await addFromCard(page, producto, first);
  await addFromCard(page, producto, second);

  await openCart(page);
  await expect(page.locator('.cart-line')).toHaveCount(2);
  await expect(lineOf(page, producto.nombre, first).getByLabel(`Cantidad de ${producto.nombre}`, { exact: true })).toHaveValue('2');
  await expect(lineOf(page, producto.nombre, second).getByLabel(`Cantidad de ${producto.nombre}`, { exact: true })).toHaveValue('1');
  await expect(lineOf(page, producto.nombre, first).getByTestId('total-linea')).toHaveText(formatSoles(precioFinal(producto) * 2));
  await expect(page.getByTestId('cart-count').locator('visible=true')).toHaveText('3');
  await expect(summary(page, 'subtotal')).toHaveText(formatSoles(precioFinal(producto) * 3));

  await page.reload();
  await expect(page.locator('.cart-line')).toHaveCount(2);
  await lineOf(page, producto.nombre, second)
    .getByRole('button', { name: `Eliminar ${producto.nombre} del carrito` })
    .click();
  await expect(page.locator('.cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-count').locator('visible=true')).toHaveText('2');
  await page.getByRole('button', { name: `Eliminar ${producto.nombre} del carrito` }).click();
  await expect(page.getByText('Tu carrito está vacío.')).toBeVisible();
  await expect(page.locator('.cart-empty').getByRole('link', { name: 'Seguir comprando' })).toHaveAttribute('href', '/');
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBe('[]');
});

// docs/decisions/0041-stock-and-stock-total.md: a line holds at most the lower of stock (what the web sells) and stock_total.
const ceilings = [
  {
    caso: 'stock_total',
    what: 'un producto con poco stock',
    match: (p: Producto) => p.stock === p.stock_total,
    tope: (p: Producto) => p.stock_total,
  },
  {
    caso: 'stock, below stock_total',
    what: 'un producto con unidades solo en tienda',
    match: (p: Producto) => p.stock < p.stock_total,
    tope: (p: Producto) => p.stock,
  },
];
for (const { caso, what, match, tope } of ceilings) {
  test(`quantity stays between 1 and ${caso}`, async ({ page }) => {
    const [producto] = catalogue.filter((p) => available(p) && match(p) && tope(p) > 1).sort((a, b) => tope(a) - tope(b));
    if (!producto) throw new Error(`El catálogo demo no tiene ${what}`);
    const max = tope(producto);
    expect(maxQuantity(producto)).toBe(max);
    await seedCart(page, [lineFromProducto(producto)]);
    const quantity = page.getByLabel(`Cantidad de ${producto.nombre}`, { exact: true });
    const plus = page.getByRole('button', { name: `Aumentar cantidad de ${producto.nombre}` });
    await expect(page.getByRole('button', { name: `Disminuir cantidad de ${producto.nombre}` })).toBeDisabled();
    for (let i = 1; i < max; i++) await plus.click();
    await expect(quantity).toHaveValue(String(max));
    await expect(plus).toBeDisabled();
    await expect(page.getByText(`Máximo disponible: ${max}`)).toBeVisible();
    await quantity.fill('999');
    await quantity.press('Enter');
    await expect(quantity).toHaveValue(String(max));
    await quantity.fill('0');
    await quantity.blur();
    await expect(quantity).toHaveValue('1');
    await page.reload();
    await expect(page.getByLabel(`Cantidad de ${producto.nombre}`, { exact: true })).toHaveValue('1');
  });
}

test("the cart refreshes prices from its own lines' live products and says so", async ({ page }) => {
  const producto = cheap();
  await seedCart(page, [lineFromProducto(producto)]);
  let raise = 10;
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/web/listprod')) asked.push('listprod');
  });
  await page.route('**/web/productos?*', async (route) => {
    asked.push(new URL(route.request().url()).searchParams.get('ids') ?? '');
    const list = (await (await route.fetch()).json()) as Producto[];
    await route.fulfill({ json: list.map((p) => (p.idProducto === producto.idProducto ? { ...p, precio: p.precio + raise } : p)) });
  });
  await page.reload();
  const notice = page.getByRole('dialog', { name: '¡Algunos productos cambiaron de precio!' });
  await expect(notice).toContainText(
    `${producto.nombre}: antes ${formatSoles(producto.precio)}, ahora ${formatSoles(producto.precio + 10)}`,
  );
  await expect(page.getByTestId('precio-unitario')).toHaveText(formatSoles(producto.precio + 10));
  await notice.getByRole('button', { name: 'Revisar mi carrito' }).click();

  // The price changes again before paying: checkout stops so the shopper can review.
  raise = 20;
  await page.getByRole('button', { name: 'Ir a pagar' }).click();
  await expect(notice).toContainText(`ahora ${formatSoles(producto.precio + 20)}`);
  await expect(page).toHaveURL(/\/carrito$/);
  await expect(page.getByTestId('precio-unitario')).toHaveText(formatSoles(producto.precio + 20));
  expect(await page.evaluate(() => sessionStorage.getItem('checkout'))).toBeNull();
  // Only the line's own product was asked for, never the whole catalogue.
  expect(new Set(asked)).toEqual(new Set([String(producto.idProducto)]));
});

test.describe('coupons', () => {
  test('an anonymous shopper is asked to sign in', async ({ page }) => {
    await seedCart(page, [lineFromProducto(cheap())]);
    await applyCode(page, 'KBEAUTY10');
    const ask = page.getByRole('alertdialog', { name: 'Inicia sesión' });
    await ask.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('dialog', { name: 'Iniciar Sesión' })).toBeVisible();
    await expect(page.getByTestId('cupon-aplicado')).toHaveCount(0);
  });

  test('codes are checked against the shop rules', async ({ page, context, request, baseURL }) => {
    await signIn(context, request, baseURL!);
    const plain = cheap();
    const onSale = discounted();
    const subtotal = round2(precioFinal(plain) + precioFinal(onSale));
    await seedCart(page, [lineFromProducto(plain), lineFromProducto(onSale)]);

    await applyCode(page, 'NOPE');
    await expect(couponError(page)).toHaveText(MENSAJES_CUPON.invalido);
    await applyCode(page, 'VERANO15');
    await expect(couponError(page)).toHaveText('Descuento expirado: El descuento global ya ha expirado.');
    await applyCode(page, 'NAVIDAD25');
    await expect(couponError(page)).toHaveText(/^Descuento no vigente: Este descuento comienza el \d{2}\/\d{2}\/\d{4}$/);
    await applyCode(page, 'COSRX20');
    await expect(couponError(page)).toHaveText(MENSAJES_CUPON.sinAsignados);

    await applyCode(page, ' kbeauty10 ');
    const applied = page.getByTestId('cupon-aplicado');
    const off = round2(precioFinal(plain) * 0.1);
    await expect(applied).toContainText('KBEAUTY10');
    await expect(applied).toContainText(MENSAJES_CUPON.algunosConDescuento);
    await expect(summary(page, 'descuento')).toHaveText(`-${formatSoles(off)}`);
    await expect(summary(page, 'total')).toHaveText(formatSoles(subtotal - off));

    // The applied code survives a reload; removing the only eligible product removes it.
    await page.reload();
    await expect(page.getByTestId('cupon-aplicado')).toContainText('KBEAUTY10');
    await page.getByRole('button', { name: `Eliminar ${plain.nombre} del carrito` }).click();
    await expect(page.getByText('Descuento eliminado')).toBeVisible();
    await expect(page.getByTestId('cupon-aplicado')).toHaveCount(0);
    await expect(page.getByText(MENSAJES_CUPON.todosInelegibles)).toBeVisible();
    await expect(page.getByLabel('Código de descuento')).toBeDisabled();
  });

  test('a brand coupon applies only when a product of that brand is in the cart', async ({ page, context, request, baseURL }) => {
    await signIn(context, request, baseURL!);
    const cosrx = find((p) => eligible(p) && p.marca === 'COSRX', 'un producto COSRX elegible');
    const plain = cheap();
    await seedCart(page, [lineFromProducto(plain), lineFromProducto(cosrx)]);
    await applyCode(page, 'COSRX20');
    await expect(page.getByTestId('cupon-aplicado')).toContainText('COSRX20');
    await expect(page.getByTestId('cupon-aplicado')).toContainText(MENSAJES_CUPON.algunosNoAplican);
    await expect(summary(page, 'descuento')).toHaveText(`-${formatSoles(round2(precioFinal(cosrx) * 0.2))}`);
  });

  test("the customer's own coupon is a chip, disabled once used", async ({ page, context, request, baseURL }) => {
    const { usuario } = await signIn(context, request, baseURL!);
    const code = `BIENVENIDA-${usuario.toUpperCase()}`;
    const plain = cheap();
    await seedCart(page, [lineFromProducto(plain)]);
    await page.getByRole('button', { name: `Tu cupón: ${code} (10%)` }).click();
    await expect(page.getByTestId('cupon-aplicado')).toContainText(code);
    await expect(summary(page, 'descuento')).toHaveText(`-${formatSoles(round2(precioFinal(plain) * 0.1))}`);

    await page.getByRole('button', { name: `Quitar el cupón ${code}` }).click();
    await page.route('**/api/descuento-usuario/*', (route) => route.fulfill({ json: { code, porcentaje: 10, usado: true } }));
    await page.reload();
    await expect(page.getByRole('button', { name: `Tu cupón: ${code} (10%)` })).toBeDisabled();
    await expect(page.getByText(MENSAJES_CUPON.usado)).toBeVisible();
    await applyCode(page, code.toLowerCase());
    await expect(couponError(page)).toHaveText(MENSAJES_CUPON.usado);
  });
});

test.describe('delivery', () => {
  const fillLocation = async (page: Page) => {
    const dialog = page.getByRole('dialog', { name: 'Datos de envío' });
    await dialog.getByLabel('Departamento').selectOption('Lima');
    await dialog.getByLabel('Provincia').selectOption('Lima');
    await dialog.getByLabel('Distrito').selectOption('Miraflores');
    return dialog;
  };

  test('province delivery needs all four levels before saving and paying', async ({ page, request }) => {
    const [{ PRECIO }] = (await (await request.get('/web/ListTarifa/LIMA/MIRAFLORES')).json()) as [{ PRECIO: string }];
    const tarifa = tariffFromText(PRECIO);
    const producto = cheap();
    const subtotal = precioFinal(producto);
    await seedCart(page, [lineFromProducto(producto)]);
    const pay = page.getByRole('button', { name: 'Ir a pagar' });
    await expect(page.getByRole('radio', { name: 'Recojo en Miraflores' })).toBeChecked();
    await expect(pay).toBeEnabled();
    await expect(page.getByText(`Te faltan ${formatSoles(TIENDA.envioGratisDesde - subtotal)} para el envío gratis`)).toBeVisible();

    await page.getByRole('radio', { name: 'Envío a todo Lima y provincias' }).check();
    const dialog = page.getByRole('dialog', { name: 'Datos de envío' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Completa todos los campos' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(pay).toBeDisabled();
    await expect(page.getByText('Completa los datos de envío a provincia para continuar.')).toBeVisible();

    await page.getByRole('button', { name: 'Agregar dirección de envío' }).click();
    await fillLocation(page);
    await expect(dialog.getByTestId('tarifa-envio')).toHaveText(`Tarifa de envío: ${formatSoles(tarifa)}`);
    await expect(dialog.getByRole('button', { name: 'Completa todos los campos' })).toBeDisabled();
    await dialog.getByLabel('Departamento').selectOption('Callao');
    await expect(dialog.getByLabel('Provincia')).toHaveValue('');
    await expect(dialog.getByLabel('Distrito')).toHaveValue('');
    await expect(dialog.getByTestId('tarifa-envio')).toHaveCount(0);
    await fillLocation(page);
    await dialog.getByLabel('Dirección').fill('Av. José Larco 345');
    await expect(dialog.getByRole('button', { name: 'Completa todos los campos' })).toBeDisabled();
    await dialog.getByLabel('Referencia').fill('Frente al parque Kennedy');
    await dialog.getByRole('button', { name: 'Guardar dirección' }).click();
    await expect(dialog).toBeHidden();

    await expect(page.getByTestId('direccion-envio')).toHaveText('Av. José Larco 345, Miraflores, Lima, Lima');
    await expect(summary(page, 'envio')).toHaveText(formatSoles(tarifa));
    await expect(summary(page, 'total')).toHaveText(formatSoles(subtotal + tarifa));
    await expect(pay).toBeEnabled();
    await pay.click();
    await expect(page).toHaveURL(/\/procesoDePago$/);
    const payload = JSON.parse((await page.evaluate(() => sessionStorage.getItem('checkout'))) ?? 'null');
    expect(payload).toMatchObject({
      envio: {
        metodo: ENVIO_PROVINCIA,
        direccion: 'Av. José Larco 345, Miraflores, Lima, Lima',
        instrucciones: 'Referencia: Frente al parque Kennedy',
        costo: tarifa,
      },
      CostoEnvio: tarifa,
      Direccion: 'Av. José Larco 345, Miraflores, Lima, Lima',
      discountCode: null,
      productos: [expect.objectContaining({ idProducto: producto.idProducto, precio: subtotal, cantidad: 1 })],
    });
  });

  test('shipping is free above S/250', async ({ page }) => {
    const producto = find(
      (p) => eligible(p) && precioFinal(p) < 100 && maxQuantity(p) * precioFinal(p) > TIENDA.envioGratisDesde + 1,
      'un producto con stock para superar S/250',
    );
    const cantidad = Math.floor(TIENDA.envioGratisDesde / precioFinal(producto)) + 1;
    await seedCart(page, [lineFromProducto(producto)]);
    await page.getByRole('radio', { name: 'Envío a todo Lima y provincias' }).check();
    const dialog = await fillLocation(page);
    await dialog.getByLabel('Dirección').fill('Jr. Ucayali 120');
    await dialog.getByLabel('Referencia').fill('Tercer piso');
    await dialog.getByRole('button', { name: 'Guardar dirección' }).click();
    await expect(summary(page, 'envio')).not.toHaveText(formatSoles(0));

    const quantity = page.getByLabel(`Cantidad de ${producto.nombre}`, { exact: true });
    await quantity.fill(String(cantidad));
    await quantity.press('Enter');
    await expect(summary(page, 'subtotal')).toHaveText(formatSoles(precioFinal(producto) * cantidad));
    await expect(summary(page, 'envio')).toHaveText('S/ 0.00');
    await expect(summary(page, 'total')).toHaveText(formatSoles(precioFinal(producto) * cantidad));
    await expect(page.getByText('¡Tienes envío gratis!')).toBeVisible();
  });
});
