import { execFileSync } from 'node:child_process';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { Producto } from '../../../src/lib/api/schemas.ts';
import { lineFromProducto } from '../../../src/lib/cart/lines.ts';
import { preferenceBody } from '../../../src/lib/checkout/preference-body.ts';
import { precioFinal } from '../../../src/lib/pricing/index.ts';
import { pasoDeCategoria } from '../../../src/lib/routine/pasos.ts';
import { ENVIO_PROVINCIA } from '../../../src/lib/shipping/methods.ts';
import { pickupPayload } from './shop.ts';

/**
 * What the back office's browser journeys (issue 36) share: the authenticator's codes, the invitation's
 * enrolment and the sign-in, each as a person does them in /admin/. Written before the server's routes
 * were merged; the journeys that use them come after.
 */

/** An invited person's second factor: the TOTP secret shown as text, and the recovery codes shown once. */
export interface Alta {
  secreto: string;
  codigos: string[];
}

/** The six digits an authenticator app shows now for `secreto` (base32, spaces allowed), `desfase` periods away. */
export function codigoTotp(secreto: string, desfase = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secreto.replace(/\s+/g, '')), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + desfase * 30_000 });
}

/**
 * A code not used yet: the shop refuses a replayed TOTP code, so a journey that signs in twice within one
 * period waits for the next one.
 */
