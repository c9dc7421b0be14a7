import { expect, type APIRequestContext, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import type { Producto } from '../../../src/lib/api/schemas.ts';
import { lineFromProducto, type CartLine } from '../../../src/lib/cart/lines.ts';
import { buildCheckoutPayload } from '../../../src/lib/cart/checkout-payload.ts';
import { preferenceBody } from '../../../src/lib/checkout/preference-body.ts';
import { precioFinal } from '../../../src/lib/pricing/index.ts';
import { pasoDeCategoria } from '../../../src/lib/routine/pasos.ts';
import { PUNTOS_RECOJO } from '../../../src/lib/shipping/methods.ts';

/** What the browser journeys share: shoppers, sessions, products of their own, and the checkout state. */

/** Products of a routine step are left to the routine journeys, which buy whole routines in parallel. */
const plain = (p: Producto) =>
  !pasoDeCategoria(p.categoria) &&
  p.stock >= 3 &&
  p.newores === '' &&
  p.descuento === 0 &&
  p.descuentoN === 0 &&
  !p.colores.trim() &&
  !p.tamaños.trim() &&
  precioFinal(p) < 120;

/**
 * A coupon-eligible product without options for test `slot`, different at each project, so tests
 * that buy never share stock. Slots: checkout.spec 0–4, orders.spec 5–9 and 18, reclamos.spec 10, comprobantes.spec 11,
 * yape.spec 12–15, avisos.spec 16, resenas.spec 17.
 */
export function productFor(catalogue: Producto[], testInfo: TestInfo, slot: number): Producto {
  const producto = catalogue.filter(plain)[slot * 2 + (testInfo.project.name === 'mobile' ? 1 : 0)];
  if (!producto) throw new Error('El catálogo demo no tiene suficientes productos simples');
  return producto;
}

/** A new shopper's registration data. */
export function newShopper() {
  const usuario = `pago${Date.now()}${Math.floor(Math.random() * 10_000)}`;
  return { nombre: 'Rosa Huamán Torres', usuario, correo: `${usuario}@example.pe`, telefono: '987654321', password: 'Camelia-2024' };
}

/**
 * Waits until the named islands are hydrated (Astro drops their `ssr` attribute then). An island is
 * named by its module's file or, for the islands every page shares (one module, page-islands.tsx), by its export.
 */
export async function hydrated(page: Page, ...names: string[]) {
  if (names.includes('BuyBox')) throw new Error('The buy box is no island: wait for it with buyBoxReady(page).');
  for (const name of names)
    await expect(page.locator(`astro-island:is([component-url*="${name}"], [component-export="${name}"])[ssr]`)).toHaveCount(0);
}

/** Waits until the product page's buy box (plain DOM, components/product/buy-box.ts) answers taps. */
export async function buyBoxReady(page: Page) {
  await expect(page.locator('[data-buy-box][data-listo]')).toHaveCount(1);
}

/**
 * Clicks `trigger` until `target` shows. Astro marks an island hydrated before React's effects attach
 * its listeners, so on a loaded machine a first click can come too early and be lost (the shop's own
 * behaviour: a shopper clicks again); an early click that does land shows the target and ends the loop.
 */
export async function clickUntilVisible(trigger: Locator, target: Locator) {
  await expect(async () => {
    await trigger.click();
    await expect(target).toBeVisible({ timeout: 4000 });
  }).toPass({ timeout: 30_000 });
}

/** A shopper registered and logged in through the API, optionally with a DNI, and the session in the browser. */
export async function signedIn(context: BrowserContext, request: APIRequestContext, baseURL: string, { dni }: { dni?: string } = {}) {
  const shopper = newShopper();
  expect((await request.post('/clientes/register', { data: shopper })).status()).toBe(201);
  const { mensaje: token } = (await (
    await request.post('/login', { data: { user: shopper.usuario, password: shopper.password } })
  ).json()) as { mensaje: string };
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown> & { idUsuario: number };
  if (dni) {
    const saved = await request.put(`/web/clientes/${claims.idUsuario}`, {
      data: { docType: 'DNI', docNumber: dni },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await saved.json()) as { id: number }).id).toBe(1);
  }
  await context.addCookies([{ name: 'tokenweb', value: token, url: baseURL }]);
  const { idUsuario, user, nombre, correo, telefono, direccion } = claims;
  await context.addInitScript((stored) => localStorage.setItem('user', JSON.stringify(stored)), {
    idUsuario,
    user,
    nombre,
    correo,
    telefono,
    direccion,
  });
  return { ...shopper, token, idUsuario };
}

/** The checkout payload the cart page would store for these lines, for pickup at Miraflores. */
export const pickupPayload = (lines: CartLine[]) =>
  buildCheckoutPayload({ lines, user: null, metodo: PUNTOS_RECOJO[0]!.metodo, shipping: null, applied: null });

/** An approved order for pickup at Miraflores, bought through the API as the checkout page would. */
export async function orderThroughApi(
  request: APIRequestContext,
  shopper: { idUsuario: number; token: string },
  producto: Producto,
): Promise<number> {
  const body = preferenceBody(pickupPayload([lineFromProducto(producto)]), shopper.idUsuario, {});
  const headers = { Authorization: `Bearer ${shopper.token}`, 'Idempotency-Key': crypto.randomUUID() };
  const created = await request.post(`/carrito/create-preference/${shopper.idUsuario}`, { data: body, headers });
  expect(created.status()).toBe(200);
  const { id, idVenta } = (await created.json()) as { id: string; idVenta: number };
  expect((await request.post(`/carrito/prueba/${id}/pagar`, { data: { resultado: 'approved' } })).status()).toBe(200);
  return idVenta;
}

/** Opens /procesoDePago with this cart and the payload the cart page would have stored for it (pickup at Miraflores). */
export async function openCheckoutWith(page: Page, cart: CartLine[], payloadLines: CartLine[] = cart) {
  const payload = pickupPayload(payloadLines);
  await page.goto('/carrito');
  await page.evaluate(
    ([lines, state]) => {
      localStorage.setItem('cart', JSON.stringify(lines));
      sessionStorage.setItem('checkout', JSON.stringify(state));
    },
    [cart, payload] as const,
  );
  await page.goto('/procesoDePago');
  await hydrated(page, 'CheckoutPage');
}

/** The product's stock as the API says now. */
export const stockOf = async (request: APIRequestContext, id: number) =>
  ((await (await request.get(`/web/detailprod/${id}`)).json()) as { mensaje: Producto[] }).mensaje[0]!.stock;

/** Accepts the alert with this title. */
export async function expectAlert(page: Page, title: string) {
  const alert = page.getByRole('dialog', { name: title });
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: 'Aceptar' }).click();
  await expect(alert).toBeHidden();
}

/** Holds the requests matching `pattern` until the returned function is called. */
export async function holdRoute(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Opens `path` with every script of the page (or those matching `scripts`) held back until the returned function is
 * called. It waits for DOMContentLoaded, never 'load': the page's loader may add the held scripts before 'load' (its
 * photo painted first, on a busy machine), and 'load' would then wait for them as they wait for the release.
 */
export async function openHoldingScripts(page: Page, path: string, scripts = /\/_astro\/.*\.js$/) {
  const release = await holdRoute(page, scripts);
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  return release;
}
