// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/categoria/Manos" }
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { brandsPresent, priceBounds } from '../../lib/catalogue/listing.ts';
import { toCard } from '../../lib/catalogue/listing-state.ts';
import type { ListingSource } from '../../lib/catalogue/selection.ts';
import ListingBrowser from './ListingBrowser.tsx';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** Products 1…count as the build embedded them, S/ 50 each. */
const listing = (count: number) =>
  Array.from({ length: count }, (_, index) => makeProducto({ idProducto: index + 1, nombre: `Producto ${index + 1}`, precio: 50 }));

let root: Root;
let container: HTMLElement;
let urls: string[];
let logged: MockInstance<typeof console.error>;

/**
 * The API: `/web/productos?ids=` answers those ids through `live`; `/web/listado` answers one product,
 * 1000 + the page asked, of 65 found in a listing of 80 with two brands.
 */
function stubApi(
  live: (id: number) => Producto | undefined = (id) => makeProducto({ idProducto: id, nombre: `Producto ${id}`, precio: 50 }),
) {
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    const ids = /^\/web\/productos\?ids=([\d,]+)$/.exec(url);
    const listado = url.startsWith('/web/listado?') ? new URL(url, 'http://localhost').searchParams : undefined;
    const pagina = Number(listado?.get('pagina'));
    const body = ids
      ? ids[1]!.split(',').flatMap((id) => live(Number(id)) ?? [])
      : listado
        ? {
            id: 1,
            mensaje: [makeProducto({ idProducto: 1000 + pagina, nombre: `Página ${pagina}` })],
            total: 65,
            totalListado: 80,
            pagina,
            porPagina: 20,
            marcas: ['Cosrx', 'Laneige'],
            precios: { min: 10, max: 90 },
          }
        : { mensaje: 'No encontrado' };
    return new Response(JSON.stringify(body), { status: ids || listado ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
  });
}

