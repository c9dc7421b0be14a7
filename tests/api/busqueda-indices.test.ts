import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { condiciones } from '../../src/server/admin/queries.ts';
import { busquedaClientes } from '../../src/server/clientes/queries.ts';
import { clientes, pedidos } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, type TestShop } from './shop.ts';

describeEachDatabase("the back office's customer and order searches read their trigram indexes (migration 0036)", (target) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openShop(target);
  });
  afterAll(() => shop?.close());

  /** The plan of `SELECT id FROM {table} WHERE {donde}` when the planner may not scan the table. */
  const plan = (table: typeof clientes | typeof pedidos, donde: SQL | undefined) =>
    shop.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const { rows } = (await tx.execute(sql`EXPLAIN SELECT id FROM ${table} WHERE ${donde}`)) as unknown as {
        rows: Record<string, string>[];
      };
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });

  it("'Clientes' finds each word of 'María Peña' through clientes_busqueda_trgm_idx", async () => {
    const leido = await plan(clientes, busquedaClientes('María Peña'));
    expect(leido, leido).toContain('clientes_busqueda_trgm_idx');
  });

  it('the orders desk finds a name or a document through pedidos_busqueda_trgm_idx', async () => {
    for (const q of ['maria pena', '45871236']) {
      const leido = await plan(pedidos, condiciones({ q }));
      expect(leido, `${q}\n${leido}`).toContain('pedidos_busqueda_trgm_idx');
    }
  });
});
