// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/procesoDePago" }
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { jsonResponse as json } from '../../../tests/fixtures/fetch.ts';
import type { ClienteApi } from '../../lib/api/account-schemas.ts';
import type { CotizacionServidor } from '../../lib/api/checkout-schemas.ts';
import { MENSAJES_YAPE, RECHAZOS_YAPE } from '../../lib/api/yape-rules.ts';
import { buildCheckoutPayload } from '../../lib/cart/checkout-payload.ts';
import type { CartLine } from '../../lib/cart/lines.ts';
import { preferenceBody } from '../../lib/checkout/preference-body.ts';
import { PUNTOS_RECOJO } from '../../lib/shipping/methods.ts';
import { $token, startSession } from '../../stores/auth.ts';
import { clearCheckout, saveCheckoutPayload } from '../../stores/checkout.ts';
import { showAlert } from '../../ui/alerts.ts';
import CheckoutPage from './CheckoutPage.tsx';
import { unsignedToken } from '../../../tests/fixtures/session.ts';

vi.mock('../../ui/alerts.ts', () => ({ showAlert: vi.fn(async () => true) }));

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const token = () => unsignedToken();

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

/** One line of `precio` soles, picked up in Miraflores. */
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

/** The server's quote agreeing with the payload. */
const quoteOf = (precio: number): CotizacionServidor => ({
  productos: [
    {
      id: 7,
      nombre: 'Tónico de arroz',
      precio,
      precio_unitario: precio,
      precio_con_descuento: precio,
      cantidad: 1,
    } as CotizacionServidor['productos'][number],
  ],
  subtotal: precio,
  descuento: 0,
  envio: 0,
  total: precio,
  envioGratis: false,
  cupon: null,
  metodo_envio: PUNTOS_RECOJO[0]!.metodo,
  direccion: '',
});

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Stubs fetch by route: GET /carrito/yape answers `disponibilidad`, GET /carrito/metodos-pago `metodos`, the customer and the quote answer
 * as the server would, and each POST /carrito/yape takes the next of `pagos`.
 */
function stubApi({
  precio = 44.9,
  disponibilidad = { disponible: true, maximo: 2000, prueba: true } as unknown,
  metodos = { metodos: ['mercadopago', 'yape'] } as unknown,
  pagos = [] as (Response | Error)[],
} = {}) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({
      method,
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body === undefined ? undefined : JSON.parse(String(init.body)),
    });
    if (url === '/carrito/yape' && method === 'GET')
      return disponibilidad instanceof Error ? Promise.reject(disponibilidad) : json(disponibilidad);
    if (url === '/carrito/metodos-pago' && method === 'GET') return metodos instanceof Error ? Promise.reject(metodos) : json(metodos);
    if (url.startsWith('/carrito/cotizar/')) return json(quoteOf(precio));
    if (url.startsWith('/carrito/yape/')) {
      const next = pagos.shift();
      if (!next) throw new Error('sin respuesta');
      if (next instanceof Error) throw next;
      return next;
    }
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
  startSession(token());
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
});

