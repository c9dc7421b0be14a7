// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/procesoDePago" }
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { jsonResponse as json } from '../../../tests/fixtures/fetch.ts';
import { unsignedToken } from '../../../tests/fixtures/session.ts';
import type { ClienteApi } from '../../lib/api/account-schemas.ts';
import type { CotizacionServidor, DetallePedido } from '../../lib/api/checkout-schemas.ts';
import type { DatosTransferencia, TransferenciaReservada } from '../../lib/api/transferencia-schemas.ts';
import { buildCheckoutPayload } from '../../lib/cart/checkout-payload.ts';
import type { CartLine } from '../../lib/cart/lines.ts';
import { PUNTOS_RECOJO } from '../../lib/shipping/methods.ts';
import { TRANSFERENCIA } from '../../lib/tienda.ts';
import { $token, startSession } from '../../stores/auth.ts';
import { clearCheckout, saveCheckoutPayload, storedCheckoutPayload } from '../../stores/checkout.ts';
import { showAlert } from '../../ui/alerts.ts';
import CheckoutPage from './CheckoutPage.tsx';
import TransferenciaPendiente from './TransferenciaPendiente.tsx';

vi.mock('../../ui/alerts.ts', () => ({ showAlert: vi.fn(async () => true) }));

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Issue 36: the bank transfer at /procesoDePago (its panel through the seam: offered as GET
 * /carrito/metodos-pago names it, the amount and the 24 h under its card, the order reserved with one key
 * and the browser sent to its instructions), and the pending page's accounts and exact amount.
 */

const cliente: ClienteApi = {
  id: 1,
  idUsuario: 3,
  nombre: 'Ana',
  apellido: 'Quispe',
  usuario: 'anaq',
  correo: 'a@x.pe',
  telefono: '987654321',
  ciudad: 'Lima',
  direccion: 'Av. Larco 1',
  dni: '44556677',
  pasaporte: '',
  carnetExtranjeria: '',
};

const PRECIO = 44.9;

function payloadOf(precio: number) {
  const line: CartLine = {
    idProducto: 7,
    nombre: 'Tónico de arroz',
    img: '/img/tonico.webp',
    cantidad: 1,
    selectedColor: '',
    selectedSize: '',
    precio,
    descuento: 0,
    descuentoN: 0,
    newores: '',
    stock_total: 10,
    stock: 10,
    sedes: '',
    precio_unitario: precio,
    precio_con_descuento: precio,
  };
  return buildCheckoutPayload({ lines: [line], user: null, metodo: PUNTOS_RECOJO[0]!.metodo, shipping: null, applied: null });
}

const quote: CotizacionServidor = {
  productos: [
    { id: 7, nombre: 'Tónico de arroz', precio: PRECIO, precio_unitario: PRECIO, precio_con_descuento: PRECIO, cantidad: 1 },
  ] as CotizacionServidor['productos'],
  subtotal: PRECIO,
  descuento: 0,
  envio: 0,
  total: PRECIO,
  envioGratis: false,
  cupon: null,
  metodo_envio: PUNTOS_RECOJO[0]!.metodo,
  direccion: '',
};

const datos: DatosTransferencia = {
  cuentas: TRANSFERENCIA.cuentasDemo.map((cuenta) => ({ ...cuenta })),
  monto: PRECIO,
  vence: '2026-11-30T15:00:00.000Z',
  demo: true,
};

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

function stubApi({ metodos = ['mercadopago', 'yape', 'transferencia'], reservas = [] as Response[], detalle = null as unknown } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({
      method,
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
    });
    if (url === '/carrito/yape') return json({ disponible: true, maximo: 2000, prueba: true });
    if (url === '/carrito/metodos-pago') return json({ metodos });
    if (url.startsWith('/carrito/cotizar/')) return json(quote);
    if (url.startsWith('/carrito/transferencia/')) {
      const next = reservas.shift();
      if (!next) throw new Error('sin respuesta');
      return next;
    }
    if (url.startsWith('/api/detalle-pedido/')) return json({ mensaje: detalle });
    if (method === 'GET' && url.includes('3')) return json([cliente]);
    throw new Error(`llamada inesperada ${method} ${url}`);
  });
  return calls;
}

let root: Root;
let container: HTMLElement;
let assign: MockInstance<Location['assign']>;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  assign = vi.spyOn(location, 'assign').mockImplementation(() => {});
  vi.mocked(showAlert).mockClear();
  container = document.body.appendChild(document.createElement('div'));
  startSession(unsignedToken());
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearCheckout();
  sessionStorage.clear();
  localStorage.clear();
  $token.set(undefined);
  history.replaceState(null, '', '/procesoDePago');
});

