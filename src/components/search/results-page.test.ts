import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pagefindResults } from '../../../tests/fixtures/pagefind.ts';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { hitsOf, type PagefindHits } from './pagefind.ts';
import { resultsPage } from './results-page.ts';

/** What the stubbed Pagefind found for each query, made once per query as the real one memoises it. */
const searches = vi.hoisted(() => ({ byQuery: new Map<string, Promise<PagefindHits>>(), asked: [] as string[] }));
vi.mock('./pagefind.ts', async (importActual) => {
  const actual = await importActual<typeof import('./pagefind.ts')>();
  return {
    ...actual,
    pagefindSearch: (query: string) => {
      searches.asked.push(query);
      return searches.byQuery.get(query) ?? Promise.resolve(actual.hitsOf([]));
    },
  };
});

let urls: string[];
let failing: boolean;
beforeEach(() => {
  urls = [];
  failing = false;
  searches.asked = [];
  searches.byQuery.clear();
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    if (failing) return new Response('{}', { status: 503 });
    const ids = url.replace('/web/productos?ids=', '').split(',').map(Number);
    return Response.json(ids.map((id) => makeProducto({ idProducto: id })).reverse());
  });
});
afterEach(() => vi.unstubAllGlobals());

const idsOf = (productos: { idProducto: number }[]) => productos.map((producto) => producto.idProducto);

describe('resultsPage', () => {
  it("gives a page's products in Pagefind's order from one ids call, asked once however often the page is asked", async () => {
    const hits = hitsOf(pagefindResults(Array.from({ length: 25 }, (_, index) => 50 - index)).results);
    const first = resultsPage(hits, 2);
    expect(resultsPage(hits, 2)).toBe(first);
    expect(idsOf(await first)).toEqual([30, 29, 28, 27, 26]);
    expect(urls).toEqual(['/web/productos?ids=30,29,28,27,26']);
  });

  it('asks a page that failed again', async () => {
    const hits = hitsOf(pagefindResults([7, 8]).results);
    failing = true;
    await expect(resultsPage(hits, 1)).rejects.toBeDefined();
    failing = false;
    expect(idsOf(await resultsPage(hits, 1))).toEqual([7, 8]);
    expect(urls).toHaveLength(2);
  });
});