/** Lets the stubbed answers arrive and React render them, until `done` holds. */
async function until(done: () => boolean, ticks = 100) {
  for (let tick = 0; tick < ticks && !done(); tick++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

/** Opens /procesoDePago with one line of `precio` soles and waits for the server's prices. */
async function open(options: Parameters<typeof stubApi>[0] = {}) {
  saveCheckoutPayload(payloadOf(options.precio ?? 44.9));
  const calls = stubApi(options);
  root = createRoot(container);
  act(() => root.render(<CheckoutPage />));
  await until(
    () =>
      container.textContent!.includes('Precios confirmados por la tienda.') &&
      calls.some((call) => call.url === '/carrito/yape') &&
      calls.some((call) => call.url === '/carrito/metodos-pago'),
  );
  await until(() => false, 3);
  return calls;
}

const radio = (id: string) => container.querySelector<HTMLInputElement>(`input[name="metodo-pago"][value="${id}"]`);
const choose = (id: string) => act(() => radio(id)!.click());
/** The input labelled `label`. */
function field(label: string): HTMLInputElement {
  const element = [...container.querySelectorAll('label')].find((candidate) => candidate.textContent?.trim() === label);
  if (!element) throw new Error(`sin campo ${label}`);
  return container.querySelector(`#${CSS.escape(element.htmlFor)}`)!;
}
/** Types into a React-controlled input (through the native setter, so React sees the change). */
function type(element: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!;
  act(() => {
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const leave = (element: HTMLInputElement) =>
  act(() => {
    element.focus();
    element.blur();
  });
const payButton = () => container.querySelector<HTMLButtonElement>('.co-summary__pay')!;
const pay = async () => {
  await act(async () => payButton().click());
  await until(() => !payButton().disabled);
};
/** The messages tied to an input by aria-describedby. */
const describedBy = (input: HTMLInputElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .filter(Boolean);
const yapeCalls = (calls: Call[]) => calls.filter((call) => call.method === 'POST' && call.url === '/carrito/yape/3');

const aprobado = {
  estado: 'approved',
  idVenta: 41,
  payment_id: 'yape-1',
  redirect: '/success?status=approved&payment_id=yape-1&external_reference=41',
};
const rechazado = (statusDetail: string) => json({ mensaje: RECHAZOS_YAPE[statusDetail], status_detail: statusDetail, idVenta: 41 }, 402);

describe('Yape at /procesoDePago', () => {
  it('is offered only when GET /carrito/yape says so', async () => {
    await open({ disponibilidad: { disponible: false, maximo: 2000, prueba: false } });
    expect(radio('mercadopago')).not.toBeNull();
    expect(radio('yape')).toBeNull();
    expect(container.textContent).not.toContain('Plin');
    act(() => root.unmount());

    await open({ disponibilidad: new TypeError('Failed to fetch') });
    expect(radio('yape')).toBeNull();
    act(() => root.unmount());

    await open();
    expect(radio('yape')).not.toBeNull();
    expect(radio('yape')!.disabled).toBe(false);
    expect(radio('yape')!.closest('label')!.textContent).toContain('Paga con tu celular y el código de aprobación de tu app Yape.');
    expect(container.textContent).not.toContain('Plin');
    expect(container.textContent).not.toContain(MENSAJES_YAPE.montoMaximo);
  });

  it('offers no bank transfer while GET /carrito/metodos-pago does not name it (issue 34)', async () => {
    await open();
    expect([...container.querySelectorAll<HTMLInputElement>('input[name="metodo-pago"]')].map((input) => input.value)).toEqual([
      'mercadopago',
      'yape',
    ]);
    expect(container.textContent).not.toContain('Transferencia bancaria');
    expect(container.textContent).not.toContain('Reservamos tu pedido hasta 24 horas');
    act(() => root.unmount());

    await open({ metodos: new TypeError('Failed to fetch') });
    expect(radio('transferencia')).toBeNull();
    expect(radio('mercadopago')).not.toBeNull();
    act(() => root.unmount());

    // The day the server completes transfers, naming it is all the checkout needs.
    await open({ metodos: { metodos: ['mercadopago', 'yape', 'transferencia', 'plin'] } });
    expect(radio('transferencia')!.closest('label')!.textContent).toContain('Transferencia bancaria');
    expect(container.textContent).not.toContain('Plin');
  });

  it('is disabled above S/ 2,000, with the message beside it', async () => {
    await open({ precio: 2000.1 });
    expect(radio('yape')!.disabled).toBe(true);
    const message = container.querySelector('[data-testid="yape-maximo"]')!;
    expect(message.textContent!.replace(/\u00a0/g, ' ')).toBe(MENSAJES_YAPE.montoMaximo);
    expect(radio('yape')!.getAttribute('aria-describedby')).toContain(message.id);
    expect(container.querySelector('[data-testid="panel-yape"]')).toBeNull();
    act(() => root.unmount());

    // S/ 2,000.00 exactly is still taken.
    await open({ precio: 2000 });
    expect(radio('yape')!.disabled).toBe(false);
  });

  it('shows its panel with the fields, the help line, the amount and its own button', async () => {
    await open();
    expect(payButton().textContent).toBe('Pagar ahora');
    choose('yape');
    const celular = field('Celular de tu Yape');
    const codigo = field('Código de aprobación');
    expect(celular.inputMode).toBe('numeric');
    expect(celular.getAttribute('autocomplete')).toBe('tel-national');
    expect(celular.maxLength).toBe(9);
    expect(codigo.inputMode).toBe('numeric');
    expect(codigo.getAttribute('autocomplete')).toBe('one-time-code');
    expect(codigo.maxLength).toBe(6);
    expect(describedBy(codigo)).toEqual([MENSAJES_YAPE.ayuda]);
    expect(container.querySelector('[data-testid="monto-yape"]')!.textContent).toBe('Monto a pagar: S/ 44.90');
    expect(payButton().textContent).toBe('Pagar con Yape');
    choose('mercadopago');
    expect(container.querySelector('[data-testid="panel-yape"]')).toBeNull();
    expect(payButton().textContent).toBe('Pagar ahora');
  });

  it('keeps digits only as typed or pasted', async () => {
    await open();
    choose('yape');
    type(field('Celular de tu Yape'), '987 65a4-321');
    expect(field('Celular de tu Yape').value).toBe('987654321');
    const codigo = field('Código de aprobación');
    const paste = new Event('paste', { bubbles: true, cancelable: true }) as Event & { clipboardData: unknown };
    paste.clipboardData = { getData: () => ' 123 456 ' };
    act(() => void codigo.dispatchEvent(paste));
    expect(paste.defaultPrevented).toBe(true);
    expect(field('Código de aprobación').value).toBe('123456');
  });

  it('checks the fields when left and when paying, with the messages under them', async () => {
    const calls = await open();
    choose('yape');
    const celular = field('Celular de tu Yape');
    leave(celular);
    expect(celular.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(celular)).toEqual([MENSAJES_YAPE.faltaCelular]);
    type(celular, '812345678');
    expect(describedBy(celular)).toEqual([MENSAJES_YAPE.celular]);
    type(celular, '912345678');
    expect(celular.getAttribute('aria-invalid')).toBeNull();
    expect(describedBy(celular)).toEqual([]);

    type(field('Código de aprobación'), '123');
    await pay();
    const codigo = field('Código de aprobación');
    expect(describedBy(codigo)).toEqual([MENSAJES_YAPE.ayuda, MENSAJES_YAPE.codigo]);
    expect(codigo.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(codigo);
    expect(yapeCalls(calls)).toHaveLength(0);
  });

  it('takes Mercado Pago’s test phones only in the pago de prueba', async () => {
    const calls = await open({ disponibilidad: { disponible: true, maximo: 2000, prueba: false } });
    choose('yape');
    type(field('Celular de tu Yape'), '111111111');
    type(field('Código de aprobación'), '123456');
    await pay();
    expect(describedBy(field('Celular de tu Yape'))).toEqual([MENSAJES_YAPE.celular]);
    expect(yapeCalls(calls)).toHaveLength(0);
  });

  it('sends create-preference’s body with the Yape fields and goes to /success when approved', async () => {
    const calls = await open({ pagos: [json(aprobado)] });
    choose('yape');
    type(field('Celular de tu Yape'), '111111111');
    type(field('Código de aprobación'), '123456');
    await act(async () => payButton().click());
    await until(() => assign.mock.calls.length > 0);
    expect(assign).toHaveBeenCalledWith(aprobado.redirect);
    const [sent] = yapeCalls(calls);
    const { yape, ...body } = sent!.body as { yape: { celular: string; codigo: string; intento: string } };
    // Exactly the body create-preference would get: the customer, their document and the boleta asked for.
    expect(body).toEqual(preferenceBody(payloadOf(44.9), 3, cliente, { tipo: 'boleta' }));
    expect(yape).toEqual({ celular: '111111111', codigo: '123456', intento: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(sent!.headers.Authorization).toBe('Bearer ' + $token.get());
    expect(sent!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing typed is kept by the browser.
    const stored = JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage });
    expect(stored).not.toContain('111111111');
    expect(stored).not.toContain('123456');
  });

  it('after a rejection shows why, clears the code, keeps the phone, and retries the same order with a new intento', async () => {
    const calls = await open({ pagos: [rechazado('cc_rejected_call_for_authorize'), json(aprobado)] });
    choose('yape');
    type(field('Celular de tu Yape'), '111111112');
    type(field('Código de aprobación'), '123456');
    await pay();
    const alert = container.querySelector('[data-testid="rechazo-yape"]')!;
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe(RECHAZOS_YAPE.cc_rejected_call_for_authorize);
    expect(field('Celular de tu Yape').value).toBe('111111112');
    expect(field('Código de aprobación').value).toBe('');
    await until(() => document.activeElement === field('Código de aprobación'));
    expect(document.activeElement).toBe(field('Código de aprobación'));
    expect(assign).not.toHaveBeenCalled();
    expect(showAlert).not.toHaveBeenCalled();

    // Paying again without a new code is stopped in the page.
    await pay();
    expect(yapeCalls(calls)).toHaveLength(1);
    expect(describedBy(field('Código de aprobación'))).toContain(MENSAJES_YAPE.faltaCodigo);

    type(field('Celular de tu Yape'), '111111111');
    type(field('Código de aprobación'), '654321');
    await act(async () => payButton().click());
    await until(() => assign.mock.calls.length > 0);
    expect(assign).toHaveBeenCalledWith(aprobado.redirect);
    const [first, second] = yapeCalls(calls) as [Call, Call];
    expect(second.headers['Idempotency-Key']).toBe(first.headers['Idempotency-Key']);
    const yapeOf = (call: Call) => (call.body as { yape: { celular: string; codigo: string; intento: string } }).yape;
    expect(yapeOf(second).intento).not.toBe(yapeOf(first).intento);
    expect(yapeOf(second)).toMatchObject({ celular: '111111111', codigo: '654321' });
    expect(container.querySelector('[data-testid="rechazo-yape"]')).toBeNull();
  });

  it('resends a submission lost on the network as it was, and uses a new key for a different checkout', async () => {
    const calls = await open({
      pagos: [new TypeError('Failed to fetch'), rechazado('cc_rejected_max_attempts'), rechazado('cc_rejected_max_attempts')],
    });
    choose('yape');
    type(field('Celular de tu Yape'), '111111116');
    type(field('Código de aprobación'), '123456');
    await pay();
    await until(() => yapeCalls(calls).length === 2);
    const [lost, resent] = yapeCalls(calls) as [Call, Call];
    expect(resent.body).toEqual(lost.body);
    expect(resent.headers['Idempotency-Key']).toBe(lost.headers['Idempotency-Key']);
    expect(container.querySelector('[data-testid="rechazo-yape"]')!.textContent).toBe(RECHAZOS_YAPE.cc_rejected_max_attempts);

    // A factura instead of the boleta is another order: another key.
    act(() => container.querySelector<HTMLInputElement>('input[name="comprobante"][value="factura"]')!.click());
    type(field('RUC'), '20131312955');
    type(field('Razón social'), 'Botica Sol S.A.C.');
    type(field('Dirección fiscal'), 'Jr. Lampa 100, Lima');
    type(field('Código de aprobación'), '123456');
    await pay();
    const third = yapeCalls(calls)[2]!;
    expect(third.headers['Idempotency-Key']).not.toBe(lost.headers['Idempotency-Key']);
  });

  it('shows a refused field under it, and alerts a server error as the Mercado Pago path does', async () => {
    const calls = await open({ pagos: [json({ mensaje: MENSAJES_YAPE.celular }, 400), json({ mensaje: 'Demasiados intentos.' }, 429)] });
    choose('yape');
    type(field('Celular de tu Yape'), '911111111');
    type(field('Código de aprobación'), '123456');
    await pay();
    expect(describedBy(field('Celular de tu Yape'))).toEqual([MENSAJES_YAPE.celular]);
    await pay();
    expect(yapeCalls(calls)).toHaveLength(2);
    expect(showAlert).toHaveBeenCalledWith(
      expect.objectContaining({ text: 'Error al procesar el pago: Demasiados intentos. Por favor intenta nuevamente.' }),
    );
    expect(field('Código de aprobación').value).toBe('123456');
  });
});
