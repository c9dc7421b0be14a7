// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/producto/1-crema-hidratante" }
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json } from '../../../tests/fixtures/fetch.ts';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { forBuyBox } from '../../lib/product/buy-box.ts';
import { buyBoxHtml } from '../../lib/product/buy-box-html.ts';
import PreviewDetails from '../../islands/catalogue/PreviewDetails.tsx';
import { $cart } from '../../stores/cart.ts';
import { $user } from '../../stores/auth.ts';
import { initBuyBox } from './buy-box.ts';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
/** Every request the box made: [path, body]. */
let calls: [string, unknown][];

beforeEach(() => {
  container = document.body.appendChild(document.createElement('div'));
  calls = [];
  $cart.set([]);
  $user.set(null);
});
afterEach(() => {
  container.remove();
  vi.unstubAllGlobals();
});

/** GET /web/detailprod/{id} answers `live`; POST /api/avisos-stock answers `aviso` (status, body). */
function stubApi(live: Producto, aviso: [number, object] = [201, { mensaje: 'Te avisaremos cuando vuelva.' }]) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    calls.push([path, init?.body ? JSON.parse(String(init.body)) : undefined]);
    if (path.startsWith('/api/avisos-stock')) return json(aviso[1], aviso[0]);
    return json({ id: 1, mensaje: [live] });
  });
}

/** The box as the build writes it (the page's HTML), given its behaviour. */
function mount(built: Producto, live?: Producto) {
  stubApi(live ?? built);
  const box = container.appendChild(document.createElement('div'));
  box.className = 'buy-box';
  box.dataset.producto = JSON.stringify(forBuyBox(built));
  box.innerHTML = buyBoxHtml(forBuyBox(built));
  initBuyBox(box);
  return box;
}

async function until(done: () => boolean, ticks = 100) {
  for (let tick = 0; tick < ticks && !done(); tick++) await new Promise((resolve) => setTimeout(resolve, 10));
}

const button = (name: string) =>
  [...container.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent?.trim()) === name);
/** '¡Producto añadido al carrito!' opens a frame after the tap; 'Continuar comprando' closes it. */
async function continueShopping() {
  const find = () => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Continuar comprando');
  await until(() => !!find());
  expect(document.body.textContent).toContain('¡Producto añadido al carrito!');
  find()!.click();
}
const quantity = () => container.querySelector<HTMLInputElement>('input[type="number"]')!;
const errorLine = () => container.querySelector('.buy-box__error')!.textContent;
const type = (input: HTMLInputElement, value: string) => {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
};

/**
 * Storefront §2: 'Stock 0 means sold out: an AGOTADO overlay and disabled add buttons.' 'Avísame cuando llegue'
 * comes below the disabled button, not in its place.
 */
