import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { MENSAJE_SIN_BASE_DE_DATOS } from '../../src/server/http/errors.ts';
import { startFaultProxy, startSilentServer, type FaultProxy } from './fault-proxy.ts';
import { openShop, type TestShop } from './shop.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
/** Short limits, so a silent database shows within a test's patience; production's are in src/server/config.ts. */
const limits = { poolMax: 10, connectTimeoutMs: 1_000, statementTimeoutMs: 1_500 };

/** Milliseconds `run` took. */
async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const result = await run();
  return [result, Math.round(performance.now() - t0)];
}

describe.skipIf(!serverUrl)(`the API on a PostgreSQL that stops answering${serverUrl ? '' : ' (skipped: set TEST_DATABASE_URL)'}`, () => {
  const name = `kbeauty_test_${randomBytes(6).toString('hex')}`;
  let proxy: FaultProxy;
  let shop: TestShop;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const target = new URL(serverUrl!);
    proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(serverUrl!);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    viaProxy.pathname = `/${name}`;
    shop = await openShop({ name: 'PostgreSQL tras un proxy', open: () => openDatabase({ url: viaProxy.toString(), limits }) });
  }, 60_000);
  afterAll(async () => {
    await proxy?.close();
    await shop?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('answers 503 with a Spanish mensaje within a few seconds, and recovers by itself', async () => {
    const version = () => shop.call('GET', '/web/version');
    expect((await version()).status).toBe(200);
    proxy.blackhole();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // An idle pooled connection gone silent (the read timeout), then a new connection (the connect timeout).
      for (let i = 0; i < 2; i++) {
        const [res, ms] = await timed(version);
        console.info(`503 en ${ms} ms con la base de datos muda`);
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({ mensaje: MENSAJE_SIN_BASE_DE_DATOS });
        expect(ms).toBeLessThan(4_000);
      }
      // A transaction (checkout, registration) too: its connection is dropped, not handed back stuck.
      const register = await shop.call('POST', '/clientes/register', {
        body: { nombre: 'Ana Díaz', usuario: 'anadiaz', correo: 'ana@example.pe', password: 'secreta123', telefono: '987654321' },
      });
      expect(register.status).toBe(503);
    } finally {
      errors.mockRestore();
    }
    proxy.restore();
    const [recovered, ms] = await timed(async () => {
      for (;;) {
        const res = await version();
        if (res.status === 200) return res;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    });
    console.info(`recuperada ${ms} ms después de volver la base de datos`);
    expect(recovered.status).toBe(200);
    expect(ms).toBeLessThan(10_000);
    // Every pooled connection works again, not just one.
    const again = await Promise.all(Array.from({ length: 12 }, version));
    expect(again.map((res) => res.status)).toEqual(Array(12).fill(200));
  }, 60_000);
});

describe('npm start while its PostgreSQL server accepts connections but never answers', () => {
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  let dir: string;
  let child: ChildProcess;
  let output = '';

  beforeAll(async () => {
    silent = await startSilentServer();
    dir = mkdtempSync(join(tmpdir(), 'kbeauty-outage-'));
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>K-Beauty Perú</title><p>Portada construida</p>');
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await silent.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the built pages, answers 503 on the API, and stops within seconds on SIGTERM', async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `postgres://postgres@127.0.0.1:${silent.port}/tienda`,
        DB_CONNECT_TIMEOUT_MS: '1000',
        DATA_DIR: join(dir, 'data'),
        DIST_DIR: join(dir, 'dist'),
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const base = `http://127.0.0.1:${port}`;
    const home = await waitFor(() => fetch(`${base}/`), 60_000);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Portada construida');
    const [api, ms] = await timed(() => fetch(`${base}/web/version`));
    console.info(`npm start: /web/version respondió ${api.status} en ${ms} ms`);
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({ mensaje: MENSAJE_SIN_BASE_DE_DATOS });
    await waitFor(async () => (/no responde/.test(output) ? true : undefined), 10_000);
    expect(output).toMatch(/se sigue sirviendo/);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const [code, stopMs] = await timed(async () => {
      child.kill('SIGTERM');
      return exited;
    });
    console.info(`npm start: SIGTERM → salida en ${stopMs} ms`);
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(5_000);
  }, 90_000);
});

/** Retries `probe` (failures and undefined count as not yet) until it gives a value or time runs out. */
async function waitFor<T>(probe: () => Promise<T | undefined>, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`No ocurrió en ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
