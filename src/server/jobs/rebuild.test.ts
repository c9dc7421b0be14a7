import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { config as rebuildFunction } from '../../../netlify/functions/rebuild.ts';
import { RECONSTRUCCION } from '../../lib/tienda.ts';
import { catalogueVersion } from '../catalogue/queries.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { trabajos } from '../db/schema/index.ts';
import { runDueJobs } from './queue.ts';
import { checkDeployedVersion, rebuildJobs, requestRebuild } from './rebuild.ts';

/** A stand-in for the deployed site (/version.json) and for Netlify's build hook (POST /hook). */
function fakeNetlify() {
  const state = { deployed: undefined as number | undefined, hookCalls: [] as string[] };
  const server: Server = createServer((req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/hook')) {
      state.hookCalls.push(new URL(req.url, 'http://x').searchParams.get('trigger_title') ?? '');
      res.writeHead(200).end();
    } else if (req.url === '/version.json' && state.deployed !== undefined) {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ version: state.deployed }));
    } else res.writeHead(404).end();
  });
  return { state, server };
}

describe('rebuild requests', () => {
  let database: Database;
  const { state, server } = fakeNetlify();
  let base: string;
  // A change the static pages show (a brand's statement trigger moves the page version, even with no rows).
  const bumpCatalogue = () => database.db.execute(sql`UPDATE marcas SET nombre = nombre WHERE false`);
  const runRebuildJobs = () => runDueJobs(database.db, rebuildJobs(`${base}/hook`));
  const check = (buildMinutes = 10, minIntervalSeconds = 0) =>
    checkDeployedVersion(database.db, { siteUrl: base, hookUrl: `${base}/hook`, buildMinutes, minIntervalSeconds });
  /** Pretends the rebuild row's last run (or call) was `minutes` ago. */
  const lastCallAgo = (minutes: number) =>
    database.db
      .update(trabajos)
      .set({ terminado: new Date(Date.now() - minutes * 60_000) })
      .where(eq(trabajos.clave, 'reconstruir-sitio'));

  beforeAll(async () => {
    database = await openDatabase();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(trabajos);
    state.hookCalls.length = 0;
  });

  it('gathers a burst of changes into one build hook call, a delay later, and arms again after it ran', async () => {
    for (let change = 0; change < 5; change++) await requestRebuild(database.db, 60);
    expect(await database.db.select().from(trabajos)).toHaveLength(1);
    expect(await runRebuildJobs()).toBe(0);
    await database.db.update(trabajos).set({ ejecutarEn: new Date(Date.now() - 1000) });
    expect(await runRebuildJobs()).toBe(1);
    expect(state.hookCalls).toEqual(['Cambio en el catálogo']);
    expect(await runRebuildJobs()).toBe(0);

    await requestRebuild(database.db, 0);
    await requestRebuild(database.db, 0);
    expect(await runRebuildJobs()).toBe(1);
    expect(state.hookCalls).toHaveLength(2);
  });

  it('retries a build hook that fails, and a request that gave up is armed again', async () => {
    await requestRebuild(database.db, 0);
    expect(await runDueJobs(database.db, rebuildJobs(`${base}/no-hay-hook`))).toBe(1);
    const [failed] = await database.db.select().from(trabajos);
    expect(failed).toMatchObject({ intentos: 1, terminado: null, ultimoError: expect.stringContaining('404') });
    await database.db.update(trabajos).set({ intentos: failed!.maxIntentos });
    await requestRebuild(database.db, 0);
    expect(await runRebuildJobs()).toBe(1);
    expect(state.hookCalls).toHaveLength(1);
  });

  it('the scheduled check calls the hook only when the deployed version differs, and not while that build runs', async () => {
    state.deployed = await catalogueVersion(database.db);
    expect(await check()).toBe('al-dia');
    expect(state.hookCalls).toEqual([]);

    await bumpCatalogue();
    const current = await catalogueVersion(database.db);
    expect(current).toBe(state.deployed + 1);
    expect(await check()).toBe('solicitada');
    expect(state.hookCalls).toEqual([`Catálogo ${current} (publicado: ${state.deployed})`]);
    // The hooked build has not deployed yet: no second build for the same change.
    expect(await check()).toBe('construyendo');
    state.deployed = current;
    expect(await check()).toBe('al-dia');
    expect(state.hookCalls).toHaveLength(1);
  });

  it('a build the check asked for that never deployed (it failed) is not asked for again until the catalogue changes', async () => {
    state.deployed = await catalogueVersion(database.db);
    const published = state.deployed;
    await bumpCatalogue();
    expect(await check()).toBe('solicitada');
    // Netlify's build failed: the old deploy stays. Hours of scheduled checks ask for nothing more.
    for (const minutes of [11, 60, 600]) {
      await lastCallAgo(minutes);
      expect(await check()).toBe('fallida');
    }
    expect(state.hookCalls).toHaveLength(1);
    // The operator fixes the catalogue: the new version is asked for.
    await bumpCatalogue();
    expect(await check()).toBe('solicitada');
    expect(state.hookCalls).toEqual([
      `Catálogo ${published + 1} (publicado: ${published})`,
      `Catálogo ${published + 2} (publicado: ${published})`,
    ]);
  });

  it('a build hooked after a change that never deployed is asked for once more by the check, then not again', async () => {
    state.deployed = await catalogueVersion(database.db);
    await bumpCatalogue();
    await requestRebuild(database.db, 0);
    expect(await runRebuildJobs()).toBe(1);
    await lastCallAgo(11);
    expect(await check()).toBe('solicitada');
    await lastCallAgo(11);
    expect(await check()).toBe('fallida');
    expect(state.hookCalls).toHaveLength(2);
  });

  it('the scheduled check leaves a waiting request to the queue, and rebuilds a site without /version.json', async () => {
    state.deployed = await catalogueVersion(database.db);
    await bumpCatalogue();
    await requestRebuild(database.db, 60);
    expect(await check()).toBe('pendiente');
    expect(state.hookCalls).toEqual([]);
    state.deployed = undefined;
    await database.db.delete(trabajos);
    expect(await check()).toBe('solicitada');
    expect(state.hookCalls).toHaveLength(1);
  });

  it('a request or a check within the minimum interval of the last hook call waits for its end', async () => {
    state.deployed = await catalogueVersion(database.db);
    await bumpCatalogue();
    expect(await check(0, 300)).toBe('solicitada');
    state.deployed = await catalogueVersion(database.db);
    await bumpCatalogue();
    // A minute later: the check waits, and an operator's request is armed for the interval's end.
    await lastCallAgo(1);
    expect(await check(0, 300)).toBe('espera');
    await requestRebuild(database.db, 0, 300);
    const [row] = await database.db.select().from(trabajos);
    expect(Math.abs(row!.ejecutarEn.getTime() - (Date.now() + 4 * 60_000))).toBeLessThan(5_000);
    expect(await runRebuildJobs()).toBe(0);
    expect(state.hookCalls).toHaveLength(1);
    // The interval is over: the waiting request runs.
    await database.db.update(trabajos).set({ ejecutarEn: new Date(Date.now() - 1000) });
    expect(await runRebuildJobs()).toBe(1);
    expect(state.hookCalls).toHaveLength(2);
  });

  it('Netlify’s schedule is the configured one', () => {
    expect(rebuildFunction.schedule).toBe(RECONSTRUCCION.horario);
  });
});
