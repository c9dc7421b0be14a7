import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/client.ts';
import { productos } from '../../src/server/db/schema/index.ts';
import { seedDemoCatalogue } from '../../src/demo/seed.ts';
import { TAXONOMY } from '../../src/demo/taxonomy.ts';
import {
  bannerSchema,
  busquedaSchema,
  categoriasSchema,
  detalleSchema,
  marcaSchema,
  popupSchema,
  productoSchema,
  socialSchema,
  type Producto,
} from '../../src/lib/api/schemas.ts';
import { describeEachDatabase } from './databases.ts';

/** Every field of the spec's Product entity (storefront §3). */
const PRODUCT_FIELDS = [
  'idProducto',
  'nombre',
  'descripcion',
  'precio',
  'descuento',
  'descuentoN',
  'img',
  'imagen',
  'imgHover',
  'newores',
  'etiquetalogo',
  'marca',
  'idMarca',
  'colores',
  'tamaños',
  'stock',
  'stock_total',
  'modouso',
  'beneficios',
  'ingredientes',
  'categoria',
  'child',
  'fechaLlegada',
  'sedes',
  'tipo_piel',
  'edad',
  'inquietud_piel',
  'fechaAgregado',
];

describeEachDatabase('catalogue API', (target) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  const get = (path: string, headers?: Record<string, string>) => app.request(path, { headers });
  const json = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    database = await target.open();
    await seedDemoCatalogue(database.db);
    app = createApp({ db: database.db });
  });
  afterAll(() => database?.close());

  describe('/web/listprod', () => {
    it('returns at least 240 products, each with every field of the Product entity', async () => {
      const list = (await json('/web/listprod')) as Record<string, unknown>[];
      expect(list.length).toBeGreaterThanOrEqual(240);
      for (const item of list) {
        expect(Object.keys(item)).toEqual(expect.arrayContaining(PRODUCT_FIELDS));
        productoSchema.parse(item);
      }
      const ids = list.map((item) => item.idProducto);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('answers 304 to a repeated request carrying its ETag', async () => {
      const first = await get('/web/listprod');
      const etag = first.headers.get('ETag');
      expect(etag).toMatch(/^".+"$/);
      const again = await get('/web/listprod', { 'If-None-Match': etag! });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const stale = await get('/web/listprod', { 'If-None-Match': '"otra-version"' });
      expect(stale.status).toBe(200);
    });

    it('serves the same list gzip- and brotli-compressed', async () => {
      const plain = await (await get('/web/listprod')).text();
      const gz = await get('/web/listprod', { 'Accept-Encoding': 'gzip' });
      expect(gz.headers.get('Content-Encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(plain);
      const br = await get('/web/listprod', { 'Accept-Encoding': 'gzip, br' });
      expect(br.headers.get('Content-Encoding')).toBe('br');
      expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    });

    it('drops its cached copy as soon as the catalogue changes', async () => {
      const before = await get('/web/listprod');
      const etag = before.headers.get('ETag')!;
      const [first] = (await before.json()) as Producto[];
      await database.db.update(productos).set({ precio: 123.45 }).where(eq(productos.id, first!.idProducto));
      const after = await get('/web/listprod', { 'If-None-Match': etag });
      expect(after.status).toBe(200);
      expect(after.headers.get('ETag')).not.toBe(etag);
      const [updated] = (await after.json()) as Producto[];
      expect(updated!.precio).toBe(123.45);
    });
  });

  it('/web/ListMarcas lists at least 25 brands sorted by nombre', async () => {
    const marcas = marcaSchema.array().parse(await json('/web/ListMarcas'));
    expect(marcas.length).toBeGreaterThanOrEqual(25);
    const names = marcas.map((marca) => marca.nombre.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  describe('/web/ListChildCat/{sub}', () => {
    it('lists the child categories of a categoría', async () => {
      expect(await json('/web/ListChildCat/Limpieza')).toEqual(TAXONOMY[0]!.categorias[0]!.hijas.map((nombre) => ({ nombre })));
      expect(await json(`/web/ListChildCat/${encodeURIComponent('contorno de ojos')}`)).toEqual([
        { nombre: 'Crema de ojos' },
        { nombre: 'Parches de ojos' },
      ]);
    });
    it('answers an empty list for an unknown categoría', async () => {
      expect(await json('/web/ListChildCat/Inexistente')).toEqual([]);
    });
    it('rejects a blank or overlong name with a Spanish mensaje', async () => {
      for (const path of ['/web/ListChildCat/%20%20', `/web/ListChildCat/${'x'.repeat(101)}`]) {
        const res = await get(path);
        expect(res.status, path).toBe(400);
        expect(((await res.json()) as { mensaje: string }).mensaje).toMatch(/no es válido/);
      }
    });
  });

  it('/web/navbar_superior returns the top-strip messages', async () => {
    const mensajes = (await json('/web/navbar_superior')) as { mensaje: string }[];
    expect(mensajes.length).toBeGreaterThan(0);
    expect(mensajes[0]).toEqual({ mensaje: expect.stringContaining('S/250') });
  });

  it('/web/baners returns banners with and without a route', async () => {
    const banners = bannerSchema.array().parse(await json('/web/baners'));
    expect(banners.some((banner) => banner.rutabutton === null)).toBe(true);
    expect(banners.some((banner) => banner.rutabutton?.startsWith('/'))).toBe(true);
  });

  it('/web/popups returns only public popups, the first opening registration', async () => {
    const list = popupSchema.array().parse(await json('/web/popups'));
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((popup) => popup.visible === 1)).toBe(true);
    expect(list[0]!.rutabutton).toMatch(/^\/registro/);
  });

  it('/web/sociales returns 9 images and videos', async () => {
    const items = socialSchema.array().parse(await json('/web/sociales'));
    expect(items).toHaveLength(9);
    expect(new Set(items.map((item) => item.tipo))).toEqual(new Set(['image', 'video']));
  });

  describe('/web/detailprod/{id}', () => {
    it('returns the product as the first item of mensaje', async () => {
      const detail = detalleSchema.parse(await json('/web/detailprod/3'));
      expect(detail.id).toBe(3);
      expect(detail.mensaje[0]!.idProducto).toBe(3);
    });
    it('answers id 0 for an unknown id', async () => {
      expect(await json('/web/detailprod/987654')).toEqual({ id: 0, mensaje: [] });
    });
    it('rejects an id that is not a positive integer', async () => {
      for (const id of ['abc', '0', '-1', '1.5', '1e3', '12345678901']) {
        const res = await get(`/web/detailprod/${id}`);
        expect(res.status, id).toBe(400);
        expect(await res.json()).toEqual({ mensaje: 'El id del producto debe ser un número entero positivo.' });
      }
    });
  });

  describe('search calls', () => {
    it('finds products by categoría or line, case-insensitively and trimmed', async () => {
      const limpieza = busquedaSchema.parse(await json('/web/searchCat/limpieza%20'));
      expect(limpieza.id).toBe(1);
      expect(limpieza.mensaje.every((p) => p.categoria === 'Limpieza')).toBe(true);
      const cuidado = busquedaSchema.parse(await json('/web/searchCat/Cuidado'));
      expect(cuidado.mensaje.length).toBeGreaterThan(limpieza.mensaje.length);
      expect(cuidado.mensaje.every((p) => p.linea === 'Cuidado')).toBe(true);
    });
    it('finds products by brand and by child category', async () => {
      const cosrx = busquedaSchema.parse(await json('/web/searchMar/cosrx'));
      expect(cosrx.id).toBe(1);
      expect(cosrx.mensaje.every((p) => p.marca === 'COSRX')).toBe(true);
      const manos = busquedaSchema.parse(await json('/web/searchChild/Manos'));
      expect(manos.mensaje.length).toBeGreaterThan(0);
      expect(manos.mensaje.every((p) => p.child === 'Manos')).toBe(true);
    });
    it('answers id 0 with an empty list when nothing matches', async () => {
      for (const path of ['/web/searchCat/Nada', '/web/searchMar/Nadie', '/web/searchChild/Ninguna']) {
        expect(await json(path)).toEqual({ id: 0, mensaje: [] });
      }
    });
    it('rejects malformed names', async () => {
      const res = await get('/web/searchMar/%09');
      expect(res.status).toBe(400);
      expect(await res.json()).toHaveProperty('mensaje');
    });
    it('has products for every route of the spec route table', async () => {
      for (const linea of TAXONOMY) {
        expect((await json(`/web/searchCat/${encodeURIComponent(linea.linea)}`)).id, linea.linea).toBe(1);
        for (const categoria of linea.categorias) {
          expect((await json(`/web/searchCat/${encodeURIComponent(categoria.nombre)}`)).id, categoria.nombre).toBe(1);
          for (const hija of categoria.hijas) {
            expect((await json(`/web/searchChild/${encodeURIComponent(hija)}`)).id, hija).toBe(1);
          }
        }
      }
    });
  });

  it('/api/categorias answers in the success/data/message envelope', async () => {
    const body = categoriasSchema.parse(await json('/api/categorias'));
    expect(body.success).toBe(true);
    expect(body.data.map((c) => c.nombreCategoria)).toEqual(
      TAXONOMY.flatMap((linea) => linea.categorias.map((categoria) => categoria.nombre)),
    );
  });

  it('/web/menu gives lines, categorías and children in menu order', async () => {
    expect(await json('/web/menu')).toEqual(TAXONOMY.map((linea) => ({ linea: linea.linea, categorias: linea.categorias })));
  });

  it('answers unknown routes with a JSON 404', async () => {
    const res = await get('/web/no-existe');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ mensaje: 'Ruta no encontrada.' });
  });
});