async function until(done: () => boolean, ticks = 100) {
  for (let tick = 0; tick < ticks && !done(); tick++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

async function open(options: Parameters<typeof stubApi>[0] = {}) {
  saveCheckoutPayload(payloadOf(PRECIO));
  const calls = stubApi(options);
  root = createRoot(container);
  act(() => root.render(<CheckoutPage />));
  await until(
    () =>
      container.textContent!.includes('Precios confirmados por la tienda.') && calls.some((call) => call.url === '/carrito/metodos-pago'),
  );
  await until(() => false, 3);
  return calls;
}

const radio = (id: string) => container.querySelector<HTMLInputElement>(`input[name="metodo-pago"][value="${id}"]`);
const payButton = () => container.querySelector<HTMLButtonElement>('.co-summary__pay')!;

describe('the bank transfer at /procesoDePago', () => {
  it('is offered as the server lists it, shows the amount and the hold, and reserves the order then goes to its instructions', async () => {
    const reservado: TransferenciaReservada = {
      idVenta: 41,
      preferenciaId: null,
      urlPago: '/pending?external_reference=41&metodo=transferencia',
      transferencia: datos,
    };
    const calls = await open({ reservas: [json(reservado)] });
    expect(radio('transferencia')!.closest('label')!.textContent).toContain(
      `Reservamos tu pedido hasta ${TRANSFERENCIA.reservaHoras} horas.`,
    );
    expect(container.querySelector('[data-testid="panel-transferencia"]')).toBeNull();
    act(() => radio('transferencia')!.click());
    const panel = container.querySelector('[data-testid="panel-transferencia"]')!;
    expect(panel.textContent).toContain('Monto a transferir: S/ 44.90');
    expect(panel.textContent).toContain(`hasta ${TRANSFERENCIA.reservaHoras} horas`);
    expect(payButton().textContent).toBe('Reservar y ver las cuentas');

    await act(async () => payButton().click());
    await until(() => assign.mock.calls.length > 0);
    const reservas = calls.filter((call) => call.method === 'POST' && call.url.startsWith('/carrito/transferencia/'));
    expect(reservas.map((call) => call.url)).toEqual(['/carrito/transferencia/3']);
    expect(reservas[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(reservas[0]!.body).toMatchObject({ total: PRECIO, metadata: { id_usuario: 3 } });
    expect(assign).toHaveBeenCalledWith(reservado.urlPago);
    // The checkout is done: the cart is not offered again.
    expect(storedCheckoutPayload()).toBeNull();
    // Neither Checkout Pro's nor Yape's call was made.
    expect(calls.some((call) => call.url.startsWith('/carrito/create-preference/') || call.url.startsWith('/carrito/yape/'))).toBe(false);
  });

  it('is not offered while the server does not list it (a production shop without accounts)', async () => {
    await open({ metodos: ['mercadopago', 'yape'] });
    expect(radio('transferencia')).toBeNull();
    expect(container.textContent).not.toContain('Transferencia bancaria');
  });

  it('stays on the page with the server’s reason when the reservation is refused, and retries with the same key', async () => {
    const calls = await open({
      reservas: [
        json({ mensaje: 'Por ahora no recibimos transferencias bancarias.' }, 503),
        json({ idVenta: 42, preferenciaId: null, urlPago: '/pending?external_reference=42&metodo=transferencia', transferencia: datos }),
      ],
    });
    act(() => radio('transferencia')!.click());
    await act(async () => payButton().click());
    await until(() => vi.mocked(showAlert).mock.calls.length > 0);
    expect(vi.mocked(showAlert).mock.calls[0]![0]).toMatchObject({
      text: expect.stringContaining('Por ahora no recibimos transferencias bancarias'),
    });
    expect(assign).not.toHaveBeenCalled();
    await until(() => !payButton().disabled);
    await act(async () => payButton().click());
    await until(() => assign.mock.calls.length > 0);
    const keys = calls.filter((call) => call.url.startsWith('/carrito/transferencia/')).map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});

describe('the pending page of a transfer order', () => {
  const detalle = { idVenta: 41, estado: 'PENDIENTE', pagado: false, transferencia: datos } as Partial<DetallePedido>;

  it('shows the exact amount, each account with its CCI, and the order number to write', async () => {
    history.replaceState(null, '', '/pending?external_reference=41&metodo=transferencia');
    const calls = stubApi({ detalle });
    root = createRoot(container);
    act(() => root.render(<TransferenciaPendiente />));
    await until(() => container.querySelector('[data-testid="cuentas-transferencia"]') !== null);
    expect(calls.map((call) => call.url)).toEqual(['/api/detalle-pedido/41']);
    expect(container.querySelector('[data-testid="monto-transferencia"]')!.textContent).toBe('S/ 44.90');
    for (const cuenta of datos.cuentas) {
      expect(container.textContent).toContain(cuenta.banco);
      expect(container.textContent).toContain(cuenta.cci);
      expect(container.textContent).toContain(cuenta.cuenta);
    }
    expect(container.textContent).toContain('Escribe tu número de pedido (41)');
    expect(container.textContent).toContain('estas cuentas no son reales');
  });

  it('shows nothing for another pending payment, and where to find the accounts without a session', async () => {
    history.replaceState(null, '', '/pending?external_reference=41&payment_id=9');
    const calls = stubApi({ detalle });
    root = createRoot(container);
    act(() => root.render(<TransferenciaPendiente />));
    await until(() => false, 3);
    expect(container.textContent).toBe('');
    expect(calls).toEqual([]);
    act(() => root.unmount());

    $token.set(undefined);
    history.replaceState(null, '', '/pending?external_reference=41&metodo=transferencia');
    root = createRoot(container);
    act(() => root.render(<TransferenciaPendiente />));
    await until(() => container.querySelector('[data-testid="transferencia-sin-datos"]') !== null);
    expect(container.textContent).toContain('Te enviamos por correo nuestras cuentas bancarias');
  });
});
