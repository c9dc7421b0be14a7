// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/mis-pedidos" }
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../tests/fixtures/fetch.ts';
import type { DetallePedido } from '../../lib/api/checkout-schemas.ts';
import type { PedidoResumen } from '../../lib/api/orders-schemas.ts';
import { loginRedirectUrl } from '../../lib/auth/login.ts';
import { $session, $token, startSession } from '../../stores/auth.ts';
import OrdersPage from './OrdersPage.tsx';
import { unsignedToken } from '../../../tests/fixtures/session.ts';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const token = () => unsignedToken();

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

/** Lets the stubbed answers arrive and React render them, until `done` holds (about a second at most, or `ticks` × 10 ms). */
async function until(done: () => boolean, ticks = 100) {
  for (let tick = 0; tick < ticks && !done(); tick++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

/** Order 31's detail as GET /api/detalle-pedido/31 answers it, paid, with `comprobantes` when given. */
const detalle = (comprobantes?: DetallePedido['comprobantes']): DetallePedido => ({
  idVenta: 31,
  fecha: '2025-03-03T15:00:00Z',
  fechaEntrega: null,
  total: 120,
  subtotal: 120,
  descuento: 0,
  envio: 0,
  estado: 'CANCELADO',
  metodo_pago: 'Mercado Pago',
  metodo_envio: 'Recojo en Miraflores',
  recojo: true,
  direccion: 'Av. Larco 345',
  productos: [
    {
      nombreProducto: 'Sérum',
      idProducto: 5,
      img: '/img/a.webp',
      cantidad: 2,
      color: '',
      tamano: '',
      precio_unitario: 60,
      precio_con_descuento: 60,
    },
  ],
  productos_comprados: 2,
  codigo_descuento: null,
  porcentaje_descuento: 0,
  pagado: true,
  historial: [
    { estado: 'PENDIENTE', fecha: '2025-03-03T15:00:00Z' },
    { estado: 'EN PREPARACION', fecha: '2025-03-03T15:05:00Z' },
    { estado: 'CANCELADO', fecha: '2025-03-04T15:00:00Z' },
  ],
  ...(comprobantes ? { comprobantes } : {}),
});

/** Opens order 31's detail and waits for it (its spinner runs 800 ms). */
async function openDetail() {
  await until(() => shownOrders().length > 0);
  await act(async () => button('Ver detalle')!.click());
  await until(() => document.querySelector('.order-detail') !== null, 300);
}

/** The receipts the detail lists, as text, and their links. */
const shownComprobantes = () =>
  [...document.querySelectorAll('[data-testid="comprobante"]')].map((item) => ({
    texto: item.textContent,
    enlaces: [...item.querySelectorAll('a')].map((a) => ({
      texto: a.textContent,
      href: a.getAttribute('href'),
      target: a.getAttribute('target'),
      rel: a.getAttribute('rel'),
    })),
  }));

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
    expect(shownOrders()).toEqual(['Pedido N.° 31']);
    const more = button('Mostrar otros pedidos');
    expect(more?.textContent).toBe('Mostrar otros pedidos (2)');
    await act(async () => more!.click());
    expect(shownOrders()).toEqual(['Pedido N.° 31', 'Pedido N.° 22', 'Pedido N.° 17']);
    expect(button('Mostrar otros pedidos')).toBeUndefined();
  });

  it("offers no 'Mostrar otros pedidos' for a single order", async () => {
    stubFetch(json(pedidos.slice(0, 1)));
    await renderPage();
    await until(() => shownOrders().length > 0);
    expect(shownOrders()).toEqual(['Pedido N.° 31']);
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
    expect(shownOrders()).toEqual(['Pedido N.° 31']);
  });

  it("lists the order's comprobantes in its detail: number, state until accepted, prueba tag, and links opening in a new tab", async () => {
    const calls = stubFetch(
      json(pedidos),
      json({
        mensaje: detalle([
          {
            tipo: '03',
            nombre: 'Boleta de venta electrónica',
            numero: 'B001-00000042',
            estado: 'aceptado',
            url: '/api/comprobantes/abc',
            pdf: 'https://nubefact.example/b.pdf',
            prueba: false,
          },
          {
            tipo: '07',
            nombre: 'Nota de crédito electrónica',
            numero: 'BC01-00000003',
            estado: 'pendiente',
            url: '/api/comprobantes/def',
            pdf: null,
            prueba: true,
          },
        ]),
      }),
    );
    await renderPage();
    await openDetail();
    expect(calls.map((call) => call.url)).toEqual(['/web/ListPedidos/3', '/api/detalle-pedido/31']);
    const nueva = { target: '_blank', rel: 'noopener noreferrer' };
    expect(shownComprobantes()).toEqual([
      {
        texto: 'Comprobante: B001-00000042Ver comprobantePDF',
        enlaces: [
          { texto: 'Ver comprobante', href: '/api/comprobantes/abc', ...nueva },
          { texto: 'PDF', href: 'https://nubefact.example/b.pdf', ...nueva },
        ],
      },
      {
        texto: 'Nota de crédito: BC01-00000003(en proceso)(modo de prueba)Ver comprobante',
        enlaces: [{ texto: 'Ver comprobante', href: '/api/comprobantes/def', ...nueva }],
      },
    ]);
  });

  it('says a rejected comprobante is rejected, and shows no comprobantes section for an order without any', async () => {
    stubFetch(
      json(pedidos),
      json({
        mensaje: detalle([
          {
            tipo: '01',
            nombre: 'Factura electrónica',
            numero: 'F001-00000007',
            estado: 'rechazado',
            url: '/api/comprobantes/x',
            pdf: null,
            prueba: false,
          },
        ]),
      }),
    );
    await renderPage();
    await openDetail();
    expect(shownComprobantes().map((r) => r.texto)).toEqual(['Comprobante: F001-00000007(rechazado)Ver comprobante']);
    act(() => root.unmount());
    document.body.replaceChildren(container);
    stubFetch(json(pedidos), json({ mensaje: detalle() }));
    await renderPage();
    await openDetail();
    expect(document.querySelector('.order-detail')).not.toBeNull();
    expect(shownComprobantes()).toEqual([]);
    expect(document.querySelector('.order-detail__comprobantes')).toBeNull();
  });

  it('shows a bank-transfer order waiting for its transfer with the accounts, the exact amount and its number (issue 36)', async () => {
    const cuenta = { banco: 'BCP', cuenta: '193-1234567-0-12', cci: '00219300123456701215', titular: 'K-Beauty Perú S.A.C.' };
    stubFetch(
      json(pedidos),
      json({
        mensaje: {
          ...detalle(),
          estado: 'PENDIENTE',
          pagado: false,
          metodo_pago: 'Transferencia bancaria',
          historial: [{ estado: 'PENDIENTE', fecha: '2025-03-03T15:00:00Z' }],
          transferencia: { cuentas: [cuenta], monto: 120, vence: '2025-03-04T15:00:00Z', demo: false },
        } satisfies DetallePedido,
      }),
    );
    await renderPage();
    await openDetail();
    const bloque = document.querySelector('[data-testid="cuentas-transferencia"]')!;
    expect(document.querySelector('.order-detail__pending')!.textContent).toBe('Estamos esperando tu transferencia.');
    expect(bloque.querySelector('[data-testid="monto-transferencia"]')!.textContent).toBe('S/ 120.00');
    expect(bloque.textContent).toContain(cuenta.cci);
    expect(bloque.textContent).toContain(cuenta.cuenta);
    expect(bloque.textContent).toContain('Escribe tu número de pedido (31)');
    expect(bloque.textContent).not.toContain('no son reales');
  });

  it("offers 'Escribir reseña' on each line of a delivered order only, linking the product page's form", async () => {
    const entregado: DetallePedido = {
      ...detalle(),
      estado: 'ENTREGADO',
      historial: [{ estado: 'ENTREGADO', fecha: '2025-03-05T15:00:00Z' }],
    };
    stubFetch(json(pedidos), json({ mensaje: entregado }));
    await renderPage();
    await openDetail();
    const enlaces = () => [...document.querySelectorAll('[data-testid="linea-pedido"] a.order-line__resena')];
    expect(enlaces().map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-label')])).toEqual([
      ['Escribir reseña', '/producto/5-serum#escribir-resena', 'Escribir reseña de Sérum'],
    ]);
    // A cancelled order (detalle()'s) has none.
    act(() => root.unmount());
    document.body.replaceChildren(container);
    stubFetch(json(pedidos), json({ mensaje: detalle() }));
    await renderPage();
    await openDetail();
    expect(document.querySelector('[data-testid="linea-pedido"]')).not.toBeNull();
    expect(enlaces()).toEqual([]);
  });

  it("shows a delivered order's returns in Spanish: when, how much was refunded, and which units", async () => {
    const devuelto: DetallePedido = {
      ...detalle(),
      estado: 'ENTREGADO',
      historial: [{ estado: 'ENTREGADO', fecha: '2025-12-05T15:00:00Z' }],
      devoluciones: [{ fecha: '2025-12-12T15:00:00Z', monto: 45, lineas: [{ nombreProducto: 'Sérum', cantidad: 1 }] }],
    };
    stubFetch(json(pedidos), json({ mensaje: devuelto }));
    await renderPage();
    await openDetail();
    const shown = [...document.querySelectorAll('[data-testid="devolucion"]')].map((item) =>
      [...item.querySelectorAll('p')].map((p) => p.textContent),
    );
    expect(shown).toEqual([['Devolución del 12/12: S/ 45.00 reembolsados', '1 × Sérum']]);
    // An order without returns has no such section.
    act(() => root.unmount());
    document.body.replaceChildren(container);
    stubFetch(json(pedidos), json({ mensaje: detalle() }));
    await renderPage();
    await openDetail();
    expect(document.querySelector('.order-detail')).not.toBeNull();
    expect(document.querySelector('.order-detail__devoluciones')).toBeNull();
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
