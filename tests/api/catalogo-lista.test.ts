import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OpcionesCatalogo, PaginaCatalogo } from '../../src/lib/api/productos-schemas.ts';
import { CATALOGO_PANEL } from '../../src/lib/tienda.ts';
import { condicionCatalogo } from '../../src/server/admin/catalogo/filtro.ts';
import { CARGA_MASIVA_PRODUCTOS, trasCargaMasiva } from '../../src/server/db/carga-masiva.ts';
import { marcas, productos } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, type TestShop } from './shop.ts';

const TOKEN = 'operador-del-catalogo-0123456789';

describeEachDatabase("the back office's product list and its filter (issue 37)", (target) => {
  let shop: TestShop;
  let marcaId: number;
  let ids: { acida: number; agotado: number; bajo: number; oferta: number; vencida: number; archivado: number; preventa: number };
  const lista = async (query = '') => {
    const res = await shop.call('GET', `/admin/api/catalogo/productos${query}`, { token: TOKEN });
    if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
    return (await res.json()) as PaginaCatalogo;
  };
  const idsDe = (pagina: PaginaCatalogo) => pagina.productos.map((p) => p.idProducto);

  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN } });
    const db = shop.database.db;
    await db.update(productos).set({ stock: 40, stockTotal: 40, descuento: 0, descuentoN: 0, newores: '' });
    const [marca] = await db.insert(marcas).values({ nombre: 'Ñandú Cosmética' }).returning({ id: marcas.id });
    marcaId = marca!.id;
    const [base] = await db.select().from(productos).limit(1);
    const nuevo = (sku: string, nombre: string, extra: Partial<typeof productos.$inferInsert> = {}) =>
      db
        .insert(productos)
        .values({ sku, nombre, precio: 50, marcaId, categoriaId: base!.categoriaId, stock: 20, stockTotal: 20, ...extra })
        .returning({ id: productos.id })
        .then(([row]) => row!.id);
    ids = {
      acida: await nuevo('ACI-001', 'Crema Hidratante ÁCIDA Hialurónica'),
      agotado: await nuevo('AGO-1', 'Tónico agotado', { stock: 0, stockTotal: 0 }),
      bajo: await nuevo('BAJ-1', 'Sérum con poco stock', { stock: 2, stockTotal: 2 }),
      oferta: await nuevo('OFE-1', 'Bálsamo en oferta', { descuento: 10, descuentoDesde: '2020-01-01', descuentoHasta: '2099-12-31' }),
      vencida: await nuevo('VEN-1', 'Bálsamo de oferta vencida', { descuentoN: 5, descuentoHasta: '2021-01-01' }),
      archivado: await nuevo('ARC-1', 'Mascarilla archivada', { archivado: new Date(), visible: false }),
      preventa: await nuevo('PRE_1', 'Protector en preventa', { newores: 'Preventa' }),
    };
  });
  afterAll(() => shop?.close());

  it('pages the catalogue newest first with its total, leaving archived products out by default', async () => {
    const [{ n }] = (await shop.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(productos)
      .where(sql`archivado IS NULL`)) as [{ n: number }];
    const primera = await lista();
    expect(primera.total).toBe(n);
    expect(primera.porPagina).toBe(CATALOGO_PANEL.porPagina);
    expect(primera.productos[0]!.idProducto).toBe(ids.preventa);
    expect(idsDe(primera)).not.toContain(ids.archivado);
    const fila = primera.productos.find((p) => p.idProducto === ids.acida)!;
    expect(fila).toMatchObject({
      sku: 'ACI-001',
      marca: 'Ñandú Cosmética',
      precio: 50,
      stock: 20,
      stock_total: 20,
      archivado: null,
      visible: true,
    });
    const todas = [...idsDe(primera)];
    for (let pagina = 2; (pagina - 1) * primera.porPagina < primera.total; pagina++) todas.push(...idsDe(await lista(`?pagina=${pagina}`)));
    expect(new Set(todas).size).toBe(primera.total);
  });

  it('searches the name, the brand and the SKU without minding accents or case, every word', async () => {
    expect(idsDe(await lista('?q=acida%20hialuronica'))).toEqual([ids.acida]);
    expect(idsDe(await lista('?q=ACIDÁ'))).toEqual([ids.acida]);
    expect(idsDe(await lista('?q=aci-001'))).toEqual([ids.acida]);
    // The brand's name, accented, found plain; with a word of the name it narrows.
    expect(idsDe(await lista('?q=nandu')).sort()).toEqual(
      Object.values(ids)
        .filter((id) => id !== ids.archivado)
        .sort(),
    );
    expect(idsDe(await lista('?q=nandu%20balsamo')).sort()).toEqual([ids.oferta, ids.vencida].sort());
    // LIKE's wildcards are taken literally.
    expect(idsDe(await lista('?q=pre_1'))).toEqual([ids.preventa]);
    const porcentaje = await lista('?q=%25');
    expect(porcentaje.productos.every((p) => `${p.sku} ${p.nombre} ${p.marca}`.includes('%'))).toBe(true);
  });

  it('filters by brand, stock state, sale (within its dates), presale, new and archive', async () => {
    const deLaMarca = (q: string) => lista(`?marca=${marcaId}&${q}`).then((p) => idsDe(p).sort());
    expect(await deLaMarca('stock=agotado')).toEqual([ids.agotado]);
    expect(await deLaMarca('stock=bajo')).toEqual([ids.bajo]);
    expect(await deLaMarca('stock=disponible')).not.toContain(ids.bajo);
    expect(await deLaMarca('oferta=si')).toEqual([ids.oferta]);
    expect(await deLaMarca('oferta=no')).toContain(ids.vencida);
    expect(await deLaMarca('preventa=si')).toEqual([ids.preventa]);
    expect(await deLaMarca('nuevo=si')).toEqual([]);
    expect(await deLaMarca('archivados=solo')).toEqual([ids.archivado]);
    expect(await deLaMarca('archivados=todos')).toHaveLength(Object.keys(ids).length);
    // condicionCatalogo judges 'oferta' on the Lima day it is given (the bulk changes call it too).
    const enOferta = await shop.database.db
      .select({ id: productos.id })
      .from(productos)
      .where(condicionCatalogo({ marca: marcaId, oferta: 'si' }, { ahora: new Date('2020-12-31T12:00:00Z') }));
    expect(enOferta.map((r) => r.id).sort()).toEqual([ids.oferta, ids.vencida].sort());
  });

  it('filters by category and child category', async () => {
    const [base] = await shop.database.db.select().from(productos).where(eq(productos.id, ids.acida));
    const pagina = await lista(`?categoria=${base!.categoriaId}&marca=${marcaId}`);
    expect(idsDe(pagina)).toContain(ids.acida);
    const opciones = (await (await shop.call('GET', '/admin/api/catalogo/opciones', { token: TOKEN })).json()) as OpcionesCatalogo;
    const hija = opciones.hijas[0]!;
    const conHija = await lista(`?hija=${hija.id}`);
    expect(conHija.total).toBeGreaterThan(0);
    expect(conHija.productos.every((p) => p.child === hija.nombre)).toBe(true);
    expect(opciones.marcas.map((m) => m.nombre)).toContain('Ñandú Cosmética');
    expect(opciones.categorias.length).toBeGreaterThan(0);
    expect(opciones.lineas.length).toBeGreaterThan(0);
  });

  it('refuses a bad query with a Spanish 400 and needs an operator', async () => {
    const malo = async (query: string) => {
      const res = await shop.call('GET', `/admin/api/catalogo/productos${query}`, { token: TOKEN });
      expect(res.status).toBe(400);
      return ((await res.json()) as { mensaje: string }).mensaje;
    };
    expect(await malo('?pagina=0')).toBe(`La página debe ser un número entero de 1 a ${CATALOGO_PANEL.paginaMaxima}.`);
    expect(await malo('?stock=mucho')).toBe('El stock debe ser agotado, bajo o disponible.');
    expect(await malo('?marca=anua')).toBe('La marca debe ser un número de la lista.');
    expect(await malo('?color=rojo')).toMatch(/^Filtro desconocido: color\./);
    expect(await malo(`?q=${'a'.repeat(CATALOGO_PANEL.busquedaMaxima + 1)}`)).toMatch(/La búsqueda admite hasta/);
    expect((await shop.call('GET', '/admin/api/catalogo/productos')).status).toBe(401);
  });

  it('after a bulk load, reads the list from its indexes: the visibility map written, the trigram index used', async () => {
    const db = shop.database.db;
    const filas = <T>(result: unknown) => (result as { rows: T[] }).rows;
    const visibles = async () =>
      Number(
        filas<{ relallvisible: number }>(await db.execute(sql`SELECT relallvisible FROM pg_class WHERE relname = 'productos'`))[0]!
          .relallvisible,
      );
    // Every row written again clears the visibility map; ANALYZE reads it back into pg_class (none visible).
    await db.update(productos).set({ stock: sql`${productos.stock}` });
    await db.execute(sql`ANALYZE productos`);
    expect(await visibles()).toBe(0);
    await trasCargaMasiva(db, CARGA_MASIVA_PRODUCTOS - 1);
    expect(await visibles()).toBe(0);
    await trasCargaMasiva(db, CARGA_MASIVA_PRODUCTOS);
    expect(await visibles()).toBeGreaterThan(0);
    // The search's word goes through the trigram index when the planner may not scan the table (every product, archived too).
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const rows = filas<Record<string, string>>(
        await tx.execute(sql`EXPLAIN SELECT id FROM ${productos} WHERE ${condicionCatalogo({ q: 'hialuronica', archivados: 'todos' })}`),
      );
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan, plan).toContain('productos_busqueda_trgm_idx');
  });
});
