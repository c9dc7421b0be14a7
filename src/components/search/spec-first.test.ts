import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pagefindResults } from '../../../tests/fixtures/pagefind.ts';
import { buscarAnswer } from '../../../tests/fixtures/buscar.ts';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { LIMITES, TIENDA } from '../../lib/tienda.ts';
import { hitsOf, type PagefindHits } from './pagefind.ts';
import { askSpecMatches, pagefindOnly, specFirst, specMatches, startSearch, type SpecMatches } from './spec-first.ts';

/** The queries the stubbed Pagefind was asked. */
const searches = vi.hoisted(() => ({ asked: [] as string[] }));
vi.mock('./pagefind.ts', async (importActual) => {
  const actual = await importActual<typeof import('./pagefind.ts')>();
  return {
    ...actual,
    pagefindSearch: (query: string) => {
      searches.asked.push(query);
      return Promise.resolve(actual.hitsOf([]));
    },
  };
});

const SIZE = TIENDA.resultadosPorPagina;
const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);
const idsOf = (productos: readonly Producto[]) => productos.map((producto) => producto.idProducto);

/**
 * The stubbed catalogue: ids 1 to `specTotal` are named "Sérum N" (the spec's matches for "serum"), every other id
 * "Tónico N"; `live` overrides a product's live data. `/web/buscar` pages the spec's matches; `/web/productos`
 * answers the ids asked in its own order (reversed). `failing` makes a call answer 500.
 */
let specTotal: number;
let live: Map<number, Partial<Producto>>;
let failing: ((url: string) => boolean) | undefined;
let urls: string[];

const producto = (id: number) =>
  makeProducto({ idProducto: id, nombre: id <= specTotal ? `Sérum ${id}` : `Tónico ${id}`, ...live.get(id) });

