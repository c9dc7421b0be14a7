import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITES, TIENDA } from '../../src/lib/tienda.ts';
import { serverConfig } from '../../src/server/config.ts';
import { createApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/client.ts';
import { productos } from '../../src/server/db/schema/index.ts';
import { seedDemoCatalogue } from '../../src/demo/seed.ts';
import { busquedaPaginadaSchema, busquedaSchema, listadoSchema, productoSchema, type Producto } from '../../src/lib/api/schemas.ts';
import { applyFilters, brandsPresent, priceBounds } from '../../src/lib/catalogue/listing.ts';
import { selectListing, type ListingSource } from '../../src/lib/catalogue/selection.ts';
import { normalizeSearch } from '../../src/lib/catalogue/search.ts';
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
      expect(await mensajeOf(`/web/productos?ids=${ids(LIMITES.idsPorConsulta + 1)}`)).toBe(
        `Se pueden consultar como máximo ${LIMITES.idsPorConsulta} productos a la vez.`,
      );
      for (const query of [
        '',
        '?ids=',
        '?ids=a',
        '?ids=1,,2',
        '?ids=0',
        '?ids=-1',
        '?ids=1.5',
        '?ids=1e3',
        '?ids=%201',
        '?ids=1234567890',
      ]) {
        expect(await mensajeOf(`/web/productos${query}`), query).toBe(
          'Indica los productos con ids: números enteros positivos separados por comas, por ejemplo ?ids=1,2,3.',
        );
      }
    });

    it('follows a catalogue change at once', async () => {
      await database.db.update(productos).set({ precio: 77.7, stock: 4 }).where(eq(productos.id, 2));
      expect(await json('/web/productos?ids=2')).toEqual([expect.objectContaining({ idProducto: 2, precio: 77.7, stock: 4 })]);
    });
  });

  describe('/web/listprod', () => {
    it('sends one text, plain to a client that takes no compression (the build) and brotli or gzip to one that does, under one ETag', async () => {
      const plain = await get('/web/listprod', { 'Accept-Encoding': 'identity' });
      expect(plain.status).toBe(200);
      expect(plain.headers.get('Content-Encoding')).toBeNull();
      const text = await plain.text();
      expect(productoSchema.array().parse(JSON.parse(text)).length).toBeGreaterThan(100);
      const etag = plain.headers.get('ETag')!;
      expect(etag).toMatch(/^".+"$/);
      const br = await get('/web/listprod', { 'Accept-Encoding': 'gzip, deflate, br' });
      expect([br.headers.get('Content-Encoding'), br.headers.get('ETag')]).toEqual(['br', etag]);
      expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(text);
      const gz = await get('/web/listprod', { 'Accept-Encoding': 'gzip' });
      expect([gz.headers.get('Content-Encoding'), gz.headers.get('ETag')]).toEqual(['gzip', etag]);
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
      for (const encoding of ['identity', 'br'])
        expect((await get('/web/listprod', { 'Accept-Encoding': encoding, 'If-None-Match': etag })).status).toBe(304);
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
        expect(await json(`${path}?pagina=${pages + 1}&porPagina=4`)).toEqual({
          id: 1,
          mensaje: [],
          total: all.length,
          pagina: pages + 1,
          porPagina: 4,
        });
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
        expect(await mensajeOf(`/web/searchMar/COSRX?${query}`), query).toBe(
          `El parámetro porPagina debe ser un número entero entre 1 y ${LIMITES.porPaginaMaximo}.`,
        );
      }
      expect(busquedaPaginadaSchema.parse(await json(`/web/searchCat/Cuidado?porPagina=${LIMITES.porPaginaMaximo}`)).mensaje).toHaveLength(
        LIMITES.porPaginaMaximo,
      );
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

  describe('/web/listado', () => {
    const listado = async (query: string) => listadoSchema.parse(await json(`/web/listado?${query}`));

    it('pages a listing in catalogue order, with every brand and the price bounds its filters offer', async () => {
      const all = busquedaSchema.parse(await json('/web/searchCat/Cuidado')).mensaje;
      const first = await listado('tipo=categoria&nombre=cuidado');
      expect(first).toMatchObject({ id: 1, total: all.length, totalListado: all.length, pagina: 1, porPagina: TIENDA.productosPorPagina });
      expect(first.mensaje).toEqual(all.slice(0, TIENDA.productosPorPagina));
      expect(first.marcas).toEqual(brandsPresent(all));
      expect(first.precios).toEqual(priceBounds(all));
      expect((await listado('tipo=categoria&nombre=Cuidado&pagina=3&porPagina=7')).mensaje).toEqual(all.slice(14, 21));
    });

    it('filters by final price and brands and sorts before paging, as the listing does in the browser', async () => {
      const all = busquedaSchema.parse(await json('/web/searchCat/Cuidado')).mensaje;
      const [marca, otra] = brandsPresent(all);
      const filters = { min: 30, max: 90.5, marcas: [marca!, otra!], orden: 'precio-desc' as const };
      const expected = applyFilters(all, filters);
      expect(expected.length).toBeGreaterThan(0);
      const answer = await listado(
        `tipo=categoria&nombre=Cuidado&min=30&max=90.5&marca=${encodeURIComponent(marca!.toUpperCase())}&marca=${encodeURIComponent(otra!)}&orden=precio-desc&porPagina=100`,
      );
      expect(answer).toMatchObject({ id: 1, total: expected.length, totalListado: all.length });
      expect(answer.mensaje).toEqual(expected.slice(0, 100));
      expect(await listado('tipo=categoria&nombre=Cuidado&min=100000')).toMatchObject({
        id: 0,
        mensaje: [],
        total: 0,
        totalListado: all.length,
      });
    });

    it('pages every kind of listing, the special ones included', async () => {
      const list = (await json('/web/listprod')) as Producto[];
      for (const [tipo, nombre] of [
        ['special', 'ofertas'],
        ['special', 'set'],
        ['marca', 'COSRX'],
        ['child', 'Manos'],
      ] as const) {
        const expected = selectListing(list, { kind: tipo, name: nombre } as ListingSource);
        const answer = await listado(`tipo=${tipo}&nombre=${nombre}&orden=a-z&porPagina=100`);
        expect(answer.total, nombre).toBe(expected.length);
        expect(answer.mensaje.map((p) => p.idProducto)).toEqual(
          applyFilters(expected, { min: 0, max: Infinity, marcas: [], orden: 'a-z' }).map((p) => p.idProducto),
        );
      }
    });

    it('refuses what it cannot answer with a Spanish 400', async () => {
      expect(await mensajeOf('/web/listado?nombre=Cuidado')).toBe('El parámetro tipo debe ser categoria, child, marca o special.');
      expect(await mensajeOf('/web/listado?tipo=linea&nombre=Cuidado')).toBe(
        'El parámetro tipo debe ser categoria, child, marca o special.',
      );
      expect(await mensajeOf('/web/listado?tipo=categoria')).toMatch(/^El nombre de el listado no es válido/);
      expect(await mensajeOf('/web/listado?tipo=special&nombre=gratis')).toBe(
        'El listado especial debe ser ofertas, nuevo, preventa, sale, set.',
      );
      expect(await mensajeOf('/web/listado?tipo=marca&nombre=COSRX&orden=precio')).toBe(
        'El parámetro orden debe ser relevancia, precio-asc, precio-desc, a-z, z-a.',
      );
      for (const price of ['min=-1', 'max=abc', 'min=1e3', 'max=', 'min=1.999']) {
        expect(await mensajeOf(`/web/listado?tipo=marca&nombre=COSRX&${price}`), price).toBe(
          'Los parámetros min y max deben ser importes en soles de 0 o más, por ejemplo 25 o 39.90.',
        );
      }
      const many = Array.from({ length: LIMITES.marcasPorConsulta + 1 }, (_, index) => `marca=m${index}`).join('&');
      expect(await mensajeOf(`/web/listado?tipo=categoria&nombre=Cuidado&${many}`)).toBe(
        `Se pueden filtrar como máximo ${LIMITES.marcasPorConsulta} marcas a la vez.`,
      );
      expect(await mensajeOf(`/web/listado?tipo=categoria&nombre=Cuidado&porPagina=${LIMITES.porPaginaMaximo + 1}`)).toBe(
        `El parámetro porPagina debe ser un número entero entre 1 y ${LIMITES.porPaginaMaximo}.`,
      );
    });

    it('follows a catalogue change at once', async () => {
      const before = await listado('tipo=marca&nombre=COSRX&orden=precio-desc');
      const cheapest = before.mensaje.at(-1)!;
      await database.db.update(productos).set({ precio: 9999, descuento: 0, descuentoN: 0 }).where(eq(productos.id, cheapest.idProducto));
      const after = await listado('tipo=marca&nombre=COSRX&orden=precio-desc');
      expect(after.mensaje[0]).toMatchObject({ idProducto: cheapest.idProducto, precio: 9999 });
      expect(after.precios.max).toBe(9999);
    });
  });

  describe('/web/buscar (the search page: the spec contains-match, paged)', () => {
    const buscar = async (query: string) => busquedaPaginadaSchema.parse(await json(`/web/buscar?${query}`));

    it('finds by name or brand after the spec normalisation, accents aside, in catalogue order, 20 a page by default', async () => {
      const list = productoSchema.array().parse(await json('/web/listprod'));
      const expected = list.filter((p) => normalizeSearch(p.nombre).includes('crema') || normalizeSearch(p.marca).includes('crema'));
      expect(expected.length).toBeGreaterThan(TIENDA.resultadosPorPagina);
      const first = await buscar('q=CREMA');
      expect(first).toMatchObject({ id: 1, total: expected.length, pagina: 1, porPagina: TIENDA.resultadosPorPagina });
      expect(first.mensaje.map((p) => p.idProducto)).toEqual(expected.slice(0, TIENDA.resultadosPorPagina).map((p) => p.idProducto));
      const second = await buscar('q=crema&pagina=2');
      expect(second.mensaje.map((p) => p.idProducto)).toEqual(
        expected.slice(TIENDA.resultadosPorPagina, 2 * TIENDA.resultadosPorPagina).map((p) => p.idProducto),
      );
      // The spec drops space + - _ : . , ; & before matching, and a brand matches as a name does.
      const brand = list.find((p) => p.marca === 'Dr. Jart+');
      if (brand) expect((await buscar(`q=${encodeURIComponent(' dr-jart ')}`)).mensaje.map((p) => p.marca)).toContain('Dr. Jart+');
      const cosrx = await buscar('q=cos%20rx&porPagina=100');
      expect(cosrx.mensaje.length).toBeGreaterThan(0);
      expect(cosrx.mensaje.every((p) => normalizeSearch(`${p.nombre}${p.marca}`).includes('cosrx'))).toBe(true);
      expect(await buscar('q=sérum')).toEqual(await buscar('q=serum'));
    });

    it('answers id 0 and total 0 when nothing matches, and a page past the end empty', async () => {
      expect(await buscar('q=zzqqxxnada')).toEqual({ id: 0, mensaje: [], total: 0, pagina: 1, porPagina: TIENDA.resultadosPorPagina });
      expect((await buscar('q=crema&pagina=999')).mensaje).toEqual([]);
    });

    it('refuses an empty or over-long query, a control character and bad pages with a Spanish 400', async () => {
      for (const query of ['', 'q=', 'q=%20%20', 'q=%2B-_%3A.%2C%3B%26'])
        expect(await mensajeOf(`/web/buscar?${query}`)).toBe('Ingresa algo para buscar');
      expect(await mensajeOf(`/web/buscar?q=${'a'.repeat(LIMITES.busquedaMaxima + 1)}`)).toBe(
        `La búsqueda puede tener como máximo ${LIMITES.busquedaMaxima} caracteres.`,
      );
      expect((await get(`/web/buscar?q=${'a'.repeat(LIMITES.busquedaMaxima)}`)).status).toBe(200);
      expect(await mensajeOf('/web/buscar?q=crema%00')).toMatch(/caracteres/);
      expect(await mensajeOf('/web/buscar?q=crema&pagina=0')).toBe('El parámetro pagina debe ser un número entero positivo.');
      expect(await mensajeOf(`/web/buscar?q=crema&porPagina=${LIMITES.porPaginaMaximo + 1}`)).toBe(
        `El parámetro porPagina debe ser un número entero entre 1 y ${LIMITES.porPaginaMaximo}.`,
      );
    });

    it('follows a catalogue change at once', async () => {
      const [first] = (await buscar('q=crema&porPagina=1')).mensaje;
      await database.db.update(productos).set({ precio: 432.1 }).where(eq(productos.id, first!.idProducto));
      expect((await buscar('q=crema&porPagina=1')).mensaje[0]).toMatchObject({ idProducto: first!.idProducto, precio: 432.1 });
      await database.db.update(productos).set({ nombre: 'Tónico sin coincidencias' }).where(eq(productos.id, first!.idProducto));
      expect((await buscar('q=crema&porPagina=1')).mensaje[0]?.idProducto).not.toBe(first!.idProducto);
    });
  });

  it('takes its limits from PRODUCT_IDS_MAX, PAGE_SIZE_MAX, LISTING_BRANDS_MAX and SEARCH_PAGE_CDN_SECONDS', async () => {
    const config = serverConfig({ PRODUCT_IDS_MAX: '2', PAGE_SIZE_MAX: '5', LISTING_BRANDS_MAX: '1', CATALOGUE_CACHE_MB: '1' });
    expect(config.catalogo).toEqual({
      idsPorConsulta: 2,
      porPaginaMaximo: 5,
      marcasPorConsulta: 1,
      cacheCatalogoBytes: 1024 * 1024,
      busquedaCdnSegundos: LIMITES.busquedaCdnSegundos,
    });
    expect(serverConfig({ SEARCH_PAGE_CDN_SECONDS: '0' }).catalogo.busquedaCdnSegundos).toBe(0);
    expect(() => serverConfig({ PAGE_SIZE_MAX: '0' })).toThrow(/PAGE_SIZE_MAX/);
    const limited = createApp({ db: database.db, config });
    expect((await limited.request('/web/productos?ids=1,2')).status).toBe(200);
    expect(await (await limited.request('/web/productos?ids=1,2,3')).json()).toEqual({
      mensaje: 'Se pueden consultar como máximo 2 productos a la vez.',
    });
    expect((await limited.request('/web/searchCat/Cuidado?porPagina=5')).status).toBe(200);
    expect((await limited.request('/web/searchCat/Cuidado?porPagina=6')).status).toBe(400);
    // Without porPagina the page is TIENDA.productosPorPagina long, or the limit when that is lower.
    expect(busquedaPaginadaSchema.parse(await (await limited.request('/web/searchCat/Cuidado?pagina=1')).json()).porPagina).toBe(5);
    expect((await limited.request('/web/listado?tipo=categoria&nombre=Cuidado&marca=COSRX')).status).toBe(200);
    expect((await limited.request('/web/listado?tipo=categoria&nombre=Cuidado&marca=COSRX&marca=Laneige')).status).toBe(400);
  });
});
