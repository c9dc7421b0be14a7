// @vitest-environment happy-dom
// @vitest-environment-options { "url": "http://localhost/search?q=serum" }
import { act, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buscarAnswer } from '../../../tests/fixtures/buscar.ts';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import type { PagefindHits } from '../../components/search/pagefind.ts';
import type { BusquedaInicial } from '../../lib/catalogue/search.ts';
import { searchPageHtml } from '../../server/catalogue/search-page.ts';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/**
 * The stubbed Pagefind: the product ids it finds, best first, and the fragments fetched of them. Like the real one,
 * a query asked again (the page's script, then its island) is the same search; while `gate` is pending it has not
 * answered yet.
 */
const search = vi.hoisted(() => ({
  ids: [] as number[],
  fetched: [] as number[],
  hits: undefined as Promise<PagefindHits> | undefined,
  gate: undefined as Promise<void> | undefined,
}));
vi.mock('../../components/search/pagefind.ts', async (importActual) => {
  const actual = await importActual<typeof import('../../components/search/pagefind.ts')>();
  const { pagefindResults } = await import('../../../tests/fixtures/pagefind.ts');
  return {
    ...actual,
    pagefindSearch: (query: string) => {
      expect(query).toBe('serum');
      search.hits ??= (async () => {
        await search.gate;
        const { results, fetched } = pagefindResults(search.ids);
        search.fetched = fetched;
        return actual.hitsOf(results);
      })();
      return search.hits;
    },
  };
});

const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);

/**
 * The stubbed catalogue: ids 1 to `specTotal` are named "Sérum N", the spec's matches for "serum" (by id, as
 * `/web/buscar` answers them); other ids (1001…) "Tónico N", which only Pagefind finds (by description, say).
 * `/web/productos` answers the ids asked in its own order (by id). While `held` is set, the API holds its answers.
 */
let specTotal: number;
let buscarFails: boolean;
let held: Promise<void> | undefined;
let urls: string[];
const producto = (id: number) => makeProducto({ idProducto: id, nombre: id <= specTotal ? `Sérum ${id}` : `Tónico ${id}` });

let SearchPage: ComponentType;
let startSearch: (query: string, drawn: boolean) => void;
let root: Root | undefined;
/** What the test added to the page; `host` is the element the island renders into. */
let container: HTMLElement;
let host: HTMLElement;

beforeEach(async () => {
  // Each test is a fresh page load: the modules' memory of the last query starts empty.
  vi.resetModules();
  ({ default: SearchPage } = await import('./SearchPage.tsx'));
  ({ startSearch } = await import('../../components/search/spec-first.ts'));
  search.ids = [];
  search.fetched = [];
  search.hits = undefined;
  search.gate = undefined;
  specTotal = 0;
  buscarFails = false;
  held = undefined;
  urls = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    await held;
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/web/buscar') {
      if (buscarFails) return Response.json({ mensaje: 'Error interno' }, { status: 500 });
      return buscarAnswer(searchParams, specTotal, producto);
    }
    if (pathname === '/web/productos') {
      const ids = searchParams.get('ids')!.split(',').map(Number);
      return Response.json([...ids].sort((a, b) => a - b).map(producto));
    }
    return Response.json({ mensaje: 'No existe' }, { status: 404 });
  });
  container = host = document.body.appendChild(document.createElement('div'));
});

