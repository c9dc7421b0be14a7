import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../tests/fixtures/fetch.ts';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { LIMITES } from '../../config.ts';
import { fetchListingPage, fetchProductosPorIds, hasListingPages } from './catalogue-client.ts';
import { ApiError } from './request.ts';

afterEach(() => vi.unstubAllGlobals());

describe('fetchProductosPorIds', () => {
  it('asks for each id once, LIMITES.idsPorConsulta at a time, and joins the answers', async () => {
    const ids = Array.from({ length: LIMITES.idsPorConsulta + 2 }, (_, index) => index + 1);
    const calls = stubFetch(json([makeProducto({ idProducto: 1 })]), json([makeProducto({ idProducto: ids.at(-1)! })]));
    const productos = await fetchProductosPorIds([...ids, 1, 2]);
    expect(productos.map((producto) => producto.idProducto)).toEqual([1, ids.at(-1)]);
    expect(calls.map((call) => call.url)).toEqual([
      `/web/productos?ids=${ids.slice(0, LIMITES.idsPorConsulta).join(',')}`,
      `/web/productos?ids=${ids.slice(LIMITES.idsPorConsulta).join(',')}`,
    ]);
  });

  it('asks nothing for no ids, and refuses an answer that is not a product list', async () => {
    const calls = stubFetch(json({ id: 0, mensaje: [] }));
    await expect(fetchProductosPorIds([])).resolves.toEqual([]);
    expect(calls).toEqual([]);
    await expect(fetchProductosPorIds([5])).rejects.toEqual(new ApiError(502));
  });
});

describe('fetchListingPage', () => {
  it("asks one page of a categoría, child or brand listing from its search call and answers its products and total", async () => {
    const producto = makeProducto({ idProducto: 41 });
    const calls = stubFetch(json({ id: 1, mensaje: [producto], total: 61, pagina: 3, porPagina: 20 }));
    await expect(fetchListingPage({ kind: 'marca', name: 'Rom&nd' }, 3, 20)).resolves.toEqual({ productos: [producto], total: 61 });
    expect(calls.map((call) => call.url)).toEqual(['/web/searchMar/Rom%26nd?pagina=3&porPagina=20']);
    expect(hasListingPages({ kind: 'categoria', name: 'Cuidado' })).toBe(true);
    expect(hasListingPages({ kind: 'child', name: 'Manos' })).toBe(true);
  });

  it('asks nothing for a special listing, which the API does not page', async () => {
    const calls = stubFetch();
    expect(hasListingPages({ kind: 'special', name: 'ofertas' })).toBe(false);
    await expect(fetchListingPage({ kind: 'special', name: 'ofertas' }, 1, 20)).resolves.toEqual({ productos: [], total: 0 });
    expect(calls).toEqual([]);
  });
});
