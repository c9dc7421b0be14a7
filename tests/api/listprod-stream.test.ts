import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../../src/demo/seed.ts';
import { createApp } from '../../src/server/app.ts';
import { listprodStream } from '../../src/server/catalogue/listprod-stream.ts';
import type { Database } from '../../src/server/db/client.ts';
import { productos } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';

/**
 * The build's product list streamed a page at a time (listprod-stream.ts) is `/web/listprod`'s answer byte for
 * byte, whatever the page size: hidden products left out, a discount outside its dates sent as none.
 */
describeEachDatabase("the product list streamed for the build's snapshot", (target) => {
  let database: Database;
  let empty: Database;
  let ids: { oculto: number; vencido: number; vigente: number };
  const text = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();
  const listprod = async (db: Database) =>
    (await createApp({ db: db.db }).request('/web/listprod', { headers: { 'Accept-Encoding': 'identity' } })).text();

  beforeAll(async () => {
    [database, empty] = await Promise.all([target.open(), target.open()]);
    await seedDemoCatalogue(database.db);
    const [a, b, c] = await database.db.select({ id: productos.id }).from(productos).orderBy(productos.id).limit(3);
    ids = { oculto: a!.id, vencido: b!.id, vigente: c!.id };
    // One hidden, one whose discount ended yesterday, one whose discount runs today.
    await database.db.update(productos).set({ visible: false }).where(eq(productos.id, a!.id));
    await database.db
      .update(productos)
      .set({ descuento: 20, descuentoN: 20, descuentoDesde: '2020-01-01', descuentoHasta: '2020-01-31' })
      .where(eq(productos.id, b!.id));
    await database.db
      .update(productos)
      .set({ descuento: 15, descuentoN: 15, descuentoDesde: '2020-01-01', descuentoHasta: '2999-12-31' })
      .where(inArray(productos.id, [c!.id]));
  });
  afterAll(async () => {
    await database?.close();
    await empty?.close();
  });

  it('is the API answer byte for byte at every page size, the last page full or not', async () => {
    const whole = await listprod(database);
    const list = JSON.parse(whole) as { idProducto: number; descuento: number }[];
    const count = list.length;
    expect(count).toBeGreaterThan(10);
    expect(list.map((p) => p.idProducto)).not.toContain(ids.oculto);
    expect(list.find((p) => p.idProducto === ids.vencido)?.descuento).toBe(0);
    expect(list.find((p) => p.idProducto === ids.vigente)?.descuento).toBe(15);
    for (const pagina of [1, 3, 7, count, count - 1, count + 1, 2000])
      expect(await text(listprodStream(database.db, pagina)), `página de ${pagina}`).toBe(whole);
  });

  it('is an empty list for an empty catalogue', async () => {
    expect(await listprod(empty)).toBe('[]');
    expect(await text(listprodStream(empty.db, 5))).toBe('[]');
  });
});
