import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { runShop } from '../../src/cli/shop.ts';
import { productos } from '../../src/server/db/schema/index.ts';
import { catalogueCsv } from '../../scripts/bench/import-data.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-importacion-grande-0123';
const ROWS = 3_000;

/** A few thousand rows in batches on each database (no time asserted: `npm run bench:import` measures). */
describeEachDatabase(`a ${ROWS}-row catalogue import`, (target) => {
  let shop: TestShop;
  let dir: string;
  const importar = async (file: string) => {
    const out: string[] = [];
    const progress: string[] = [];
    const code = await runShop(['importar', file], {
      fetch: async (url, init) => shop.app.request(url, init),
      baseUrl: 'http://localhost:4321',
      token: TOKEN,
      progress: { tty: true, write: (t) => progress.push(t) },
      out: (t) => out.push(t),
      err: (t) => out.push(t),
    });
    return { code, out: out.join('\n'), progress: progress.join('') };
  };

  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN } });
    dir = mkdtempSync(join(tmpdir(), 'kbeauty-import-grande-'));
    writeFileSync(join(dir, 'grande.csv'), catalogueCsv(ROWS));
    writeFileSync(join(dir, 'precios.csv'), catalogueCsv(ROWS, { precioExtra: 2 }));
  });
  afterAll(async () => {
    await shop?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates every row, then finds them unchanged, then updates every price; the public list follows', async () => {
    const before = ((await (await shop.call('GET', '/web/listprod')).json()) as Producto[]).length;
    const first = await importar(join(dir, 'grande.csv'));
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/: 3,000 creados, 0 actualizados, 0 sin cambios, 0 rechazados/);
    // A terminal gets a bar redrawn in place, with the rate and the time left.
    expect(first.progress).toMatch(/\r\[█+░*\] \d+ % · [\d,]+\/3,000 filas · [\d,]+ filas\/s · quedan /);
    expect(first.progress).toMatch(/\r\[█{24}\] 100 % · 3,000\/3,000 filas · [\d,]+ filas\/s · en .+\n$/);
    const [{ n }] = (await shop.database.db.select({ n: count() }).from(productos).where(like(productos.sku, 'BENCH-%'))) as [
      { n: number },
    ];
    expect(Number(n)).toBe(ROWS);
    const listprod = (await (await shop.call('GET', '/web/listprod')).json()) as Producto[];
    expect(listprod.length).toBe(before + ROWS);

    expect((await importar(join(dir, 'grande.csv'))).out).toMatch(/: 0 creados, 0 actualizados, 3,000 sin cambios, 0 rechazados/);
    expect((await importar(join(dir, 'precios.csv'))).out).toMatch(/: 0 creados, 3,000 actualizados, 0 sin cambios, 0 rechazados/);
    const after = (await (await shop.call('GET', '/web/listprod')).json()) as Producto[];
    const byName = new Map(listprod.map((p) => [p.idProducto, p.precio]));
    const changed = after.filter((p) => byName.has(p.idProducto) && Math.abs(p.precio - byName.get(p.idProducto)! - 2) < 0.001);
    expect(changed).toHaveLength(ROWS);
  });
});
