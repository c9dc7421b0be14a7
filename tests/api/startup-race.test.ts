import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { connectDatabase, type Database } from '../../src/server/db/client.ts';
import { prepareDatabase } from '../../src/server/db/startup.ts';
import { demoCatalogue } from '../../src/demo/catalogue.ts';
import { seedDemoCatalogue } from '../../src/demo/seed.ts';
import { startApiProcess, stopApiProcesses, type ApiProcess } from './api-processes.ts';
import { createScratchPostgres } from './databases.ts';

/**
 * Item 11: processes starting together on one empty PostgreSQL database (three `npm run api`, or
 * Netlify cold starts on a new database) migrate and seed it one at a time: all come up, and the demo
 * catalogue (asked for: DEMO_CATALOGUE, as a PostgreSQL database otherwise starts empty) is loaded once. PostgreSQL only (PGlite belongs to one process); skipped without TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const DEMO_PRODUCTS = demoCatalogue().products.length;

/** What the database holds once started: products (and distinct names), departments, migrations applied. */
async function contents(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]!.n);
    return {
      productos: await one('SELECT count(*) AS n FROM productos'),
      nombres: await one('SELECT count(DISTINCT nombre) AS n FROM productos'),
      departamentos: await one('SELECT count(*) AS n FROM departamentos'),
      ubigeos: await one('SELECT count(DISTINCT ubigeo) AS n FROM departamentos'),
      cupones: await one('SELECT count(*) AS n FROM cupones_globales'),
      codigos: await one('SELECT count(DISTINCT codigo) AS n FROM cupones_globales'),
    };
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)('three processes starting together on one empty PostgreSQL database', () => {
  it('in one process, three pools: prepareDatabase (migrations, then the demo) at once succeeds, and one of them seeds', async () => {
    const scratch = await createScratchPostgres(serverUrl!);
    const databases: Database[] = [];
    const prepare = (database: Database) => prepareDatabase(database, { catalogoDemo: true }, { loadDemo: seedDemoCatalogue });
    try {
      for (let i = 0; i < 3; i++) databases.push(await connectDatabase({ url: scratch.url }));
      const prepared = await Promise.allSettled(databases.map(prepare));
      expect(prepared.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      const seeded = prepared.map((result) => (result as PromiseFulfilledResult<string>).value);
      expect(seeded.filter((catalogo) => catalogo === 'demo')).toEqual(['demo']);
      expect(seeded.filter((catalogo) => catalogo === 'con-productos')).toHaveLength(2);
      const once = await contents(scratch.url);
      expect(once.productos).toBe(DEMO_PRODUCTS);
      expect(once.nombres).toBe(once.productos);
      expect(once.departamentos).toBe(once.ubigeos);
      expect(once.cupones).toBe(once.codigos);
      // Again, with everything done: nothing more, and nobody waits on a lock left behind.
      expect(await Promise.all(databases.map(prepare))).toEqual(['con-productos', 'con-productos', 'con-productos']);
      expect(await contents(scratch.url)).toEqual(once);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
      await scratch.drop();
    }
  }, 120_000);

  describe('three `npm run api` processes (scripts/api.ts)', () => {
    const PORTS = [4720, 4721, 4722];
    const processes: ApiProcess[] = [];
    let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
    let dir: string;
    let started: PromiseSettledResult<void>[];

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'kbeauty-edge-race-'));
      scratch = await createScratchPostgres(serverUrl!);
      processes.push(
        ...PORTS.map((port, index) =>
          startApiProcess(port, {
            DATABASE_URL: scratch.url,
            DEMO_CATALOGUE: 'true',
            DATA_DIR: join(dir, `data-${index}`),
            JOBS_INTERVAL_SECONDS: '0',
          }),
        ),
      );
      started = await Promise.allSettled(processes.map(({ ready }) => ready));
    }, 120_000);
    afterAll(async () => {
      await stopApiProcesses(processes);
      await scratch?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('all three come up and answer /health 200', async () => {
      expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      for (const port of PORTS) {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ estado: 'ok', baseDeDatos: 'up' });
      }
    });

    it('the catalogue holds the demo products exactly once, and every process lists the same', async () => {
      const once = await contents(scratch.url);
      expect(once.productos).toBe(DEMO_PRODUCTS);
      expect(once.nombres).toBe(once.productos);
      expect(once.departamentos).toBe(once.ubigeos);
      expect(once.cupones).toBe(once.codigos);
      const lists = await Promise.all(
        PORTS.map(async (port) =>
          ((await (await fetch(`http://127.0.0.1:${port}/web/listprod`)).json()) as Producto[]).map((p) => p.idProducto),
        ),
      );
      expect(new Set(lists[0]).size).toBe(lists[0]!.length);
      expect(lists[1]).toEqual(lists[0]);
      expect(lists[2]).toEqual(lists[0]);
    });
  });
});