function expectSoldOut() {
  const add = button('Agregar al carrito');
  expect(add, 'Agregar al carrito').toBeDefined();
  expect(add!.disabled).toBe(true);
  expect(document.getElementById(add!.getAttribute('aria-describedby')!)?.textContent?.trim()).toBe('AGOTADO');
  const form = container.querySelector('form.aviso-stock')!;
  expect(form.querySelector('button[type="submit"]')!.textContent).toBe('Avísame cuando llegue');
  expect(add!.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
}

describe('a sold-out product', () => {
  it('keeps the buy box’s add button, disabled, with the Avísame form below it', async () => {
    mount(makeProducto({ stock: 0, stock_total: 4 }));
    expectSoldOut();
    expect(button('Comprar ahora')).toBeUndefined();
    expect(quantity().disabled).toBe(true);
  });

  it('turns the buy box so when the live stock says sold out after the page was built', async () => {
    const built = makeProducto({ stock: 5, stock_total: 5 });
    const box = mount(built, { ...built, stock: 0, stock_total: 0 });
    expect(button('Comprar ahora')).toBeDefined();
    await until(() => !!container.querySelector('form.aviso-stock'));
    expectSoldOut();
    expect(JSON.parse(box.dataset.producto!).stock).toBe(0);
  });

  it('shows the quick view’s add button disabled, with the same Avísame form below it', async () => {
    const root = createRoot(container);
    act(() => root.render(<PreviewDetails producto={makeProducto({ stock: 0 })} titleId="t" onAdd={() => {}} />));
    expectSoldOut();
    expect(button('Agotado')).toBeUndefined();
    expect(container.querySelector('form.aviso-stock')!.hasAttribute('data-listo')).toBe(true);
    act(() => root.unmount());
  });

  it('asks for a visitor’s e-mail, refuses a bad one in Spanish, and reads out the shop’s answer', async () => {
    mount(makeProducto({ stock: 0, stock_total: 0 }));
    const form = container.querySelector<HTMLFormElement>('form.aviso-stock')!;
    const status = form.querySelector('[role="status"]')!;
    form.requestSubmit();
    expect(status.textContent).toBe('Ingresa tu correo electrónico para avisarte.');
    type(form.querySelector('input[name="correo"]')!, 'ana@');
    form.requestSubmit();
    expect(status.textContent).toBe('Ingresa un correo electrónico válido.');
    expect(form.querySelector('input[name="correo"]')!.hasAttribute('aria-invalid')).toBe(true);
    expect(calls.filter(([path]) => path.startsWith('/api/avisos-stock'))).toEqual([]);
    type(form.querySelector('input[name="correo"]')!, 'ana@correo.pe');
    form.requestSubmit();
    await until(() => status.textContent === 'Te avisaremos cuando vuelva.');
    expect(status.textContent).toBe('Te avisaremos cuando vuelva.');
    expect(calls.find(([path]) => path.startsWith('/api/avisos-stock'))![1]).toEqual({ productoId: 1, correo: 'ana@correo.pe' });
    expect(form.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(true);
  });

  it('shows the server’s refusal and lets the shopper try again', async () => {
    const built = makeProducto({ stock: 0, stock_total: 0 });
    stubApi(built, [409, { mensaje: 'Este producto ya está disponible.' }]);
    const box = container.appendChild(document.createElement('div'));
    box.dataset.producto = JSON.stringify(forBuyBox(built));
    box.innerHTML = buyBoxHtml(forBuyBox(built));
    initBuyBox(box, { live: true });
    const form = container.querySelector<HTMLFormElement>('form.aviso-stock')!;
    type(form.querySelector('input[name="correo"]')!, 'ana@correo.pe');
    form.requestSubmit();
    const status = form.querySelector('[role="status"]')!;
    await until(() => status.textContent !== '');
    expect(status.textContent).toBe('Este producto ya está disponible.');
    expect(status.classList.contains('aviso-stock__respuesta--error')).toBe(true);
    expect(form.querySelector<HTMLButtonElement>('button[type="submit"]')!.disabled).toBe(false);
  });

  it('uses a signed-in customer’s address, following the session', async () => {
    mount(makeProducto({ stock: 0, stock_total: 0 }));
    const form = container.querySelector<HTMLFormElement>('form.aviso-stock')!;
    expect(form.querySelector('input[name="correo"]')).not.toBeNull();
    $user.set({ idUsuario: 7, correo: 'rosa@correo.pe', nombre: 'Rosa', telefono: '', direccion: '' } as never);
    expect(form.querySelector('input[name="correo"]')).toBeNull();
    expect(form.textContent).toContain('Te escribiremos a rosa@correo.pe.');
    $user.set(null);
    expect(form.querySelector('input[name="correo"]')).not.toBeNull();
  });
});

describe('a product in stock', () => {
  it('sells as before: both buttons enabled, no form; adds the chosen quantity to the cart store', async () => {
    mount(makeProducto({ stock: 3, stock_total: 3 }));
    expect(button('Agregar al carrito')!.disabled).toBe(false);
    expect(button('Comprar ahora')!.disabled).toBe(false);
    expect(container.querySelector('form.aviso-stock')).toBeNull();
    button('Aumentar cantidad')!.click();
    expect(quantity().value).toBe('2');
    button('Agregar al carrito')!.click();
    expect($cart.get()).toMatchObject([{ idProducto: 1, cantidad: 2 }]);
    await continueShopping();
  });

  it('caps the quantity at the stock, and answers §5’s messages for a bad quantity', async () => {
    mount(makeProducto({ stock: 2, stock_total: 2 }));
    button('Aumentar cantidad')!.click();
    expect(quantity().value).toBe('2');
    expect(button('Aumentar cantidad')!.disabled).toBe(true);
    button('Disminuir cantidad')!.click();
    button('Disminuir cantidad')!.click();
    expect(quantity().value).toBe('1');
    expect(button('Disminuir cantidad')!.disabled).toBe(true);
    type(quantity(), '5');
    button('Agregar al carrito')!.click();
    expect(errorLine()).toBe('Solo tenemos 2 unidad(es) disponibles.');
    type(quantity(), 'abc');
    expect(errorLine()).toBe('');
    button('Comprar ahora')!.click();
    expect(errorLine()).toBe('Ingresa una cantidad válida.');
    expect($cart.get()).toEqual([]);
  });

  it('asks for a colour and a size when there are several, and adds the chosen ones', async () => {
    mount(makeProducto({ colores: 'Rojo,Rosa', tamaños: '50 ml,100 ml' }));
    button('Agregar al carrito')!.click();
    expect(errorLine()).toBe('Debes elegir un color.');
    const rosa = container.querySelector<HTMLInputElement>('input[value="Rosa"]')!;
    rosa.click();
    expect(errorLine()).toBe('');
    expect(rosa.closest('fieldset')!.querySelector('legend')!.textContent).toBe('Color: Rosa');
    button('Agregar al carrito')!.click();
    expect(errorLine()).toBe('Debes elegir un tamaño.');
    container.querySelector<HTMLInputElement>('input[value="100 ml"]')!.click();
    button('Agregar al carrito')!.click();
    expect(errorLine()).toBe('');
    expect($cart.get()).toMatchObject([{ idProducto: 1, selectedColor: 'Rosa', selectedSize: '100 ml', cantidad: 1 }]);
    await continueShopping();
  });

  it('draws the live price and keeps the shopper’s choice and focus', async () => {
    const built = makeProducto({ colores: 'Rojo,Rosa', stock: 9, stock_total: 9 });
    const box = mount(built, { ...built, precio: 80, stock: 4, stock_total: 4 });
    container.querySelector<HTMLInputElement>('input[value="Rosa"]')!.click();
    type(quantity(), '6');
    quantity().focus();
    await until(() => box.querySelector('[data-testid="precio"]')!.textContent!.includes('80'));
    expect(box.querySelector('[data-testid="precio"]')!.textContent).toContain('80');
    expect(container.querySelector<HTMLInputElement>('input[value="Rosa"]')!.checked).toBe(true);
    expect(quantity().value).toBe('4');
    expect(document.activeElement, document.activeElement?.outerHTML).toBe(quantity());
    expect(box.querySelector('.stock-pill--in')!.textContent).toContain('4 unidad(es) disponibles');
  });

  it('shows a presale with its arrival date', () => {
    mount(makeProducto({ newores: 'Preventa', fechaLlegada: '2026-12-20' }));
    expect(container.querySelector('.stock-pill--presale')!.textContent).toMatch(/^Pedido anticipado · Llegada estimada: /);
    expect(button('Agregar al carrito')!.disabled).toBe(false);
  });

  it('writes catalogue text as text, never as markup', () => {
    mount(makeProducto({ colores: '<img src=x onerror=alert(1)>,Rosa' }));
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector<HTMLInputElement>('input[type="radio"]')!.value).toBe('<img src=x onerror=alert(1)>');
  });
});
