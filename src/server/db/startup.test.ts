import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '../../demo/catalogue.ts';
import { seedDemoCatalogue } from '../../demo/seed.ts';
import { demoCatalogueFromEnv, serverConfig } from '../config.ts';
import type { Db } from './client.ts';
import { departamentos, productos } from './schema/index.ts';
import { prepareDatabase, startDatabase, startupMessage, untilDatabaseAnswers } from './startup.ts';

const down = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('waiting for a database that is down at start', () => {
  it('retries while the database is unreachable, backing off, until it answers', async () => {
    let attempts = 0;
    const waits: number[] = [];
    const result = await untilDatabaseAnswers(
      async () => {
        if (++attempts < 4) throw down();
        return 'migrada';
      },
      { firstDelayMs: 5, maxDelayMs: 12, onRetry: (_error, ms) => waits.push(ms) },
    );
    expect(result).toBe('migrada');
    expect(waits).toEqual([5, 10, 12]);
  });

  it('gives up at once on an error that is not an outage', async () => {
    let attempts = 0;
    const wrong = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    await expect(untilDatabaseAnswers(async () => (attempts++, Promise.reject(wrong)), { firstDelayMs: 5 })).rejects.toBe(wrong);
    expect(attempts).toBe(1);
  });

  it('stops waiting when the process is told to stop', async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(new Error('SIGTERM')), 20);
    await expect(untilDatabaseAnswers(() => Promise.reject(down()), { firstDelayMs: 10_000, signal: stop.signal })).rejects.toThrow(
      'SIGTERM',
    );
  });
});

describe('the one database start-up', () => {
  it('asks for the demo catalogue only for the embedded database of a developer machine, unless DEMO_CATALOGUE says otherwise', () => {
    expect(demoCatalogueFromEnv({})).toBe(true);
    expect(demoCatalogueFromEnv({ DATABASE_URL: 'postgres://tienda@db.example.pe/tienda' })).toBe(false);
    expect(demoCatalogueFromEnv({ NODE_ENV: 'production' })).toBe(false);
    expect(demoCatalogueFromEnv({ DATABASE_URL: 'postgres://tienda@db.example.pe/tienda', DEMO_CATALOGUE: 'true' })).toBe(true);
    expect(demoCatalogueFromEnv({ NODE_ENV: 'production', DEMO_CATALOGUE: '1' })).toBe(true);
    expect(demoCatalogueFromEnv({ DEMO_CATALOGUE: 'false' })).toBe(false);
    expect(demoCatalogueFromEnv({ DEMO_CATALOGUE: '0' })).toBe(false);
    expect(demoCatalogueFromEnv({ DEMO_CATALOGUE: ' TRUE ' })).toBe(true);
    expect(() => demoCatalogueFromEnv({ DEMO_CATALOGUE: 'si' })).toThrow('DEMO_CATALOGUE debe ser true (1) o false (0) (recibido: "si").');
    expect(serverConfig({ DATABASE_URL: 'postgres://tienda@db.example.pe/tienda' }).catalogoDemo).toBe(false);
    expect(serverConfig({}).catalogoDemo).toBe(true);
  });

  it('migrates, loads the locations, and loads the demo only when asked and given the loader, into an empty catalogue only', async () => {
    const loads: number[] = [];
    const loadDemo = async (db: Db) => {
      loads.push(1);
      await seedDemoCatalogue(db);
    };
    const { database, catalogo } = await startDatabase({ databaseUrl: undefined, dataDir: '', catalogoDemo: false }, { loadDemo });
    try {
      expect(catalogo).toBe('vacio');
      expect(loads).toEqual([]);
      const rows = async (table: typeof productos | typeof departamentos) => (await database.db.select({ n: count() }).from(table))[0]!.n;
      expect(await rows(productos)).toBe(0);
      expect(await rows(departamentos)).toBeGreaterThan(20);
      // Asked, but no loader (the operator's command line, the Netlify functions): still empty.
      expect(await prepareDatabase(database, { catalogoDemo: true })).toBe('vacio');
      expect(await prepareDatabase(database, { catalogoDemo: true }, { loadDemo })).toBe('demo');
      expect(loads).toEqual([1]);
      expect(await rows(productos)).toBe(demoCatalogue().products.length);
      expect(await prepareDatabase(database, { catalogoDemo: true }, { loadDemo })).toBe('con-productos');
      expect(loads).toEqual([1]);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('fails at once on a database that is down, or waits for it when told to retry', async () => {
    const down = { databaseUrl: 'postgres://nadie@127.0.0.1:1/nada', dataDir: '', catalogoDemo: false };
    await expect(startDatabase(down)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const stop = new AbortController();
    const waits: number[] = [];
    const waiting = startDatabase(down, {
      retry: true,
      firstDelayMs: 5,
      maxDelayMs: 5,
      signal: stop.signal,
      onRetry: (_error, ms) => (waits.push(ms), waits.length === 3 && stop.abort(new Error('SIGTERM'))),
    });
    await expect(waiting).rejects.toThrow('SIGTERM');
    expect(waits).toEqual([5, 5, 5]);
  });

  it('tells the operator where the database is and, when the catalogue is empty, how to fill it', () => {
    const embedded = { databaseUrl: undefined, dataDir: '.data' };
    const postgres = { databaseUrl: 'postgres://tienda@db.example.pe/tienda', dataDir: '.data' };
    expect(startupMessage(embedded, 'demo')).toBe('Base de datos nueva en PGlite en .data/: catálogo de demostración cargado.');
    expect(startupMessage(postgres, 'con-productos')).toBe('Base de datos: PostgreSQL (DATABASE_URL).');
    const empty = startupMessage(postgres, 'vacio').split('\n');
    expect(empty[0]).toBe('Base de datos: PostgreSQL (DATABASE_URL). El catálogo está vacío: la tienda arranca sin productos.');
    expect(empty[1]).toContain('npm run shop -- importar catalogo.csv');
    expect(empty[1]).toContain('ejemplos/catalogo.csv');
    expect(empty[2]).toContain('npm run seed, o arranca con DEMO_CATALOGUE=true');
  });
});