afterEach(() => {
  if (root) act(() => root!.unmount());
  root = undefined;
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Holds Pagefind's answer until the returned function is called. */
function holdPagefind(): () => void {
  let release = () => {};
  search.gate = new Promise((resolve) => (release = resolve));
  return release;
}

/** Holds the API's answers until the returned function is called. */
function holdApi(): () => void {
  let release = () => {};
  held = new Promise((resolve) => (release = resolve));
  return release;
}

/** Lets the stubbed answers arrive and React render them, until `done` holds (about a second at most). */
async function until(done: () => boolean) {
  for (let tick = 0; tick < 100 && !done(); tick++) await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
}
/** Lets whatever is pending settle (a few ticks), when the test checks that something did not happen. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

async function mount() {
  root = createRoot(host);
  await act(async () => root!.render(<SearchPage />));
}

const cardIds = (within: ParentNode) =>
  [...within.querySelectorAll('.product-card')].map((card) => Number(card.getAttribute('data-product-id')));
const shownIds = () => cardIds(host);
const countText = () => host.querySelector('[data-testid="search-count"]')?.textContent;
const pageButton = (number: number) => host.querySelector<HTMLButtonElement>(`button[aria-label="Página ${number}"]`);
const currentPage = () => Number(host.querySelector('button[aria-current="page"]')?.textContent);
const buscarUrls = () => urls.filter((url) => url.startsWith('/web/buscar'));
const buscarUrl = (pagina: number) => `/web/buscar?q=serum&pagina=${pagina}&porPagina=20`;
const productosUrl = (ids: readonly number[]) => `/web/productos?ids=${ids.join(',')}`;

/**
 * Pagefind's 45 results for "serum": the spec's 25 (ids 1…25) and 20 others (1001…1020), in an order of its own.
 * Its first 20 hold 5 of the spec's and the first 15 others.
 */
function pagefindOrder(): number[] {
  const first = [25, 24, 23, 22, 21].flatMap((spec, index) => [spec, ...range(1001 + index * 3, 3)]);
  return [...first, ...range(1, 10), 1016, 1017, ...range(11, 10), 1018, 1019, 1020];
}

/** The search page as the server sends it with `inicial` drawn (searchPageHtml), in `container`; `host` is its island. */
function drawPage(inicial: BusquedaInicial) {
  const shell =
    '<title>Resultados de búsqueda</title><svg><use href="/_astro/icons.Ab12_c.svg#lupa"></use></svg>' +
    '<div class="container search-shell" data-busqueda-shell><astro-island uid="s1" client="load"></astro-island></div>';
  const html = searchPageHtml(shell, inicial);
  expect(html).toBeDefined();
  container.innerHTML = html!;
  host = container.querySelector<HTMLElement>('astro-island')!;
  expect(host.hasAttribute('hidden')).toBe(true);
  return container.querySelector<HTMLElement>('[data-busqueda-servidor]')!;
}

describe('SearchPage without drawn results', () => {
  it("shows the spec's matches first, then Pagefind's others in its order, fetching only what each page needs", async () => {
    specTotal = 25;
    search.ids = pagefindOrder();
    const releasePagefind = holdPagefind();
    // The page's own script starts the searches; the island takes the same calls.
    startSearch('serum', false);
    await mount();
    await until(() => shownIds().length > 0);
    expect(host.querySelector('h1')?.textContent).toBe('Resultados de búsqueda para: "serum"');
    expect(shownIds()).toEqual(range(1, 20));
    // Until Pagefind answers, only the spec's matches are counted.
    expect(countText()).toBe('25 productos encontrados');
    expect(pageButton(3)).toBeNull();

    releasePagefind();
    await until(() => countText() === '45 productos encontrados');
    expect(countText()).toBe('45 productos encontrados');
    expect(pageButton(3)).not.toBeNull();
    expect(shownIds()).toEqual(range(1, 20));
    // One call for the spec's first page, shared by the script and the island; page 1 needed nothing of Pagefind's.
    expect(urls).toEqual([buscarUrl(1)]);
    expect(search.fetched).toEqual([]);

    await act(async () => pageButton(2)!.click());
    await until(() => currentPage() === 2);
    // The spec's tail, then the first 15 others in Pagefind's order.
    expect(shownIds()).toEqual([...range(21, 5), ...range(1001, 15)]);
    expect(urls).toEqual([buscarUrl(1), buscarUrl(2), productosUrl(search.ids.slice(0, 20))]);
    expect(search.fetched).toHaveLength(20);

    const releaseApi = holdApi();
    await act(async () => pageButton(3)!.click());
    // The page number moves with its products, never ahead of them.
    expect(currentPage()).toBe(2);
    expect(shownIds()).toEqual([...range(21, 5), ...range(1001, 15)]);
    releaseApi();
    await until(() => currentPage() === 3);
    expect(shownIds()).toEqual(range(1016, 5));
    expect(search.fetched).toHaveLength(45);
    expect(urls.slice(3)).toEqual([productosUrl(search.ids.slice(20))]);
    expect(urls.some((url) => url.includes('listprod'))).toBe(false);
  });

  it("says 'No se encontraron productos.' only once Pagefind has found nothing either", async () => {
    specTotal = 0;
    const releasePagefind = holdPagefind();
    await mount();
    await until(() => urls.length > 0);
    await settle();
    expect(urls).toEqual([buscarUrl(1)]);
    expect(host.textContent).toContain('Buscando productos…');
    expect(host.textContent).not.toContain('No se encontraron productos.');

    releasePagefind();
    await until(() => host.textContent.includes('No se encontraron productos.'));
    expect(host.textContent).toContain('No se encontraron productos.');
    expect(countText()).toBeUndefined();
    expect(urls).toEqual([buscarUrl(1)]);
  });

  it('shows the products only Pagefind finds when the spec finds none', async () => {
    specTotal = 0;
    search.ids = [1003, 1001, 1002];
    await mount();
    await until(() => shownIds().length > 0);
    expect(shownIds()).toEqual([1003, 1001, 1002]);
    expect(countText()).toBe('3 productos encontrados');
    expect(host.textContent).not.toContain('No se encontraron productos.');
  });

  it("falls back to Pagefind's results alone when the API's search fails, and logs it", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    buscarFails = true;
    specTotal = 3;
    search.ids = [1001, 3, 1002, 1, 2];
    await mount();
    await until(() => shownIds().length > 0);
    // Pagefind's order, spec matches and others mixed, as before the spec came first.
    expect(shownIds()).toEqual([1001, 3, 1002, 1, 2]);
    expect(countText()).toBe('5 productos encontrados');
    expect(error).toHaveBeenCalledWith('No se pudo buscar en el catálogo; se muestran los resultados de Pagefind', expect.anything());
    expect(urls).toEqual([buscarUrl(1), productosUrl([1001, 3, 1002, 1, 2])]);
  });
});

describe('SearchPage with the results the server drew', () => {
  const inicial = (): BusquedaInicial => ({ q: 'serum', total: specTotal, productos: range(1, 20).map(producto) });

  it('takes the drawn block’s place showing the same, without asking the API for it, and counts more once Pagefind answers', async () => {
    specTotal = 25;
    search.ids = pagefindOrder();
    const drawn = drawPage(inicial());
    const drawnCards = cardIds(drawn);
    const drawnCount = drawn.querySelector('.search-page__count')?.textContent;
    expect(drawnCards).toEqual(range(1, 20));
    expect(drawnCount).toBe('25 productos encontrados');
    // What the island shows at the moment the drawn block goes: it must already be the same.
    let atRemoval: { ids: number[]; count: string | null | undefined } | undefined;
    drawn.remove = () => {
      atRemoval = { ids: shownIds(), count: countText() };
      Element.prototype.remove.call(drawn);
    };

    const releasePagefind = holdPagefind();
    startSearch('serum', true);
    await mount();
    expect(atRemoval).toEqual({ ids: drawnCards, count: drawnCount });
    expect(container.querySelector('[data-busqueda-servidor]')).toBeNull();
    expect(host.hasAttribute('hidden')).toBe(false);
    expect(shownIds()).toEqual(drawnCards);
    expect(countText()).toBe(drawnCount);
    expect(currentPage()).toBe(1);
    await settle();
    expect(urls).toEqual([]);
    expect(countText()).toBe('25 productos encontrados');

    releasePagefind();
    await until(() => countText() === '45 productos encontrados');
    expect(countText()).toBe('45 productos encontrados');
    expect(shownIds()).toEqual(drawnCards);
    expect(urls).toEqual([]);

    // Past the drawn page the island asks the API's next page, never its first.
    await act(async () => pageButton(2)!.click());
    await until(() => currentPage() === 2);
    expect(shownIds()).toEqual([...range(21, 5), ...range(1001, 15)]);
    expect(buscarUrls()).toEqual([buscarUrl(2)]);
  });

  it('shows the drawn cards themselves, not a second render of them, and again back from another page', async () => {
    specTotal = 25;
    search.ids = pagefindOrder();
    const drawn = drawPage(inicial());
    const drawnItems = [...drawn.querySelectorAll('.search-page__grid > li')];
    const creating = vi.spyOn(document, 'createElement');
    startSearch('serum', true);
    await mount();
    await until(() => countText() === '45 productos encontrados');
    const shownItems = () => [...host.querySelectorAll('.search-page__grid > li')];
    expect(shownItems()).toHaveLength(20);
    shownItems().forEach((item, index) => expect(item).toBe(drawnItems[index]));
    expect(creating.mock.calls.filter(([name]) => name === 'article')).toEqual([]);

    await act(async () => pageButton(2)!.click());
    await until(() => currentPage() === 2);
    expect(shownItems().some((item) => drawnItems.includes(item))).toBe(false);
    await act(async () => pageButton(1)!.click());
    await until(() => currentPage() === 1);
    expect(shownIds()).toEqual(range(1, 20));
    shownItems().forEach((item, index) => expect(item).toBe(drawnItems[index]));
    expect(host.querySelectorAll('.search-page__grid')).toHaveLength(1);
  });

  it('keeps focus on the drawn card that had it', async () => {
    specTotal = 25;
    const drawn = drawPage(inicial());
    const link = drawn.querySelector<HTMLAnchorElement>('.product-card a[href]')!;
    link.focus();
    expect(document.activeElement).toBe(link);
    await mount();
    expect(host.contains(link)).toBe(true);
    expect(document.activeElement).toBe(link);
  });

  it('keeps what the shopper typed into the drawn form, and its focus', async () => {
    specTotal = 25;
    search.ids = pagefindOrder();
    const drawn = drawPage(inicial());
    const typed = drawn.querySelector<HTMLInputElement>('input[name="q"]')!;
    expect(typed.value).toBe('serum');
    typed.value = 'serum hidratante';
    typed.focus();
    expect(document.activeElement).toBe(typed);

    await mount();
    const field = host.querySelector<HTMLInputElement>('input[name="q"]')!;
    expect(field.value).toBe('serum hidratante');
    expect(document.activeElement).toBe(field);
  });

  it('keeps what the shopper typed into the drawn form while the island was rendering', async () => {
    specTotal = 25;
    search.ids = pagefindOrder();
    const drawn = drawPage(inicial());
    const typed = drawn.querySelector<HTMLInputElement>('input[name="q"]')!;
    // The island renders in slices (React makes its elements then): the shopper types meanwhile.
    const make = document.createElement.bind(document);
    const creating = vi.spyOn(document, 'createElement').mockImplementation(((name: string, options?: ElementCreationOptions) => {
      if (name === 'h1' && host.hasAttribute('hidden')) typed.value = 'serum de noche';
      return make(name, options);
    }) as typeof document.createElement);
    await mount();
    creating.mockRestore();
    expect(host.querySelector<HTMLInputElement>('input[name="q"]')!.value).toBe('serum de noche');
  });

  it('leaves focus alone when the drawn form did not have it', async () => {
    specTotal = 25;
    drawPage(inicial());
    const elsewhere = document.body.appendChild(document.createElement('button'));
    elsewhere.focus();
    await mount();
    expect(host.querySelector<HTMLInputElement>('input[name="q"]')!.value).toBe('serum');
    expect(document.activeElement).toBe(elsewhere);
    elsewhere.remove();
  });

  it("with no spec match drawn, asks nothing of the API and waits for Pagefind before saying there's nothing", async () => {
    specTotal = 0;
    drawPage({ q: 'serum', total: 0, productos: [] });
    const releasePagefind = holdPagefind();
    await mount();
    expect(container.querySelector('[data-busqueda-servidor]')).toBeNull();
    expect(host.textContent).toContain('Buscando productos…');
    await settle();
    expect(host.textContent).not.toContain('No se encontraron productos.');
    releasePagefind();
    await until(() => host.textContent.includes('No se encontraron productos.'));
    expect(host.textContent).toContain('No se encontraron productos.');
    expect(urls).toEqual([]);
  });

  it.each([
    ['another query', (script: HTMLElement) => script],
    [
      'unreadable JSON',
      (script: HTMLElement) => {
        script.textContent = '{"q":"serum","total":';
        return script;
      },
    ],
    [
      'JSON of another shape',
      (script: HTMLElement) => {
        script.textContent = JSON.stringify({ q: 'serum', total: 25 });
        return script;
      },
    ],
  ])('ignores drawn data for %s and asks the API', async (_, spoil) => {
    specTotal = 25;
    search.ids = pagefindOrder();
    // The first variant's block was drawn for another query, with other products.
    drawPage({ q: 'crema', total: 2, productos: [producto(1001), producto(1002)] });
    spoil(container.querySelector<HTMLElement>('#busqueda-inicial')!);
    await mount();
    await until(() => shownIds().length > 0 && countText() === '45 productos encontrados');
    expect(buscarUrls()).toEqual([buscarUrl(1)]);
    expect(shownIds()).toEqual(range(1, 20));
    expect(container.querySelector('[data-busqueda-servidor]')).toBeNull();
    expect(host.hasAttribute('hidden')).toBe(false);
  });
});
