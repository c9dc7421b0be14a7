import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { trabajos } from '../db/schema/index.ts';
import { enqueue, retryDelaySeconds, runDueJobs } from './queue.ts';

describe('the job queue', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase();
  });
  afterAll(() => database?.close());

  it('runs due jobs once, enqueues a keyed job once, and retries a failure later', async () => {
    const seen: unknown[] = [];
    let fail = true;
    const handlers = {
      eco: async (datos: Record<string, unknown>) => void seen.push(datos),
      fragil: async () => {
        if (fail) throw new Error('todavía no');
      },
    };
    await enqueue(database.db, 'eco', { n: 1 }, { clave: 'eco-1' });
    await enqueue(database.db, 'eco', { n: 1 }, { clave: 'eco-1' });
    await enqueue(database.db, 'eco', { n: 2 }, { ejecutarEn: new Date(Date.now() + 3_600_000) });
    await enqueue(database.db, 'fragil', {});
    expect(await runDueJobs(database.db, handlers)).toBe(2);
    expect(seen).toEqual([{ n: 1 }]);
    expect(await runDueJobs(database.db, handlers)).toBe(0);
    const [fragil] = await database.db.select().from(trabajos).where(eq(trabajos.tipo, 'fragil'));
    expect(fragil).toMatchObject({ intentos: 1, terminado: null, ultimoError: 'Error: todavía no' });
    expect(fragil!.ejecutarEn.getTime()).toBeGreaterThan(Date.now() + 20_000);
    fail = false;
    await database.db.update(trabajos).set({ ejecutarEn: new Date() }).where(eq(trabajos.id, fragil!.id));
    expect(await runDueJobs(database.db, handlers)).toBe(1);
    expect((await database.db.select().from(trabajos).where(eq(trabajos.id, fragil!.id)))[0]!.terminado).not.toBeNull();
    expect(retryDelaySeconds(1)).toBe(30);
    expect(retryDelaySeconds(20)).toBe(3600);
  });
});
