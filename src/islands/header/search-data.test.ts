import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { suggestFor } from './search-data.ts';

/** The product ids the stubbed Pagefind finds, and the fragments fetched of them. */
const search = vi.hoisted(() => ({ ids: [] as number[], fetched: [] as number[] }));
vi.mock('../../components/search/pagefind.ts', async (importActual) => {
  const actual = await importActual<typeof import('../../components/search/pagefind.ts')>();
  const { pagefindResults: results } = await import('../../../tests/fixtures/pagefind.ts');
  return {
    ...actual,
    preloadPagefind: () => {},
    pagefindSearch: async () => {
      const { results: found, fetched } = results(search.ids);
      search.fetched = fetched;
      return actual.hitsOf(found);
    },
  };
});

/** Answers the API calls by path, recording each URL. */
function stubApi(answer: (url: string) => unknown) {
  const urls: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(answer(url)), { headers: { 'Content-Type': 'application/json' } });
  });
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe('header suggestions', () => {
  it("come from Pagefind's first six results with live prices from one ids call, and the matching brands; never the catalogue", async () => {
    search.ids = Array.from({ length: 150 }, (_, index) => 300 - index);
    const urls = stubApi((url) =>
      url.startsWith('/web/productos?ids=')
        ? url
            .slice('/web/productos?ids='.length)
            .split(',')
            .map(Number)
            .reverse()
            .map((id) => makeProducto({ idProducto: id, precio: id }))
        : [
            { idMarca: 1, nombre: 'COSRX' },
            { idMarca: 2, nombre: 'Some By Mi' },
          ],
    );
    const suggested = await suggestFor('cos');
    expect(suggested.productos.map((producto) => producto.idProducto)).toEqual([300, 299, 298, 297, 296, 295]);
    expect(suggested.marcas).toEqual(['COSRX']);
    expect(search.fetched).toHaveLength(6);
    expect(urls.sort()).toEqual(['/web/ListMarcas', '/web/productos?ids=300,299,298,297,296,295']);
    expect(urls.some((url) => url.includes('listprod'))).toBe(false);
  });

  it('suggest brands alone when the products cannot be loaded', async () => {
    search.ids = [5];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi((url) => (url.startsWith('/web/productos') ? { mensaje: 'no' } : [{ idMarca: 1, nombre: 'COSRX' }]));
    expect(await suggestFor('cosrx')).toEqual({ productos: [], marcas: ['COSRX'] });
  });
});
