import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { demoCatalogue } from '../../src/demo/catalogue.ts';
import { startApiProcess, stopApiProcesses, type ApiProcess } from './api-processes.ts';
import { createScratchPostgres } from './databases.ts';

/**
 * Demo only when asked (issue 35, item 6), on the real start path: `npm start` on a fresh embedded
 * database opens with the demo catalogue, as the README's first command promises; a production start
 * (NODE_ENV=production) or a PostgreSQL DATABASE_URL starts with an empty catalogue and tells the
 * operator, in Spanish, how to import one or load the demo; `npm run seed` loads it when asked.
 */
const DEMO_PRODUCTS = demoCatalogue().products.length;
const serverUrl = process.env.TEST_DATABASE_URL;

/** Every setting a production deployment needs (as tests/api/production.test.ts), on this machine only. */
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 'k'.repeat(48),
  SITE_URL: 'https://kbeautyperu.pe',
  MP_ACCESS_TOKEN: 'APP_USR-1234567890',
  MP_WEBHOOK_SECRET: 'secreto-de-notificaciones',
  SMTP_URL: 'smtp://tienda:clave@127.0.0.1:9/',
  NUBEFACT_URL: 'https://api.nubefact.com/api/v1/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
  NUBEFACT_TOKEN: 'b7c1e0f4a9d84c2e9f3a6b5d8e7c4a1f2b3c4d5e6f708192a3b4c5d6e7f80912',
};

/** A real `npm start` (scripts/start.ts) on `dir`: what it printed, and a wait for a line of it. */
function startShop(dir: string, port: number, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      DIST_DIR: join(dir, 'dist'),
      JOBS_INTERVAL_SECONDS: '0',
      REBUILD_CHECK_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const printed = (text: string, withinMs = 150_000) =>
    new Promise<string>((resolve, reject) => {
      const deadline = Date.now() + withinMs;
      const look = () => {
        if (output.includes(text)) return resolve(output);
        if (child.exitCode !== null) return reject(new Error(`scripts/start.ts terminó con el código ${child.exitCode}:\n${output}`));
        if (Date.now() > deadline) return reject(new Error(`scripts/start.ts no escribió «${text}» en ${withinMs} ms:\n${output}`));
        setTimeout(look, 100);
      };
      look();
    });
  return { child, printed };
}

/** Stops `npm start` (SIGTERM, which also stops the site build it began) and waits for it to exit. */
async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const products = async (base: string) => (await (await fetch(`${base}/web/listprod`)).json()) as Producto[];

describe('the catalogue a fresh database starts with (npm start)', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kbeauty-catalogo-inicial-'));
  });
  afterEach(async () => {
    await stop(child);
    child = undefined;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the embedded default (no DATABASE_URL, not production) opens with the demo catalogue', async () => {
    const port = await freePort();
    const shop = startShop(join(dir, 'embebida'), port, {});
    child = shop.child;
    const output = await shop.printed('Base de datos');
    expect(output).toContain(`Base de datos nueva en PGlite en ${join(dir, 'embebida', 'data')}/: catálogo de demostración cargado.`);
    expect(output).not.toContain('El catálogo está vacío');
    expect(await products(`http://127.0.0.1:${port}`)).toHaveLength(DEMO_PRODUCTS);
  }, 180_000);

  it('a production start (NODE_ENV=production) begins empty and says how to import a catalogue or load the demo', async () => {
    const port = await freePort();
    const shop = startShop(join(dir, 'produccion'), port, PRODUCTION);
    child = shop.child;
    const output = await shop.printed('Base de datos');
    expect(output).toContain(
      `Base de datos: PGlite en ${join(dir, 'produccion', 'data')}/. El catálogo está vacío: la tienda arranca sin productos.`,
    );
    expect(output).toContain('npm run shop -- importar catalogo.csv');
    expect(output).toContain('npm run seed, o arranca con DEMO_CATALOGUE=true');
    expect(output).not.toContain('catálogo de demostración cargado');
    expect(await products(`http://127.0.0.1:${port}`)).toEqual([]);
  }, 180_000);

  it('production with DEMO_CATALOGUE=true is asked for the demo, and gets it', async () => {
    const port = await freePort();
    const shop = startShop(join(dir, 'produccion-demo'), port, { ...PRODUCTION, DEMO_CATALOGUE: 'true' });
    child = shop.child;
    expect(await shop.printed('Base de datos')).toContain('catálogo de demostración cargado.');
    expect(await products(`http://127.0.0.1:${port}`)).toHaveLength(DEMO_PRODUCTS);
  }, 180_000);

  it('DEMO_CATALOGUE must say true or false', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: { PATH: process.env.PATH, DATA_DIR: join(dir, 'mal'), DEMO_CATALOGUE: 'quizas' },
      timeout: 30_000,
    });
    const failure = (await run.then(
      () => undefined,
      (error: unknown) => error,
    )) as { code: number; stderr: string } | undefined;
    expect(failure?.code).not.toBe(0);
    expect(failure?.stderr).toContain('DEMO_CATALOGUE debe ser true (1) o false (0) (recibido: "quizas").');
  }, 60_000);
});

describe.skipIf(!serverUrl)(`a new PostgreSQL database (DATABASE_URL)${serverUrl ? '' : ' (skipped: set TEST_DATABASE_URL)'}`, () => {
  let dir: string;
  let scratch: Awaited<ReturnType<typeof createScratchPostgres>>;
  let api: ApiProcess;
  let port: number;
  const count = async (table: string) => {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    try {
      return Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kbeauty-catalogo-postgres-'));
    scratch = await createScratchPostgres(serverUrl!);
    port = await freePort();
    api = startApiProcess(port, { DATABASE_URL: scratch.url, DATA_DIR: join(dir, 'data'), JOBS_INTERVAL_SECONDS: '0' });
    await api.ready;
  }, 180_000);
  afterAll(async () => {
    if (api) await stopApiProcesses([api]);
    await scratch?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('`npm run api` starts with an empty catalogue, Peru’s locations, and the message on how to fill it', async () => {
    const output = api.output.join('');
    expect(output).toContain('Base de datos: PostgreSQL (DATABASE_URL). El catálogo está vacío: la tienda arranca sin productos.');
    expect(output).toContain('npm run shop -- importar catalogo.csv');
    expect(await products(`http://127.0.0.1:${port}`)).toEqual([]);
    expect(await count('productos')).toBe(0);
    expect(await count('departamentos')).toBeGreaterThan(20);
  });

  it('`npm run seed` loads the demo catalogue when asked, once', async () => {
    const seed = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/seed.ts'], {
        env: { PATH: process.env.PATH, DATABASE_URL: scratch.url, DATA_DIR: join(dir, 'data') },
        timeout: 90_000,
      });
    expect((await seed()).stdout).toContain('Catálogo de demostración cargado.');
    expect(await count('productos')).toBe(DEMO_PRODUCTS);
    expect((await seed()).stdout).toContain('La base de datos ya tiene productos; usa --reset para reemplazarlos.');
    expect(await count('productos')).toBe(DEMO_PRODUCTS);
  }, 180_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
