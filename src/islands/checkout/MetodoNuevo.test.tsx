// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/procesoDePago" }
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi, type MockInstance } from 'vitest';
import { jsonResponse as json } from '../../../tests/fixtures/fetch.ts';
import { BILLETERA } from '../../../tests/fixtures/metodo-billetera/lista.ts';
import { PIN_INCOMPLETO, usePanelBilletera } from '../../../tests/fixtures/metodo-billetera/PanelBilletera.tsx';
import { unsignedToken } from '../../../tests/fixtures/session.ts';
import { METODOS_PAGO } from '../../lib/api/metodos-pago.ts';
import { buildCheckoutPayload } from '../../lib/cart/checkout-payload.ts';
import type { CartLine } from '../../lib/cart/lines.ts';
import { metodosOfrecidos } from '../../lib/checkout/pay-steps.ts';
import { PUNTOS_RECOJO } from '../../lib/shipping/methods.ts';
import { $token, startSession } from '../../stores/auth.ts';
import { clearCheckout, saveCheckoutPayload } from '../../stores/checkout.ts';
import CheckoutSummary from './CheckoutSummary.tsx';
import PaymentMethods from './PaymentMethods.tsx';
import type { PanelDePago } from './panel-de-pago.ts';
import { useCheckout } from './useCheckout.ts';

vi.mock('../../ui/alerts.ts', () => ({ showAlert: vi.fn(async () => true) }));

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Issue 35: a fourth payment method's island file (tests/fixtures/metodo-billetera/PanelBilletera.tsx),
 * handed to the checkout's seam beside the shared list, is offered, shows its panel once chosen, names the
 * pay button, and is the one that pays: no checkout file knows it.
 */
function Checkout({ precio }: { precio: number }) {
  const paneles: Record<string, PanelDePago> = { [BILLETERA.id]: usePanelBilletera() };
  const checkout = useCheckout(() => true, paneles);
  if (!checkout.payload) return null;
  const metodos = metodosOfrecidos([BILLETERA.id], checkout.ofertas, [...METODOS_PAGO, BILLETERA]);
  return (
    <CheckoutSummary
      payload={checkout.payload}
      precios={checkout.precios}
      metodo={metodos.find((opcion) => opcion.id === checkout.metodo) ?? null}
      processing={checkout.processing}
      onPay={() => void checkout.pay()}
      methods={
        <PaymentMethods
          metodos={metodos}
          metodo={checkout.metodo}
          onChange={checkout.setMetodo}
          disabled={checkout.processing}
          ofertas={checkout.ofertas}
          panel={(id) => paneles[id]?.campos(precio)}
        />
      }
    />
  );
}

function payloadOf(precio: number) {
  const line = {
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
  } satisfies CartLine;
  return buildCheckoutPayload({ lines: [line], user: null, metodo: PUNTOS_RECOJO[0]!.metodo, shipping: null, applied: null });
}

let root: Root;
let container: HTMLElement;
let assign: MockInstance<Location['assign']>;
let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  assign = vi.spyOn(location, 'assign').mockImplementation(() => {});
  container = document.body.appendChild(document.createElement('div'));
  startSession(unsignedToken());
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, body: init.body === undefined ? undefined : JSON.parse(String(init.body)) });
    if (url.startsWith('/carrito/cotizar/'))
      return json({
        productos: [{ id: 7, nombre: 'Tónico de arroz', precio: 30, precio_unitario: 30, precio_con_descuento: 30, cantidad: 1 }],
        subtotal: 30,
        descuento: 0,
        envio: 0,
        total: 30,
        envioGratis: false,
        cupon: null,
        metodo_envio: PUNTOS_RECOJO[0]!.metodo,
        direccion: '',
      });
    if (url.endsWith('/pagar')) return json({ aplicado: 'aprobado', payment_id: '9' });
    if (url.startsWith('/carrito/billetera/')) return json({ idVenta: 41, preferenciaId: null, urlPago: '/procesoDePago' });
    if (method === 'GET')
      return json([
        {
          id: 1,
          idUsuario: 3,
          nombre: 'Ana',
          apellido: 'Quispe',
          usuario: 'anaq',
          correo: 'a@x.pe',
          telefono: '987654321',
          ciudad: 'Lima',
          direccion: '',
          dni: '44556677',
          pasaporte: '',
          carnetExtranjeria: '',
        },
      ]);
    throw new Error(`llamada inesperada ${method} ${url}`);
  });
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

async function until(done: () => boolean, ticks = 100) {
  for (let tick = 0; tick < ticks && !done(); tick++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

async function open(precio: number) {
  saveCheckoutPayload(payloadOf(precio));
  root = createRoot(container);
  act(() => root.render(<Checkout precio={precio} />));
  await until(
    () =>
      container.querySelector(`input[value="${BILLETERA.id}"]`) !== null && calls.some((call) => call.url.startsWith('/carrito/cotizar/')),
  );
}

const radio = () => container.querySelector<HTMLInputElement>(`input[value="${BILLETERA.id}"]`)!;
const button = () => [...container.querySelectorAll('button')].find((b) => b.classList.contains('co-summary__pay'))!;

it('offers the new method, shows its panel once chosen, and pays with it on the page', async () => {
  await open(30);
  expect(radio().disabled).toBe(false);
  expect(container.querySelector('[data-testid="panel-billetera"]')).toBeNull();
  act(() => radio().click());
  expect(container.querySelector('[data-testid="panel-billetera"]')!.textContent).toContain('Monto a pagar');
  expect(button().textContent).toBe(BILLETERA.botonPagar);
  expect(container.textContent).toContain(BILLETERA.nota);

  // Its own check stops the pay button before any call.
  await act(async () => button().click());
  expect(container.querySelector('[role="alert"]')!.textContent).toBe(PIN_INCOMPLETO);
  expect(calls.some((call) => call.url.startsWith('/carrito/billetera/'))).toBe(false);

  const pin = container.querySelector<HTMLInputElement>('[data-testid="panel-billetera"] input')!;
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(pin, '1234');
    pin.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => button().click());
  await until(() => assign.mock.calls.length > 0);
  expect(calls.filter((call) => call.method === 'POST' && call.url.startsWith('/carrito/billetera/')).map((call) => call.url)).toEqual([
    '/carrito/billetera/3',
    '/carrito/billetera/3/pagar',
  ]);
  expect(assign).toHaveBeenCalledWith('/success?external_reference=41');
  // Checkout Pro's call was never made.
  expect(calls.some((call) => call.url.startsWith('/carrito/create-preference/'))).toBe(false);
});

it('lists it disabled above its own ceiling, with its own message', async () => {
  await open(80);
  expect(radio().disabled).toBe(true);
  expect(container.querySelector(`[data-testid="${BILLETERA.id}-maximo"]`)!.textContent).toBe(
    BILLETERA.mensajeMaximo.replace('S/ ', 'S/\u00a0'),
  );
});
