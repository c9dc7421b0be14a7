import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITES, serverConfig, TIENDA } from '../../src/config.ts';
import { createApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/client.ts';
import { productos } from '../../src/server/db/schema/index.ts';
import { seedDemoCatalogue } from '../../src/server/db/seed/seed.ts';
import { busquedaPaginadaSchema, busquedaSchema, productoSchema, type Producto } from '../../src/lib/api/schemas.ts';
import { describeEachDatabase } from './databases.ts';

/**
 * The catalogue calls answered from the in-memory product list: the cart's `/web/productos?ids=` and
 * the paged searchCat, searchMar and searchChild answers, cached compressed per catalogue version.
 */
describeEachDatabase('catalogue answers from memory', (target) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  const get = (path: string, headers?: Record<string, string>) => app.request(path, { headers });
  const json = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return res.json();
  };
  const mensajeOf = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(400);
    return ((await res.json()) as { mensaje: string }).mensaje;
  };

  beforeAll(async () => {
    database = await target.open();
    await seedDemoCatalogue(database.db);
    app = createApp({ db: database.db });
  });
  afterAll(() => database?.close());

  describe('/web/productos?ids=', () => {
    it('answers the live products of those ids, each once in the order asked, leaving unknown ids out', async () => {
      const list = (await json('/web/listprod')) as Producto[];
      const answer = productoSchema.array().parse(await json('/web/productos?ids=5,3,987654,3'));
      expect(answer).toEqual([list.find((p) => p.idProducto === 5), list.find((p) => p.idProducto === 3)]);
      expect(await json('/web/productos?ids=987654')).toEqual([]);
    });

    it('takes up to LIMITES.idsPorConsulta ids and refuses more, or anything but positive integers, in Spanish', async () => {
      const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1).join(',');
      expect(await json(`/web/productos?ids=${ids(LIMITES.idsPorConsulta)}`)).toHaveLength(LIMITES.idsPorConsulta);
      expect(await mensajeOf(`/web/productos?ids=${ids(LIMITES.idsPorConsulta + 1)}`)).toBe(`Se pueden consultar como máximo ${LIMITES.idsPorConsulta} productos a la vez.`);
      for (const query of ['', '?ids=', '?ids=a', '?ids=1,,2', '?ids=0', '?ids=-1', '?ids=1.5', '?ids=1e3', '?ids=%201', '?ids=1234567890']) {
        expect(await mensajeOf(`/web/productos${query}`), query).toBe('Indica los productos con ids: números enteros positivos separados por comas, por ejemplo ?ids=1,2,3.');
      }
    });

    it('follows a catalogue change at once', async () => {
      await database.db.update(productos).set({ precio: 77.7, stock: 4 }).where(eq(productos.id, 2));
      expect(await json('/web/productos?ids=2')).toEqual([expect.objectContaining({ idProducto: 2, precio: 77.7, stock: 4 })]);
    });
  });

  describe('paged searchCat, searchMar and searchChild', () => {
    it('answers the spec shape, { id, mensaje } only, without pagina and porPagina', async () => {
      for (const path of ['/web/searchCat/Cuidado', '/web/searchMar/COSRX', '/web/searchChild/Manos']) {
        const body = (await json(path)) as Record<string, unknown>;
        expect(Object.keys(body).sort(), path).toEqual(['id', 'mensaje']);
        expect(busquedaSchema.parse(body).id).toBe(1);
      }
    });

    it('answers one page of the whole answer with its total', async () => {
      for (const path of ['/web/searchCat/Cuidado', '/web/searchMar/cosrx', '/web/searchChild/Manos']) {
        const all = busquedaSchema.parse(await json(path)).mensaje;
        const pages = Math.ceil(all.length / 4);
        const seen: Producto[] = [];
        for (let pagina = 1; pagina <= pages; pagina++) {
          const page = busquedaPaginadaSchema.parse(await json(`${path}?pagina=${pagina}&porPagina=4`));
          expect(page).toMatchObject({ id: 1, total: all.length, pagina, porPagina: 4 });
          expect(page.mensaje.length).toBe(pagina < pages ? 4 : all.length - 4 * (pages - 1));
          seen.push(...page.mensaje);
        }
        expect(seen, path).toEqual(all);
        expect(await json(`${path}?pagina=${pages + 1}&porPagina=4`)).toEqual({ id: 1, mensaje: [], total: all.length, pagina: pages + 1, porPagina: 4 });
      }
    });

    it('defaults the other parameter: page 1, or TIENDA.productosPorPagina products', async () => {
      const all = busquedaSchema.parse(await json('/web/searchCat/Cuidado')).mensaje;
      expect(all.length).toBeGreaterThan(2 * TIENDA.productosPorPagina);
      const second = busquedaPaginadaSchema.parse(await json('/web/searchCat/Cuidado?pagina=2'));
      expect(second).toMatchObject({ pagina: 2, porPagina: TIENDA.productosPorPagina });
      expect(second.mensaje).toEqual(all.slice(TIENDA.productosPorPagina, 2 * TIENDA.productosPorPagina));
      expect(busquedaPaginadaSchema.parse(await json('/web/searchCat/Cuidado?porPagina=3')).mensaje).toEqual(all.slice(0, 3));
    });

    it('answers id 0, no products and total 0 when nothing matches', async () => {
      expect(await json('/web/searchMar/Nadie?pagina=1&porPagina=5')).toEqual({ id: 0, mensaje: [], total: 0, pagina: 1, porPagina: 5 });
      expect(await json('/web/searchCat/Nada')).toEqual({ id: 0, mensaje: [] });
    });

    it('refuses a page or page size that is not a positive integer within the limit, in Spanish', async () => {
      for (const query of ['pagina=0', 'pagina=-1', 'pagina=abc', 'pagina=1.5', 'pagina=', 'pagina=%202']) {
        expect(await mensajeOf(`/web/searchCat/Cuidado?${query}`), query).toBe('El parámetro pagina debe ser un número entero positivo.');
      }
      for (const query of ['porPagina=0', `porPagina=${LIMITES.porPaginaMaximo + 1}`, 'porPagina=x', 'pagina=1&porPagina=']) {
        expect(await mensajeOf(`/web/searchMar/COSRX?${query}`), query).toBe(`El parámetro porPagina debe ser un número entero entre 1 y ${LIMITES.porPaginaMaximo}.`);
      }
      expect(busquedaPaginadaSchema.parse(await json(`/web/searchCat/Cuidado?porPagina=${LIMITES.porPaginaMaximo}`)).mensaje).toHaveLength(LIMITES.porPaginaMaximo);
    });

    it('serves an answer brotli- or gzip-compressed, with an ETag that a repeated request gets a 304 for', async () => {
      for (const path of ['/web/searchChild/Manos?pagina=1&porPagina=3', '/web/searchChild/Manos']) {
        const plain = await get(path);
        const text = await plain.text();
        const etag = plain.headers.get('ETag');
        expect(etag, path).toMatch(/^".+"$/);
        expect(plain.headers.get('Cache-Control')).toBe('no-cache');
        const br = await get(path, { 'Accept-Encoding': 'gzip, br' });
        expect(br.headers.get('Content-Encoding')).toBe('br');
        expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(text);
        const gz = await get(path, { 'Accept-Encoding': 'gzip' });
        expect(gz.headers.get('Content-Encoding')).toBe('gzip');
        expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
        const again = await get(path, { 'If-None-Match': etag! });
        expect(again.status).toBe(304);
        expect(await again.text()).toBe('');
      }
      const other = await get('/web/searchChild/Manos?pagina=2&porPagina=3');
      expect(other.headers.get('ETag')).not.toBe((await get('/web/searchChild/Manos?pagina=1&porPagina=3')).headers.get('ETag'));
    });

    it('drops its cached answers as soon as the catalogue changes', async () => {
      const path = '/web/searchMar/cosrx?pagina=1&porPagina=2';
      const before = await get(path);
      const etag = before.headers.get('ETag')!;
      const [first] = busquedaPaginadaSchema.parse(await before.json()).mensaje;
      await database.db.update(productos).set({ precio: 321.5 }).where(eq(productos.id, first!.idProducto));
      const after = await get(path, { 'If-None-Match': etag });
      expect(after.status).toBe(200);
      expect(after.headers.get('ETag')).not.toBe(etag);
      expect(busquedaPaginadaSchema.parse(await after.json()).mensaje[0]).toMatchObject({ idProducto: first!.idProducto, precio: 321.5 });
      const unpaged = busquedaSchema.parse(await json('/web/searchMar/COSRX'));
      expect(unpaged.mensaje.find((p) => p.idProducto === first!.idProducto)?.precio).toBe(321.5);
    });
  });

  it('takes its limits from PRODUCT_IDS_MAX and PAGE_SIZE_MAX', async () => {
    const config = serverConfig({ PRODUCT_IDS_MAX: '2', PAGE_SIZE_MAX: '5', CATALOGUE_CACHE_MB: '1' });
    expect(config.catalogo).toEqual({ idsPorConsulta: 2, porPaginaMaximo: 5, cacheCatalogoBytes: 1024 * 1024 });
    expect(() => serverConfig({ PAGE_SIZE_MAX: '0' })).toThrow(/PAGE_SIZE_MAX/);
    const limited = createApp({ db: database.db, config });
    expect((await limited.request('/web/productos?ids=1,2')).status).toBe(200);
    expect(await (await limited.request('/web/productos?ids=1,2,3')).json()).toEqual({ mensaje: 'Se pueden consultar como máximo 2 productos a la vez.' });
    expect((await limited.request('/web/searchCat/Cuidado?porPagina=5')).status).toBe(200);
    expect((await limited.request('/web/searchCat/Cuidado?porPagina=6')).status).toBe(400);
    // Without porPagina the page is TIENDA.productosPorPagina long, or the limit when that is lower.
    expect(busquedaPaginadaSchema.parse(await (await limited.request('/web/searchCat/Cuidado?pagina=1')).json()).porPagina).toBe(5);
  });
});