export async function codigoNuevo(secreto: string, usados: Set<string>): Promise<string> {
  for (;;) {
    const codigo = codigoTotp(secreto);
    if (!usados.has(codigo)) {
      usados.add(codigo);
      return codigo;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Follows an invitation link to the end: name and password, the authenticator (read from the page's text), the recovery codes; no passkey. */
export async function completarInvitacion(
  page: Page,
  enlace: string,
  { nombre, contrasena }: { nombre: string; contrasena: string },
  { enElPasoPasskey }: { enElPasoPasskey?: () => Promise<void> } = {},
): Promise<Alta> {
  await page.goto(enlace);
  await page.getByLabel('Tu nombre').fill(nombre);
  await page.getByLabel('Contraseña').fill(contrasena);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const clave = page.locator('.bo-clave-totp');
  await expect(clave).toBeVisible();
  const secreto = (await clave.textContent())!.replace(/\s+/g, '');
  await expect(page.getByRole('img', { name: /Código QR/ })).toBeVisible();
  await page.getByLabel('Código de la app').fill(codigoTotp(secreto));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  const lista = page.getByRole('list', { name: 'Códigos de recuperación' });
  await expect(lista.getByRole('listitem')).toHaveCount(10);
  const codigos = (await lista.getByRole('listitem').allTextContents()).map((codigo) => codigo.trim());
  await page.getByLabel('Guardé mis códigos').check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { name: 'Agregar llave de acceso (opcional)' })).toBeVisible();
  await enElPasoPasskey?.();
  await page.getByRole('button', { name: 'Ir al panel' }).click();
  await expect(page.getByRole('navigation', { name: 'Menú del panel' })).toBeVisible();
  return { secreto, codigos };
}

/** Signs in at /admin/ingresar with the password and a fresh authenticator code (or a recovery code). */
export async function ingresar(page: Page, { correo, contrasena, codigo }: { correo: string; contrasena: string; codigo: string }) {
  if (!page.url().includes('/admin/ingresar')) await page.goto('/admin/ingresar');
  await page.getByLabel('Correo').fill(correo);
  await page.getByLabel('Contraseña').fill(contrasena);
  await page.getByRole('button', { name: 'Continuar' }).click();
  if (/^\d{6}$/.test(codigo)) await page.getByLabel('Código de verificación').fill(codigo);
  else {
    await page.getByRole('button', { name: 'Usar un código de recuperación' }).click();
    await page.getByLabel('Código de recuperación').fill(codigo);
  }
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('navigation', { name: 'Menú del panel' })).toBeVisible();
}

/** Answers the back office's "Confirma que eres tú" dialog (refunds, people, keys) with the password and a code. */
export async function confirmarQueSoyYo(page: Page, { contrasena, codigo }: { contrasena: string; codigo: string }) {
  const dialogo = page.getByRole('dialog', { name: 'Confirma que eres tú' });
  await expect(dialogo).toBeVisible();
  await dialogo.getByLabel('Contraseña').fill(contrasena);
  await dialogo.getByLabel('Código de verificación').fill(codigo);
  await dialogo.getByRole('button', { name: 'Confirmar y continuar' }).click();
  await expect(dialogo).toBeHidden();
}

/** Marks orders shipped in one bulk action from /admin/pedidos: each chosen, then its courier (by name) and guía. */
export async function marcarEnviados(page: Page, envios: { idVenta: number; courier: string; guia: string }[]) {
  for (const { idVenta } of envios) await page.getByLabel(`Elegir el pedido ${idVenta}`).check();
  await page.getByRole('button', { name: 'Marcar enviados' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Marcar enviados' });
  for (const { idVenta, courier, guia } of envios) {
    await dialogo.getByLabel(`Courier del pedido ${idVenta}`).selectOption({ label: courier });
    await dialogo.getByLabel(`Guía del pedido ${idVenta}`).fill(guia);
  }
  await dialogo.getByRole('button', { name: /^Marcar \d+ enviados?$/ }).click();
  await expect(dialogo).toBeHidden();
}

/**
 * The back office's address in the browser journeys: the shop at `localhost` (global setup), not 127.0.0.1, since
 * a passkey's relying party is a host name (the shop's SITE_URL) and WebAuthn refuses an IP address.
 */
export const backofficeUrl = () => process.env.E2E_BACKOFFICE_URL!;

/** A unique e-mail for this run and project (the journeys run at both widths against one shop). */
export const correoUnico = (quien: string, testInfo: TestInfo) =>
  `${quien}-${testInfo.project.name}-${Date.now()}${Math.floor(Math.random() * 1000)}@example.pe`;

/**
 * `npm run shop -- personal invitar CORREO --rol ROL` against the running shop (SHOP_URL and SHOP_ADMIN_TOKEN),
 * as the owner starts; the invitation link it prints, as an address under the journey's back office.
 */
export function invitarDesdeConsola(correo: string, rol: 'dueno' | 'personal'): string {
  const salida = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/shop.ts', 'personal', 'invitar', correo, '--rol', rol], {
    env: { ...process.env, SHOP_URL: process.env.E2E_BASE_URL, SHOP_ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN },
    encoding: 'utf8',
  });
  const enlace = /https?:\/\/\S+\/admin\/invitacion\?token=\S+/.exec(salida)?.[0];
  if (!enlace) throw new Error(`La consola no imprimió un enlace de invitación:\n${salida}`);
  const url = new URL(enlace);
  return `${backofficeUrl()}${url.pathname}${url.search}`;
}

/** A person of the back office as a journey knows them: sign-in data, the authenticator's secret, codes used. */
export interface Persona extends Alta {
  correo: string;
  contrasena: string;
  usados: Set<string>;
}

/** An owner invited from the command line who completes the invitation in `page` (signed in after it). */
export async function duenaDesdeConsola(page: Page, testInfo: TestInfo, nombre = 'Ana Dueña Salas'): Promise<Persona> {
  const correo = correoUnico('duena', testInfo);
  const contrasena = 'Camelia en flor 2024';
  const alta = await completarInvitacion(page, invitarDesdeConsola(correo, 'dueno'), { nombre, contrasena });
  return { ...alta, correo, contrasena, usados: new Set([codigoTotp(alta.secreto)]) };
}

/** Signs in `persona` with a code of the authenticator not used yet. */
export async function ingresarComo(page: Page, persona: Persona) {
  await ingresar(page, {
    correo: persona.correo,
    contrasena: persona.contrasena,
    codigo: await codigoNuevo(persona.secreto, persona.usados),
  });
}

/**
 * Runs `accion` (a click that sends a change needing a fresh sign-in) and answers "Confirma que eres tú" if the
 * shop asks for it (the e2e shop keeps a sign-in fresh only 12 seconds); true when it was asked.
 */
export async function quizasConfirmar(page: Page, persona: Persona, accion: () => Promise<void>, hecho: Locator): Promise<boolean> {
  await accion();
  const dialogo = page.getByRole('dialog', { name: 'Confirma que eres tú' });
  await expect(dialogo.or(hecho).first()).toBeVisible({ timeout: 15_000 });
  if (!(await dialogo.isVisible())) return false;
  await confirmarQueSoyYo(page, { contrasena: persona.contrasena, codigo: await codigoNuevo(persona.secreto, persona.usados) });
  return true;
}

/** Chromium's virtual authenticator (a platform one, with user verification) in `page`, as a laptop's fingerprint reader. */
export async function autenticadorVirtual(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return {
    credenciales: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/** The operator API with the break-glass token, for a journey's preparations (an order moved on, as the command line does). */
export const conToken = () => ({ Authorization: `Bearer ${process.env.E2E_ADMIN_TOKEN}` });

/** Moves order `idVenta` to `estado` through the operator API (no e-mail to the customer). */
export async function moverPedido(request: APIRequestContext, idVenta: number, estado: string, extra: Record<string, unknown> = {}) {
  const res = await request.post(`${process.env.E2E_BASE_URL}/admin/api/pedidos/${idVenta}/estado`, {
    data: { estado, avisar: false, ...extra },
    headers: conToken(),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A paid home-delivery order (Arequipa, Cayma) of `producto` for `shopper`, bought through the API as the checkout page would. */
export async function pedidoADomicilio(
  request: APIRequestContext,
  shopper: { idUsuario: number; token: string },
  producto: Producto,
): Promise<number> {
  const body = preferenceBody(pickupPayload([lineFromProducto(producto)]), shopper.idUsuario, {});
  const destino = {
    departamento: 'Arequipa',
    provincia: 'Arequipa',
    distrito: 'Cayma',
    direccion: 'Calle Los Arces 123',
    referencia: 'Frente al parque',
  };
  const envio = { ...body, Recojo: false, destino, metadata: { ...body.metadata, recojo: false, metodo_envio: ENVIO_PROVINCIA } };
  const auth = { Authorization: `Bearer ${shopper.token}` };
  const quote = (await (await request.post(`/carrito/cotizar/${shopper.idUsuario}`, { data: envio, headers: auth })).json()) as {
    descuento: number;
    total: number;
    envio: number;
  };
  const claimed = { ...envio, descuento: quote.descuento, total: quote.total, metadata: { ...envio.metadata, costo_envio: quote.envio } };
  const created = await request.post(`/carrito/create-preference/${shopper.idUsuario}`, {
    data: claimed,
    headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { id, idVenta } = (await created.json()) as { id: string; idVenta: number };
  expect((await request.post(`/carrito/prueba/${id}/pagar`, { data: { resultado: 'approved' } })).status()).toBe(200);
  return idVenta;
}

/** A screenshot of the screen as seen, for looking at later (test-results/…/<nombre>-<project>.png); the page no wider than it. */
export async function foto(page: Page, testInfo: TestInfo, nombre: string) {
  // Nothing wider than the screen (at 390 px a long e-mail or a table would push the page sideways).
  const ancho = await page.evaluate(() => ({ pagina: document.documentElement.scrollWidth, ventana: window.innerWidth }));
  expect(ancho.pagina, `${nombre}: la página es más ancha que la pantalla`).toBeLessThanOrEqual(ancho.ventana);
  await page.screenshot({ path: testInfo.outputPath(`${nombre}-${testInfo.project.name}.png`) });
}

/** Axe on the whole page: no violation (`estado` names the screen in the failure). */
export async function sinViolaciones(page: Page, estado: string) {
  // A dialog fades in: its colours are measured once it has. A spinner turns for as long as it waits (the
  // publishing status while the shop rebuilds): endless animations are not waited for.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((violation) => `${estado}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/**
 * The product the back-office journeys buy at this width, one unit per order: a simple one outside the routines
 * and above the price `productFor` picks from (S/120), so no other journey counts its stock.
 */
export function productoDelPanel(catalogue: Producto[], testInfo: TestInfo): Producto {
  const propios = catalogue.filter(
    (p) =>
      !pasoDeCategoria(p.categoria) && p.stock >= 20 && p.newores === '' && !p.colores.trim() && !p.tamaños.trim() && precioFinal(p) >= 120,
  );
  const producto = propios[testInfo.project.name === 'mobile' ? 1 : 0];
  if (!producto) throw new Error('El catálogo demo no tiene productos para el panel');
  return producto;
}
