import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerType } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RATE_LIMITS, serverConfig, type ServerConfig } from '../../src/server/config.ts';
import { createApp } from '../../src/server/app.ts';
import { catalogueVersion } from '../../src/server/catalogue/queries.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { seedIfEmpty } from '../../src/demo/seed.ts';
import { listen, untilReady } from '../../src/server/node/listen.ts';
import { createShopServer } from '../../src/server/node/server.ts';
import { createServices } from '../../src/server/services.ts';
import { createScratchPostgres, describeEachDatabase } from './databases.ts';

/**
 * The client's address over real sockets: requests come from two loopback addresses (Linux routes
 * all of 127.0.0.0/8 to the loopback), so a stranger at 127.0.0.2 who used up a per-address limit
 * must leave the owner at 127.0.0.1 alone, under both ways the shop serves its API.
 */
const STRANGER = '127.0.0.2';
const OWNER = '127.0.0.1';
const TOKEN = 'operador-de-prueba-0123456789';
/** The in-process servers' per-address limits; the processes keep the defaults (30 logins, 20 operator failures). */
const LIMIT = 3;
const generous = { max: 10_000, windowSeconds: 900 };
const tight = { max: LIMIT, windowSeconds: 900 };

// A test may wait up to 30 s for a fresh rate-limit window (awayFromWindowEnd).
vi.setConfig({ testTimeout: 90_000 });
const DEFAULTS = { login: RATE_LIMITS.loginPorIp.max, operator: RATE_LIMITS.operadorPorIp.max };

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: string;
}

