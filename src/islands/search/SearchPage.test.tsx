// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/search?q=serum" }
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import SearchPage from './SearchPage.tsx';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** The product ids the stubbed Pagefind finds, best first, and the fragments fetched of them. */
const search = vi.hoisted(() => ({ ids: [] as number[], fetched: [] as number[] }));
vi.mock('../../components/search/pagefind.ts', async (importActual) => {
  const actual = await importActual<typeof import('../../components/search/pagefind.ts')>();
  const { pagefindResults } = await import('../../../tests/fixtures/pagefind.ts');
  return {
    ...actual,
    pagefindSearch: async () => {
      const { results, fetched } = pagefindResults(search.ids);
      search.fetched = fetched;
      return actual.hitsOf(results);
    },
  };
});

let root: Root;
let container: HTMLElement;
let urls: string[];
/** While set, the API holds its answers until it resolves. */
let held: Promise<void> | undefined;

beforeEach(() => {
  urls = [];
  // The API answers the ids asked, in its own order (by id), as /web/productos does.
  held = undefined;
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    await held;
    const ids = url
      .replace('/web/productos?ids=', '')
      .split(',')
      .map(Number)
      .sort((a, b) => a - b);
    return new Response(JSON.stringify(ids.map((id) => makeProducto({ idProducto: id, nombre: `Sérum ${id}` }))), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  container = document.body.appendChild(document.createElement('div'));
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

/** Lets the stubbed answers arrive and React render them, until `done` holds (about a second at most). */
async function until(done: () => boolean) {
  for (let tick = 0; tick < 100 && !done(); tick++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

const shownIds = () => [...container.querySelectorAll('.product-card')].map((card) => Number(card.getAttribute('data-product-id')));
const pageButton = (number: number) => container.querySelector<HTMLButtonElement>(`button[aria-label="Página ${number}"]`)!;

describe('SearchPage', () => {
  it("shows Pagefind's results in its order, fetching only the shown page's fragments and live products, never the catalogue", async () => {
    search.ids = Array.from({ length: 45 }, (_, index) => 100 - index);
    root = createRoot(container);
    await act(async () => root.render(<SearchPage />));
    await until(() => shownIds().length > 0);
    expect(container.querySelector('h1')?.textContent).toBe('Resultados de búsqueda para: "serum"');
    expect(container.querySelector('[data-testid="search-count"]')?.textContent).toBe('45 productos encontrados');
    expect(shownIds()).toEqual(search.ids.slice(0, 20));
    expect(search.fetched).toHaveLength(20);
    expect(urls).toEqual([`/web/productos?ids=${search.ids.slice(0, 20).join(',')}`]);

    let release = () => {};
    held = new Promise((resolve) => (release = resolve));
    await act(async () => pageButton(3).click());
    // The page number moves with its products, never ahead of them.
    expect(pageButton(1).getAttribute('aria-current')).toBe('page');
    expect(shownIds()).toEqual(search.ids.slice(0, 20));
    release();
    await until(() => shownIds().length === 5);
    expect(pageButton(3).getAttribute('aria-current')).toBe('page');
    expect(shownIds()).toEqual(search.ids.slice(40));
    expect(search.fetched).toHaveLength(25);
    expect(urls.at(-1)).toBe(`/web/productos?ids=${search.ids.slice(40).join(',')}`);
    expect(urls.some((url) => url.includes('listprod'))).toBe(false);
  });

  it("says 'No se encontraron productos.' when Pagefind finds nothing", async () => {
    search.ids = [];
    root = createRoot(container);
    await act(async () => root.render(<SearchPage />));
    await until(() => container.textContent?.includes('No se encontraron productos.') ?? false);
    expect(container.textContent).toContain('No se encontraron productos.');
    expect(urls).toEqual([]);
  });
});
