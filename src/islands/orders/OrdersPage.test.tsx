// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/mis-pedidos" }
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../tests/fixtures/fetch.ts';
import type { PedidoResumen } from '../../lib/api/orders-schemas.ts';
import { loginRedirectUrl } from '../../lib/auth/login.ts';
import { $session, $token, startSession } from '../../stores/auth.ts';
import OrdersPage from './OrdersPage.tsx';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** An unsigned session token for customer 3 (the storefront only decodes it), valid for an hour. */
const token = () =>
  [
    { alg: 'none', typ: 'JWT' },
    { user: 'anaq', idUsuario: 3, correo: 'a@x.pe', nombre: 'Ana', telefono: '987654321', direccion: 'Av. Larco 1', exp: Math.floor(Date.now() / 1000) + 3600 },
  ]
    .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
    .join('.') + '.';

/** An order of the list as GET /web/ListPedidos answers it. */
const pedido = (idVenta: number, fecha: string): PedidoResumen => ({
  idVenta,
  idVenta_estado: idVenta,
  fecha,
  fechaEntrega: null,
  total: 120,
  estado: 'PENDIENTE',
  recojo: false,
  imagenes: '/img/a.webp,/img/b.webp',
});

/** Three orders, newest first, as the API lists them. */
const pedidos = [pedido(31, '2025-03-03T15:00:00Z'), pedido(22, '2025-02-02T15:00:00Z'), pedido(17, '2025-01-01T15:00:00Z')];

let root: Root;
let container: HTMLElement;
let replace: MockInstance<Location['replace']>;

beforeEach(() => {
  // The island logs each failed call (storefront §8); these tests fail calls on purpose.
  vi.spyOn(console, 'error').mockImplementation(() => {});
  replace = vi.spyOn(location, 'replace').mockImplementation(() => {});
  container = document.body.appendChild(document.createElement('div'));
  startSession(token());
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  $token.set(undefined);
});

/** Lets the stubbed answers arrive and React render them, until `done` holds (about a second at most). */
async function until(done: () => boolean) {
  for (let tick = 0; tick < 100 && !done(); tick++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

/** Mounts the island with the session already started, as the page does after hydration. */
async function renderPage() {
  root = createRoot(container);
  await act(async () => root.render(<OrdersPage />));
}

/** The order numbers the list shows, in order. */
const shownOrders = () => [...container.querySelectorAll('[data-testid="pedido"] h2')].map((title) => title.textContent);

/** The button with this text, if shown. */
const button = (text: string) => [...container.querySelectorAll('button')].find((element) => element.textContent?.startsWith(text));

describe('OrdersPage', () => {
  it("shows only the latest order until 'Mostrar otros pedidos', then all of them, newest first", async () => {
    const calls = stubFetch(json(pedidos));
    await renderPage();
    await until(() => shownOrders().length > 0);
    expect(calls.map((call) => call.url)).toEqual(['/web/ListPedidos/3']);
    expect(shownOrders()).toEqual(['Pedido N° 31']);
    const more = button('Mostrar otros pedidos');
    expect(more?.textContent).toBe('Mostrar otros pedidos (2)');
    await act(async () => more!.click());
    expect(shownOrders()).toEqual(['Pedido N° 31', 'Pedido N° 22', 'Pedido N° 17']);
    expect(button('Mostrar otros pedidos')).toBeUndefined();
  });

  it("offers no 'Mostrar otros pedidos' for a single order", async () => {
    stubFetch(json(pedidos.slice(0, 1)));
    await renderPage();
    await until(() => shownOrders().length > 0);
    expect(shownOrders()).toEqual(['Pedido N° 31']);
    expect(button('Mostrar otros pedidos')).toBeUndefined();
  });

  it("shows 'Aún no tienes compras' when there are no orders", async () => {
    stubFetch(json([]));
    await renderPage();
    await until(() => container.querySelector('h2') !== null);
    expect(container.querySelector('h2')?.textContent).toBe('Aún no tienes compras');
    expect(shownOrders()).toEqual([]);
  });

  it("says the list failed and 'Reintentar' asks again and shows the orders", async () => {
    const calls = stubFetch(json({ mensaje: 'Error interno' }, 500), json(pedidos));
    await renderPage();
    await until(() => container.querySelector('[role="alert"]') !== null);
    expect(container.querySelector('[role="alert"] p')?.textContent).toBe('No se pudo obtener la lista de pedidos.');
    expect(shownOrders()).toEqual([]);
    await act(async () => button('Reintentar')!.click());
    await until(() => shownOrders().length > 0);
    expect(calls.map((call) => call.url)).toEqual(['/web/ListPedidos/3', '/web/ListPedidos/3']);
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(shownOrders()).toEqual(['Pedido N° 31']);
  });

  it('ends the session and sends the visitor to log in when the API refuses the token', async () => {
    stubFetch(json({ mensaje: 'Token inválido' }, 401));
    await renderPage();
    await until(() => replace.mock.calls.length > 0);
    expect(location.pathname).toBe('/mis-pedidos');
    expect(replace).toHaveBeenCalledWith(loginRedirectUrl('/mis-pedidos'));
    expect($session.get()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(container.querySelector('[role="alert"]')).toBeNull();
    expect(shownOrders()).toEqual([]);
  });
});