/** Lets the stubbed answers arrive and React render them, until `done` holds (about a second at most). */
async function until(done: () => boolean) {
  for (let tick = 0; tick < 100 && !done(); tick++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

/** The listing island as a page embeds it: its first page of `productos`, of `total`, and their brands unless `sinMarcas` (a big line). */
async function render(productos: Producto[], total: number, source: ListingSource, { sinMarcas = false } = {}) {
  root = createRoot(container);
  const firstPage = productos.slice(0, 20).map(toCard);
  await act(async () =>
    root.render(
      <ListingBrowser
        productos={firstPage}
        total={total}
        marcas={sinMarcas ? undefined : brandsPresent(productos)}
        precios={priceBounds(productos)}
        source={source}
        title="Manos"
      />,
    ),
  );
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

const select = () => container.querySelector('select')!;
const count = () => container.querySelector('[data-testid="listing-count"]')?.textContent;

describe('ListingBrowser', () => {
  it('asks live prices and stock for its embedded first page only, never the whole catalogue', async () => {
    stubApi((id) => makeProducto({ idProducto: id, nombre: `Producto ${id}`, precio: id === 3 ? 123.45 : 50 }));
    await render(listing(45), 45, { kind: 'child', name: 'Manos' });
    await until(() => priceOf(3) === 'S/ 123.45');
    expect(priceOf(3)).toBe('S/ 123.45');
    expect(urls).toEqual([`/web/productos?ids=${range(1, 20).join(',')}`]);
    expect(count()).toBe('45 productos');
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

  it('asks any later page of any listing from /web/listado, the special ones too', async () => {
    stubApi();
    await render(listing(45), 45, { kind: 'special', name: 'ofertas' });
    await until(() => urls.length === 1);
    await act(async () => next().click());
    await until(() => shownIds().includes(1002));
    expect(shownIds()).toEqual([1002]);
    expect(urls.at(-1)).toBe('/web/listado?tipo=special&nombre=ofertas&pagina=2&porPagina=20');
    // The API's answer is live already: no price refresh for it.
    expect(urls.filter((url) => url.startsWith('/web/productos'))).toHaveLength(1);
    expect(urls.some((url) => url.includes('listprod'))).toBe(false);
  });

  it('sorts and filters on the server, back to page 1, and offers the brands the API reports', async () => {
    stubApi();
    await render(listing(45), 45, { kind: 'categoria', name: 'Cuidado' });
    await act(async () => next().click());
    await until(() => shownIds().includes(1002));
    await act(async () => {
      select().value = 'precio-asc';
      select().dispatchEvent(new Event('change', { bubbles: true }));
    });
    await until(() => shownIds().includes(1001));
    expect(urls.at(-1)).toBe('/web/listado?tipo=categoria&nombre=Cuidado&pagina=1&porPagina=20&orden=precio-asc');
    const laneige = [...container.querySelectorAll('label')]
      .find((label) => label.textContent?.includes('Laneige'))!
      .querySelector('input')!;
    await act(async () => laneige.click());
    await until(() => urls.at(-1)!.includes('marca='));
    expect(urls.at(-1)).toBe('/web/listado?tipo=categoria&nombre=Cuidado&pagina=1&porPagina=20&orden=precio-asc&marca=Laneige');
    await until(() => count() === '65 de 80 productos');
    expect(count()).toBe('65 de 80 productos');

    // Taps in a row each build on the last (the rows share one handler and redraw only when their box changes).
    const box = (name: string) =>
      [...container.querySelectorAll('label')].find((label) => label.textContent === name)!.querySelector('input')!;
    await act(async () => box('Cosrx').click());
    await until(() => urls.at(-1)!.endsWith('&marca=Laneige&marca=Cosrx'));
    expect([box('Todas').checked, box('Laneige').checked, box('Cosrx').checked]).toEqual([false, true, true]);
    await act(async () => box('Laneige').click());
    await until(() => urls.at(-1)!.endsWith('orden=precio-asc&marca=Cosrx'));
    expect([box('Todas').checked, box('Laneige').checked, box('Cosrx').checked]).toEqual([false, false, true]);
    await act(async () => box('Todas').click());
    expect([box('Todas').checked, box('Laneige').checked, box('Cosrx').checked]).toEqual([true, false, false]);
  });

  it("asks a big line's brands of the API when its page holds none, keeping the page's own cards", async () => {
    stubApi();
    await render(listing(45), 45, { kind: 'categoria', name: 'Cuidado' }, { sinMarcas: true });
    const brands = () => [...container.querySelectorAll('.brand-filter label')].map((label) => label.textContent);
    await until(() => brands().length > 0);
    expect(brands()).toEqual(['Todas', 'Cosrx', 'Laneige']);
    expect(urls).toContain('/web/listado?tipo=categoria&nombre=Cuidado&pagina=1&porPagina=20');
    // The embedded first page stays; the listing's count is the answer's, live (the stub reports 80).
    expect(shownIds()).toEqual(range(1, 20));
    expect(count()).toBe('80 productos');
  });

  it('keeps the cards on screen, dimmed, while another page loads, and after a failed call', async () => {
    stubApi();
    const answer = globalThis.fetch;
    let release!: (ok: boolean) => void;
    vi.stubGlobal('fetch', async (url: string) => {
      if (!url.startsWith('/web/listado?')) return answer(url);
      urls.push(url);
      const ok = await new Promise<boolean>((resolve) => (release = resolve));
      return ok ? answer(url) : new Response('{}', { status: 500 });
    });
    await render(listing(45), 45, { kind: 'child', name: 'Manos' });
    const grid = () => container.querySelector('.product-grid');
    await act(async () => next().click());
    await until(() => urls.some((url) => url.startsWith('/web/listado')));
    // Asked and not answered: the first page stays, busy, and nothing blanks it.
    expect(shownIds()).toEqual(range(1, 20));
    expect(grid()?.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('.listing__message')).toBeNull();
    await act(async () => release(true));
    await until(() => shownIds().includes(1002));
    expect(shownIds()).toEqual([1002]);
    expect(grid()?.getAttribute('aria-busy')).toBe('false');

    await act(async () => next().click());
    await until(() => urls.at(-1)!.includes('pagina=3'));
    expect(shownIds()).toEqual([1002]);
    expect(grid()?.getAttribute('aria-busy')).toBe('true');
    await act(async () => release(false));
    await until(() => container.querySelector('[role="alert"]') !== null);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('No se pudo cargar el listado.');
    expect(shownIds()).toEqual([1002]);
    expect(grid()?.getAttribute('aria-busy')).toBe('false');
  });
});
