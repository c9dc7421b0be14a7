import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { historialStock, motivoStock } from '../../src/server/catalogue/movimientos.ts';
import type { Database } from '../../src/server/db/client.ts';
import { categorias, lineas, marcas, productos } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';

describeEachDatabase('the stock history (migration 0022)', (target) => {
  let database: Database;
  let id: number;
  beforeAll(async () => {
    database = await target.open();
    const { db } = database;
    const [marca] = await db.insert(marcas).values({ nombre: 'Anua' }).returning();
    const [linea] = await db.insert(lineas).values({ nombre: 'Cuidado' }).returning();
    const [categoria] = await db.insert(categorias).values({ nombre: 'Limpieza', lineaId: linea!.id }).returning();
    const [producto] = await db
      .insert(productos)
      .values({ nombre: 'Aceite limpiador', precio: 89.9, stock: 5, stockTotal: 5, marcaId: marca!.id, categoriaId: categoria!.id })
      .returning();
    id = producto!.id;
  });
  afterAll(() => database?.close());

  it('records every change with why and who, and one without a reason as the system', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await motivoStock(tx, { motivo: 'manual', actor: 'Rosa Quispe', nota: 'Conteo de inventario' });
      await tx.update(productos).set({ stock: 3 }).where(eq(productos.id, id));
    });
    // The reason ends with its transaction: the next change, made without one, is the system's.
    await db.update(productos).set({ stock: 7 }).where(eq(productos.id, id));
    // A change that moves nothing writes nothing.
    await db.update(productos).set({ stock: 7 }).where(eq(productos.id, id));
    await db.transaction(async (tx) => {
      await motivoStock(tx, { motivo: 'venta', actor: 'cliente', pedidoId: 41 });
      await tx
        .update(productos)
        .set({ stock: sql`${productos.stock} - 2` })
        .where(eq(productos.id, id));
    });
    const historial = await historialStock(db, id);
    expect(
      historial.map(({ antes, despues, motivo, actor, nota, pedidoId }) => ({ antes, despues, motivo, actor, nota, pedidoId })),
    ).toEqual([
      { antes: 7, despues: 5, motivo: 'venta', actor: 'cliente', nota: '', pedidoId: 41 },
      { antes: 3, despues: 7, motivo: 'sin motivo', actor: 'sistema', nota: '', pedidoId: null },
      { antes: 5, despues: 3, motivo: 'manual', actor: 'Rosa Quispe', nota: 'Conteo de inventario', pedidoId: null },
      { antes: 0, despues: 5, motivo: 'sin motivo', actor: 'sistema', nota: '', pedidoId: null },
    ]);
  });
});
