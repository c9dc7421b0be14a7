// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/producto/1-crema-hidratante" }
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json } from '../../../tests/fixtures/fetch.ts';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { forBuyBox } from '../../lib/product/buy-box.ts';
import PreviewDetails from '../catalogue/PreviewDetails.tsx';
import BuyBox from './BuyBox.tsx';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLElement;

beforeEach(() => {
  container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

/** GET /web/detailprod/{id} answers `live`. */
const stubDetail = (live: Producto) => vi.stubGlobal('fetch', async () => json({ id: 1, mensaje: [live] }));

/** Lets the stubbed answers arrive and React render them, until `done` holds. */
async function until(done: () => boolean, ticks = 100) {
  for (let tick = 0; tick < ticks && !done(); tick++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

const button = (name: string) => [...container.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);

/**
 * Storefront §2: 'Stock 0 means sold out: an AGOTADO overlay and disabled add buttons.' Issue 25's
 * 'Avísame cuando llegue' form comes below the disabled button, not in its place (issue 34).
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
    const agotado = makeProducto({ stock: 0, stock_total: 4 });
    stubDetail(agotado);
    act(() => root.render(<BuyBox producto={forBuyBox(agotado)} />));
    await until(() => false, 3);
    expectSoldOut();
    expect(button('Comprar ahora')).toBeUndefined();
  });

  it('turns the buy box so when the live stock says sold out after the page was built', async () => {
    const built = makeProducto({ stock: 5, stock_total: 5 });
    stubDetail({ ...built, stock: 0, stock_total: 0 });
    act(() => root.render(<BuyBox producto={forBuyBox(built)} />));
    await until(() => !!container.querySelector('form.aviso-stock'));
    expectSoldOut();
  });

  it('shows the quick view’s add button disabled, with the Avísame form below it', () => {
    act(() => root.render(<PreviewDetails producto={makeProducto({ stock: 0 })} titleId="t" onAdd={() => {}} />));
    expectSoldOut();
    expect(button('Agotado')).toBeUndefined();
  });

  it('in stock, sells as before: both buttons enabled, no form', async () => {
    const producto = makeProducto();
    stubDetail(producto);
    act(() => root.render(<BuyBox producto={forBuyBox(producto)} />));
    await until(() => false, 3);
    expect(button('Agregar al carrito')!.disabled).toBe(false);
    expect(button('Comprar ahora')!.disabled).toBe(false);
    expect(container.querySelector('form.aviso-stock')).toBeNull();
  });
});