/** One HTTP request from `localAddress` on a connection of its own. */
function send(
  port: number,
  localAddress: string,
  method: string,
  path: string,
  { body, token }: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress,
        agent: false,
        headers: {
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            retryAfter: res.headers['retry-after'] as string | undefined,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The limits count in fixed windows aligned to the clock (every limit here is 900 s): a run that crosses a
 * window's end would start counting again halfway. Close to the end, wait for the next window to begin.
 */
async function awayFromWindowEnd(windowSeconds = 900, marginMs = 30_000): Promise<void> {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/** Sends `attempt` from one address until it answers 429: `limit` answers `expected` come first. */
async function untilLimited(attempt: (index: number) => Promise<Answer>, expected: number, limit: number): Promise<void> {
  await awayFromWindowEnd();
  const statuses: number[] = [];
  for (let i = 0; i < limit + 2; i++) {
    const { status } = await attempt(i);
    statuses.push(status);
    if (status === 429) break;
  }
  expect(statuses).toEqual([...Array<number>(limit).fill(expected), 429]);
}

/** Registers `usuario` (password secreta123) from a third address, so no limit under test is touched. */
async function register(port: number, usuario: string): Promise<void> {
  const res = await send(port, '127.0.0.3', 'POST', '/clientes/register', {
    body: { nombre: 'Rosa Huamán', usuario, correo: `${usuario}@example.pe`, password: 'secreta123', telefono: '987654321' },
  });
  expect(res.status).toBe(201);
}

/** The checks of item 3 against a shop listening on `port` whose per-address limits are `limits`. */
function checksOn(port: () => number, limits: { login: number; operator: number } = { login: LIMIT, operator: LIMIT }) {
  it(`a stranger’s ${limits.login} wrong logins from one address do not stop the owner’s login from another`, async () => {
    await register(port(), 'duena');
    // Guesses at many names (so no per-account limit is what stops them): only the address's limit counts.
    await untilLimited(
      (i) => send(port(), STRANGER, 'POST', '/login', { body: { user: `nadie${i}`, password: 'adivinando' } }),
      401,
      limits.login,
    );
    // The stranger stays locked out, with the window's wait…
    const stranger = await send(port(), STRANGER, 'POST', '/login', { body: { user: 'duena', password: 'secreta123' } });
    expect(stranger.status).toBe(429);
    expect(Number(stranger.retryAfter)).toBeGreaterThan(0);
    // …and the owner, at her own address, gets in.
    const owner = await send(port(), OWNER, 'POST', '/login', { body: { user: 'duena', password: 'secreta123' } });
    expect(owner.status).toBe(200);
    expect(JSON.parse(owner.body)).toMatchObject({ id: expect.any(Number), mensaje: expect.any(String) });
  });

  it(`${limits.operator} wrong operator tokens from one address do not lock the operator out at another`, async () => {
    await untilLimited(
      () => send(port(), STRANGER, 'GET', '/admin/api/pedidos', { token: 'no-es-el-token-del-operador' }),
      401,
      limits.operator,
    );
    expect((await send(port(), STRANGER, 'GET', '/admin/api/pedidos', { token: TOKEN })).status).toBe(429);
    expect((await send(port(), OWNER, 'GET', '/admin/api/pedidos', { token: TOKEN })).status).toBe(200);
  });
}

const LAYERS = [
  {
    name: '`npm start` (the one-process server, behind the start gate)',
    handler: (config: ServerConfig, database: Database, distDir: string) =>
      untilReady(
        createShopServer({ services: createServices({ db: database.db, config, mailer: { send: async () => {} } }), distDir }),
        () => true,
      ),
  },
  {
    name: '`npm run api` (the API alone, behind its gate)',
    handler: (config: ServerConfig, database: Database) =>
      untilReady(createApp({ services: createServices({ db: database.db, config, mailer: { send: async () => {} } }) }), () => true, {
        everyPath: true,
      }),
  },
];

describeEachDatabase('per-address rate limits over real sockets', (target) => {
  for (const [index, layer] of LAYERS.entries()) {
    describe(layer.name, () => {
      // Ports 4704-4707 of this suite's range: one per database and layer.
      const port = 4704 + (target.name === 'PGlite' ? 0 : LAYERS.length) + index;
      let database: Database;
      let server: ServerType;
      let dir: string;
      beforeAll(async () => {
        database = await target.open();
        dir = mkdtempSync(join(tmpdir(), 'kbeauty-edge-ip-'));
        const config: ServerConfig = {
          ...serverConfig({}),
          adminToken: TOKEN,
          intervaloTrabajosSegundos: 0,
          rateLimits: {
            ...serverConfig({}).rateLimits,
            loginPorIp: tight,
            operadorPorIp: tight,
            loginPorCuenta: generous,
            registroPorIp: generous,
          },
        };
        server = await listen(layer.handler(config, database, join(dir, 'dist')), { port, hostname: '127.0.0.1' });
      });
      afterAll(async () => {
        await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
        await database?.close();
        rmSync(dir, { recursive: true, force: true });
      });
      checksOn(() => port);
    });
  }
});

/** The real scripts as processes of their own, each on a port of this suite's range (4700-4703). */
const SCRIPTS = [
  { script: 'scripts/api.ts', ready: 'API de K-Beauty Perú en' },
  { script: 'scripts/start.ts', ready: 'K-Beauty Perú lista en' },
];
const DATABASES = [
  { name: 'PGlite (DATA_DIR)', available: true },
  { name: 'PostgreSQL (DATABASE_URL)', available: Boolean(process.env.TEST_DATABASE_URL) },
];

for (const [d, database] of DATABASES.entries()) {
  for (const [s, { script, ready }] of SCRIPTS.entries()) {
    describe.skipIf(!database.available)(`${script} as its own process, on ${database.name}`, () => {
      const port = 4700 + d * SCRIPTS.length + s;
      let child: ChildProcess;
      let dir: string;
      let scratch: Awaited<ReturnType<typeof createScratchPostgres>> | undefined;
      const output: string[] = [];

      beforeAll(async () => {
        dir = mkdtempSync(join(tmpdir(), 'kbeauty-edge-ip-process-'));
        const dataDir = join(dir, 'data');
        const distDir = join(dir, 'dist');
        scratch = database.available && d === 1 ? await createScratchPostgres(process.env.TEST_DATABASE_URL!) : undefined;
        await stampCurrentSite({ url: scratch?.url, dataDir, distDir });
        child = spawn(process.execPath, ['--import', 'tsx', script], {
          env: {
            PATH: process.env.PATH,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATA_DIR: dataDir,
            DIST_DIR: distDir,
            ...(scratch ? { DATABASE_URL: scratch.url } : {}),
            SHOP_ADMIN_TOKEN: TOKEN,
            JOBS_INTERVAL_SECONDS: '0',
            REBUILD_CHECK_SECONDS: '0',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        await new Promise<void>((resolve, reject) => {
          child.stdout!.on('data', (chunk: Buffer) => {
            output.push(chunk.toString());
            if (output.join('').includes(ready)) resolve();
          });
          child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
          child.once('exit', (code) => reject(new Error(`${script} terminó con el código ${code}:\n${output.join('')}`)));
        });
        // The site was current: the script served it without building.
        expect(output.join('')).not.toContain('Construyendo la tienda');
      }, 60_000);
      afterEach(() => {
        // Every request came with its socket: the warning about an unknown address was never needed.
        expect(output.join('')).not.toContain('No se pudo saber la dirección del cliente');
      });
      afterAll(async () => {
        if (child && child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }
        await scratch?.drop();
        rmSync(dir, { recursive: true, force: true });
      });

      checksOn(() => port, DEFAULTS);
    });
  }
}

/**
 * Seeds the database the script will open and stamps `distDir` as built from its catalogue version,
 * later than the sources: `npm start` then serves it as it is instead of building the site.
 */
async function stampCurrentSite({ url, dataDir, distDir }: { url: string | undefined; dataDir: string; distDir: string }): Promise<void> {
  const database = await openDatabase(url ? { url } : { dataDir });
  try {
    await seedIfEmpty(database.db);
    mkdirSync(distDir, { recursive: true });
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>K-Beauty Perú</title>');
    writeFileSync(join(distDir, 'version.json'), JSON.stringify({ version: await catalogueVersion(database.db) }));
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000);
    utimesSync(join(distDir, 'version.json'), later, later);
  } finally {
    await database.close();
  }
}
