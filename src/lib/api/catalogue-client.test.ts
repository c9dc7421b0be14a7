import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, stubFetch } from '../../../tests/fixtures/fetch.ts';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { LIMITES } from '../tienda.ts';
import { fetchListado, fetchProductosPorIds, listadoPath } from './catalogue-client.ts';
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

describe('fetchListado', () => {
  it('asks one page of any listing with its sort and filters, brands as repeated marca', async () => {
    const producto = makeProducto({ idProducto: 41 });
    const answer = {
      id: 1,
      mensaje: [producto],
      total: 61,
      totalListado: 80,
      pagina: 3,
      porPagina: 20,
      marcas: ['Rom&nd'],
      precios: { min: 10, max: 90 },
    };
    const calls = stubFetch(json(answer));
    await expect(fetchListado({ kind: 'marca', name: 'Rom&nd' }, { pagina: 3, porPagina: 20 })).resolves.toEqual(answer);
    expect(calls.map((call) => call.url)).toEqual(['/web/listado?tipo=marca&nombre=Rom%26nd&pagina=3&porPagina=20']);
    expect(
      listadoPath(
        { kind: 'special', name: 'ofertas' },
        { pagina: 1, porPagina: 20, orden: 'precio-asc', rango: { min: 5, max: 49.9 }, marcas: ['Dr. Jart+', 'A, B'] },
      ),
    ).toBe('/web/listado?tipo=special&nombre=ofertas&pagina=1&porPagina=20&orden=precio-asc&min=5&max=49.9&marca=Dr.+Jart%2B&marca=A%2C+B');
    // 'relevancia' is the server's default order: not sent.
    expect(listadoPath({ kind: 'child', name: 'Manos' }, { pagina: 1, porPagina: 20, orden: 'relevancia', marcas: [] })).toBe(
      '/web/listado?tipo=child&nombre=Manos&pagina=1&porPagina=20',
    );
  });

  it('refuses an answer without what the filters need', async () => {
    stubFetch(json({ id: 1, mensaje: [], total: 0, pagina: 1, porPagina: 20 }));
    await expect(fetchListado({ kind: 'child', name: 'Manos' }, { pagina: 1, porPagina: 20 })).rejects.toBeInstanceOf(ApiError);
  });
});