beforeEach(() => {
  specTotal = 0;
  live = new Map();
  failing = undefined;
  urls = [];
  searches.asked = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    if (failing?.(url)) return Response.json({ mensaje: 'Error interno' }, { status: 500 });
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (pathname === '/web/buscar') return buscarAnswer(searchParams, specTotal, producto);
    if (pathname === '/web/productos') return Response.json(searchParams.get('ids')!.split(',').map(Number).map(producto).reverse());
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => vi.unstubAllGlobals());

/** The spec's matches of "serum" as the page came with them (its first page known). */
const drawnSpec = (): SpecMatches =>
  specMatches({ q: 'serum', total: specTotal, productos: range(1, Math.min(specTotal, SIZE)).map(producto) });

/** Pagefind's hits for these ids, best first, recording the fragments fetched and the ranges read. */
function pagefind(ids: readonly number[]) {
  const { results, fetched } = pagefindResults(ids);
  const hits = hitsOf(results);
  const read: [number, number][] = [];
  const spied: PagefindHits = {
    total: hits.total,
    ids: (start, end) => {
      read.push([start, end]);
      return hits.ids(start, end);
    },
  };
  return { hits: spied, fetched, read };
}

const buscarUrls = () => urls.filter((url) => url.startsWith('/web/buscar'));
const productosUrls = () => urls.filter((url) => url.startsWith('/web/productos'));

describe('specFirst: page math', () => {
  it('with a spec total that is no multiple of a page: the spec pages, then its tail and the first others, then others only', async () => {
    specTotal = 25;
    // Pagefind's order mixes the spec's matches with 30 others (ids 1001…1030).
    const order = [1001, 1, 2, 1002, 3, 1003, ...range(4, 22), ...range(1004, 27)];
    const { hits } = pagefind(order);
    const spec = drawnSpec();
    expect(specFirst(spec, undefined).total).toBe(25);
    const list = specFirst(spec, hits);
    expect(list.total).toBe(55);

    // Page 1 is the page's own first page: nothing asked.
    expect(idsOf(await list.page(1))).toEqual(range(1, 20));
    expect(urls).toEqual([]);

    // Page 2 spans the boundary: the spec's last 5 (the API's page 2), then the first 15 others in Pagefind's order.
    expect(idsOf(await list.page(2))).toEqual([...range(21, 5), ...range(1001, 15)]);
    expect(buscarUrls()).toEqual(['/web/buscar?q=serum&pagina=2&porPagina=20']);

    // Page 3 is others only: none of the API's spec pages is asked.
    expect(idsOf(await list.page(3))).toEqual(range(1016, 15));
    expect(buscarUrls()).toHaveLength(1);
    // Nothing past the count.
    expect(await list.page(4)).toEqual([]);
  });

  it('with exactly a page of spec matches: page 1 is all spec, page 2 all others, and the API is never asked a page 2', async () => {
    specTotal = 20;
    const { hits, fetched } = pagefind([...range(1, 20), ...range(1001, 25)]);
    const list = specFirst(drawnSpec(), hits);
    expect(list.total).toBe(45);
    expect(idsOf(await list.page(1))).toEqual(range(1, 20));
    // Page 1 did not walk Pagefind's results.
    expect(fetched).toEqual([]);
    expect(idsOf(await list.page(2))).toEqual(range(1001, 20));
    expect(idsOf(await list.page(3))).toEqual(range(1021, 5));
    expect(buscarUrls()).toEqual([]);
  });

  it("with no spec match: nothing until Pagefind answers, then Pagefind's results in its order", async () => {
    specTotal = 0;
    const spec = drawnSpec();
    const before = specFirst(spec, undefined);
    expect(before.total).toBe(0);
    expect(await before.page(1)).toEqual([]);

    const { hits } = pagefind([1030, 1010, 1020, ...range(1040, 20)]);
    const list = specFirst(spec, hits);
    expect(list.total).toBe(23);
    expect(idsOf(await list.page(1))).toEqual([1030, 1010, 1020, ...range(1040, 17)]);
    expect(idsOf(await list.page(2))).toEqual(range(1057, 3));
    expect(buscarUrls()).toEqual([]);
  });

  it("counts the spec's matches when Pagefind finds fewer, and shows the spec's pages alone until it answers", async () => {
    specTotal = 25;
    const spec = drawnSpec();
    expect(specFirst(spec, pagefind(range(1, 10)).hits).total).toBe(25);
    const before = specFirst(spec, undefined);
    expect(idsOf(await before.page(2))).toEqual(range(21, 5));
    expect(productosUrls()).toEqual([]);
  });
});

describe('specFirst: the walk through Pagefind’s others', () => {
  it('reads Pagefind’s results in order, a page’s worth first and then LIMITES.idsPorConsulta, each range once', async () => {
    specTotal = 20;
    // The spec's 20 come first, then 130 others.
    const { hits, fetched, read } = pagefind([...range(1, 20), ...range(1001, 130)]);
    const list = specFirst(drawnSpec(), hits);
    expect(list.total).toBe(150);

    expect(idsOf(await list.page(2))).toEqual(range(1001, 20));
    expect(read).toEqual([
      [0, SIZE],
      [SIZE, SIZE + LIMITES.idsPorConsulta],
    ]);
    expect(productosUrls()).toEqual([`/web/productos?ids=${range(1, 20).join(',')}`, `/web/productos?ids=${range(1001, 100).join(',')}`]);

    // Pages 3 to 6 come from what was read; page 2 asked again reads nothing.
    for (const page of [3, 4, 5, 6]) expect(idsOf(await list.page(page))).toEqual(range(1001 + (page - 2) * 20, 20));
    expect(idsOf(await list.page(2))).toEqual(range(1001, 20));
    expect(read).toHaveLength(2);
    expect(fetched).toHaveLength(120);

    // Page 7 needs the next range.
    expect(idsOf(await list.page(7))).toEqual(range(1101, 20));
    expect(read.at(-1)).toEqual([120, 120 + LIMITES.idsPorConsulta]);
    expect(idsOf(await list.page(8))).toEqual(range(1121, 10));
    expect(read).toHaveLength(3);
    expect(fetched).toHaveLength(150);
    expect(productosUrls()).toHaveLength(3);
  });

  it('shares one walk between the lists of one search, and between pages asked at once', async () => {
    specTotal = 5;
    const { hits, fetched } = pagefind([...range(1, 5), ...range(1001, 60)]);
    const spec = drawnSpec();
    const [two, three] = await Promise.all([specFirst(spec, hits).page(2), specFirst(spec, hits).page(3)]);
    expect(idsOf(two)).toEqual(range(1016, 20));
    expect(idsOf(three)).toEqual(range(1036, 20));
    expect(idsOf(await specFirst(spec, hits).page(4))).toEqual(range(1056, 5));
    // Each result's fragment once, each range's products once.
    expect([...fetched].sort((a, b) => a - b)).toEqual([...range(1, 5), ...range(1001, 60)]);
    expect(productosUrls()).toHaveLength(2);
  });

  it('leaves out the products whose live name or brand matches, whatever Pagefind found them by', async () => {
    specTotal = 2;
    // 1002 was renamed, 1004 is of a brand that matches: the spec's match finds them now.
    live.set(1002, { nombre: 'Sérum renovado' });
    live.set(1004, { marca: 'Serum Lab' });
    const { hits } = pagefind([1001, 1, 1002, 1003, 2, 1004, 1005]);
    expect(idsOf(await specFirst(drawnSpec(), hits).page(1))).toEqual([1, 2, 1001, 1003, 1005]);
  });

  it('asks a range that failed again on the next ask, keeping the ranges already read', async () => {
    specTotal = 20;
    const { hits, read } = pagefind([...range(1, 20), ...range(1001, 40)]);
    const list = specFirst(drawnSpec(), hits);
    failing = (url) => url.includes('ids=1001,');
    await expect(list.page(2)).rejects.toThrow();
    expect(read).toEqual([
      [0, 20],
      [20, 120],
    ]);
    failing = undefined;
    expect(idsOf(await list.page(2))).toEqual(range(1001, 20));
    expect(idsOf(await list.page(3))).toEqual(range(1021, 20));
    // The first range was read once; the failed one twice.
    expect(productosUrls()).toEqual([
      `/web/productos?ids=${range(1, 20).join(',')}`,
      `/web/productos?ids=${range(1001, 40).join(',')}`,
      `/web/productos?ids=${range(1001, 40).join(',')}`,
    ]);
  });
});

describe('pagefindOnly', () => {
  it("is Pagefind's results alone, spec matches in Pagefind's order", async () => {
    specTotal = 3;
    const { hits } = pagefind([1001, 3, 1002, 1, 2]);
    const list = pagefindOnly(hits);
    expect(list.total).toBe(5);
    expect(idsOf(await list.page(1))).toEqual([1001, 3, 1002, 1, 2]);
    expect(buscarUrls()).toEqual([]);
  });
});

describe('specMatches', () => {
  it('asks each page past the first once, and a failed page again', async () => {
    specTotal = 45;
    const spec = drawnSpec();
    expect(idsOf(await spec.page(1))).toEqual(range(1, 20));
    expect(urls).toEqual([]);
    failing = () => true;
    await expect(spec.page(3)).rejects.toThrow();
    failing = undefined;
    const [a, b] = await Promise.all([spec.page(3), spec.page(3)]);
    expect(idsOf(a)).toEqual(range(41, 5));
    expect(b).toBe(a);
    expect(buscarUrls()).toEqual(['/web/buscar?q=serum&pagina=3&porPagina=20', '/web/buscar?q=serum&pagina=3&porPagina=20']);
  });
});

describe('askSpecMatches', () => {
  it('asks the API once for a query asked again, and its first page is what that call answered', async () => {
    specTotal = 30;
    const first = askSpecMatches('sérum a');
    expect(askSpecMatches('sérum a')).toBe(first);
    const matches = await first;
    expect(matches.query).toBe('sérum a');
    expect(matches.total).toBe(30);
    expect(idsOf(await matches.page(1))).toEqual(range(1, 20));
    expect(await askSpecMatches('sérum a')).toBe(matches);
    expect(buscarUrls()).toEqual([`/web/buscar?${new URLSearchParams({ q: 'sérum a', pagina: '1', porPagina: '20' })}`]);
    expect(idsOf(await matches.page(2))).toEqual(range(21, 10));
    expect(buscarUrls()).toHaveLength(2);
  });

  it('asks again after a failure', async () => {
    specTotal = 3;
    failing = () => true;
    await expect(askSpecMatches('sérum b')).rejects.toThrow();
    failing = undefined;
    const matches = await askSpecMatches('sérum b');
    expect(matches.total).toBe(3);
    expect(buscarUrls()).toHaveLength(2);
  });
});

describe('startSearch', () => {
  it('does nothing for an empty query', () => {
    startSearch('   ', false);
    startSearch('', true);
    expect(searches.asked).toEqual([]);
    expect(urls).toEqual([]);
  });

  it('asks only Pagefind when the page came with the spec’s matches', async () => {
    startSearch('sérum c', true);
    expect(searches.asked).toEqual(['sérum c']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(urls).toEqual([]);
  });

  it('asks Pagefind and the API otherwise, and the island’s ask shares the API’s call', async () => {
    specTotal = 4;
    startSearch('sérum d', false);
    expect(searches.asked).toEqual(['sérum d']);
    expect(buscarUrls()).toHaveLength(1);
    expect((await askSpecMatches('sérum d')).total).toBe(4);
    expect(buscarUrls()).toHaveLength(1);
  });

  it('keeps a failure for the island, which asks again', async () => {
    failing = () => true;
    startSearch('sérum e', false);
    await vi.waitFor(() => expect(buscarUrls()).toHaveLength(1));
    // Let the failure settle: an unhandled rejection would fail the run.
    await new Promise((resolve) => setTimeout(resolve, 10));
    failing = undefined;
    specTotal = 1;
    expect((await askSpecMatches('sérum e')).total).toBe(1);
    expect(buscarUrls()).toHaveLength(2);
  });
});
