// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/categoria/Manos" }
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { toCard } from '../../lib/catalogue/listing-state.ts';
import type { ListingSource } from '../../lib/catalogue/selection.ts';
import ListingBrowser from './ListingBrowser.tsx';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** Products 1…count as the build embedded them, S/ 50 each. */
const listing = (count: number) => Array.from({ length: count }, (_, index) => makeProducto({ idProducto: index + 1, nombre: `Producto ${index + 1}`, precio: 50 }));

let root: Root;
let container: HTMLElement;
let urls: string[];
let logged: MockInstance<typeof console.error>;

/** The API: `/web/productos?ids=` answers those ids through `live`; a paged search answers products 1000+ of that page. */
function stubApi(live: (id: number) => Producto | undefined = (id) => makeProducto({ idProducto: id, nombre: `Producto ${id}`, precio: 50 })) {
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    const ids = /^\/web\/productos\?ids=([\d,]+)$/.exec(url);
    const paged = /^\/web\/searchCat\/[^?]+\?pagina=(\d+)&porPagina=(\d+)$/.exec(url);
    const body = ids
      ? ids[1]!.split(',').flatMap((id) => live(Number(id)) ?? [])
      : paged
        ? { id: 1, mensaje: [makeProducto({ idProducto: 1000 + Number(paged[1]), nombre: `Página ${paged[1]}` })], total: 65, pagina: Number(paged[1]), porPagina: Number(paged[2]) }
        : { mensaje: 'No encontrado' };
    return new Response(JSON.stringify(body), { status: ids || paged ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
  });
}

/** Lets the stubbed answers arrive and React render them, until `done` holds (about a second at most). */
async function until(done: () => boolean) {
  for (let tick = 0; tick < 100 && !done(); tick++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

async function render(productos: Producto[], total: number, source: ListingSource) {
  root = createRoot(container);
  await act(async () => root.render(<ListingBrowser productos={productos.map(toCard)} total={total} source={source} title="Manos" />));
}

const shownIds = () => [...container.querySelectorAll('.product-card')].map((card) => Number(card.getAttribute('data-product-id')));
const priceOf = (id: number) => container.querySelector(`.product-card[data-product-id="${id}"] .product-card__price`)?.textContent;
const next = () => [...container.querySelectorAll('button')].find((button) => button.textContent?.includes('Siguiente'))!;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

beforeEach(() => {
  urls = [];
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  container = document.body.appendChild(document.createElement('div'));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('ListingBrowser', () => {
  it('asks live prices and stock for the cards on screen only, page by page, never the whole catalogue', async () => {
    stubApi((id) => makeProducto({ idProducto: id, nombre: `Producto ${id}`, precio: id === 3 ? 123.45 : 50 }));
    await render(listing(45), 45, { kind: 'child', name: 'Manos' });
    await until(() => priceOf(3) === 'S/ 123.45');
    expect(priceOf(3)).toBe('S/ 123.45');
    expect(urls).toEqual([`/web/productos?ids=${range(1, 20).join(',')}`]);
    await act(async () => next().click());
    await until(() => urls.length === 2);
    expect(shownIds()).toEqual(range(21, 40));
    expect(urls[1]).toBe(`/web/productos?ids=${range(21, 40).join(',')}`);
    expect(urls.some((url) => url.includes('listprod'))).toBe(false);
  });

  it('drops a product the API no longer has, and keeps the cards when the call fails', async () => {
    stubApi((id) => (id === 2 ? undefined : makeProducto({ idProducto: id, nombre: `Producto ${id}` })));
    await render(listing(3), 3, { kind: 'child', name: 'Manos' });
    await until(() => shownIds().length === 2);
    expect(shownIds()).toEqual([1, 3]);
    act(() => root.unmount());

    vi.stubGlobal('fetch', async () => new Response('{}', { status: 500 }));
    await render(listing(3), 3, { kind: 'child', name: 'Manos' });
    await until(() => logged.mock.calls.length > 0);
    expect(shownIds()).toEqual([1, 2, 3]);
  });

  it('asks the later pages of a long listing a page at a time from the paged search call', async () => {
    stubApi();
    await render(listing(40), 65, { kind: 'categoria', name: 'Cuidado' });
    await until(() => urls.length === 1);
    await act(async () => next().click());
    await act(async () => next().click());
    await until(() => shownIds().length === 1);
    expect(shownIds()).toEqual([1003]);
    expect(urls.at(-1)).toBe('/web/searchCat/Cuidado?pagina=3&porPagina=20');
    expect(container.querySelector('[data-testid="listing-count"]')?.textContent).toBe('65 productos');
    expect(urls.some((url) => url.includes('listprod'))).toBe(false);
  });
});
