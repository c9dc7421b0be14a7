import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../src/demo/seed.ts';
import { createApp } from '../../src/server/app.ts';
import { catalogueVersion } from '../../src/server/catalogue/queries.ts';
import { serverConfig, type ServerConfig } from '../../src/server/config.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { listen, loopbackOnly, MENSAJE_SOLO_ESTA_MAQUINA, untilReady } from '../../src/server/node/listen.ts';
import { createServices } from '../../src/server/services.ts';

/**
 * Issue 34 items 1, 2, 3 and 11 over real sockets: the real `npm start` (scripts/start.ts) as a process,
 * reached from 127.0.0.1 and from this machine's own non-loopback address (os.networkInterfaces()).
 */

/** This machine's first non-loopback IPv4 address; undefined when it has none (those cases are skipped). */
const OWN = Object.values(networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
const LOOPBACK = '127.0.0.1';
const TOKEN = 'operador-de-prueba-0123456789';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request to `host:port` from `localAddress`, on a connection of its own, with the raw `path` as written. */
function send(
  { host, port, from }: { host: string; port: number; from: string },
  method: string,
  path: string,
  { body, headers = {} }: { body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host,
        port,
        method,
        path,
        localAddress: from,
        agent: false,
        headers: { ...(body !== undefined ? { 'Content-Length': String(Buffer.byteLength(body)) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A TCP port free on `host` right now. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('sin puerto'))));
    });
  });
}

/** Seeds the database of `dataDir` and stamps `distDir` as built from it (with a page named `Dr. Jart+`), so `npm start` serves it without building. */
async function stampCurrentSite(dataDir: string, distDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await seedIfEmpty(database.db);
    mkdirSync(join(distDir, 'marcas', 'Dr. Jart+'), { recursive: true });
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>K-Beauty Perú</title>');
    writeFileSync(join(distDir, 'marcas', 'Dr. Jart+', 'index.html'), '<!doctype html><title>Dr. Jart+</title>');
    writeFileSync(join(distDir, '404.html'), '<!doctype html><title>No encontrada</title>');
    writeFileSync(join(distDir, 'version.json'), JSON.stringify({ version: await catalogueVersion(database.db) }));
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000);
    utimesSync(join(distDir, 'version.json'), later, later);
  } finally {
    await database.close();
  }
}

/** `npm start` as a process of its own with only PATH from this environment and `env`; resolves once it is ready. */
async function startShop(env: Record<string, string>): Promise<{ child: ChildProcess; output: string[]; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'kbeauty-trust-edge-'));
  await stampCurrentSite(join(dir, 'data'), join(dir, 'dist'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      PATH: process.env.PATH,
      DATA_DIR: join(dir, 'data'),
      DIST_DIR: join(dir, 'dist'),
      JOBS_INTERVAL_SECONDS: '0',
      REBUILD_CHECK_SECONDS: '0',
      SHOP_ADMIN_TOKEN: TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('K-Beauty Perú lista en')) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`scripts/start.ts terminó con el código ${code}:\n${output.join('')}`)));
  });
  return { child, output, dir };
}

async function stopShop(shop: { child: ChildProcess; dir: string } | undefined): Promise<void> {
  if (!shop) return;
  if (shop.child.exitCode === null) {
    const exited = new Promise((resolve) => shop.child.once('exit', resolve));
    shop.child.kill('SIGTERM');
    await exited;
  }
  rmSync(shop.dir, { recursive: true, force: true });
}

/** What a script does with `env` when it refuses to start: its exit code and what it wrote. */
async function refusalOf(script: string, env: Record<string, string>): Promise<{ code: number; stderr: string } | undefined> {
  const dir = mkdtempSync(join(tmpdir(), 'kbeauty-trust-edge-refused-'));
  try {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      env: {
        PATH: process.env.PATH,
        PORT: String(await freePort(LOOPBACK)),
        DATA_DIR: join(dir, 'data'),
        JOBS_INTERVAL_SECONDS: '0',
        ...env,
      },
      timeout: 20_000,
    });
    // A start that is not refused runs until the timeout kills it: then `code` is not 1.
    return (await run.then(
      () => undefined,
      (error: unknown) => error,
    )) as { code: number; stderr: string } | undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const json = (body: unknown) => JSON.stringify(body);
const registro = (usuario: string) => ({
  nombre: 'Rosa Huamán',
  usuario,
  correo: `${usuario}@example.pe`,
  password: 'secreta123',
  telefono: '987654321',
});

describe('`npm start` with the default settings, its test modes on (items 1 and 2)', () => {
  let shop: Awaited<ReturnType<typeof startShop>> | undefined;
  let port: number;
  beforeAll(async () => {
    port = await freePort(LOOPBACK);
    // No HOST: the default is what is under test.
    shop = await startShop({ PORT: String(port) });
  }, 90_000);
  afterAll(() => stopShop(shop));

  it('answers this machine: GET /carrito/yape is the pago de prueba’s', async () => {
    const res = await send({ host: LOOPBACK, port, from: LOOPBACK }, 'GET', '/carrito/yape');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ prueba: true });
  });

  it.skipIf(!OWN)('is not reachable at this machine’s own network address: the prueba listens on loopback only', async () => {
    const error = await send({ host: OWN!, port, from: OWN! }, 'GET', '/carrito/yape').then(
      (res) => res,
      (failure: NodeJS.ErrnoException) => failure,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });

  it('redirects an escaped spelling of a page to the page, and never to another site (item 1)', async () => {
    const to = { host: LOOPBACK, port, from: LOOPBACK };
    const page = await send(to, 'GET', '/marcas/Dr.%20Jart%2B');
    expect(page.status).toBe(301);
    expect(page.headers.location).toBe('/marcas/Dr.%20Jart+');
    // An escaped slash stays escaped: a path of this shop, which a browser never reads as another host.
    const escaped = await send(to, 'GET', '/%2F/evil.example/%2B');
    expect([escaped.status, escaped.headers.location]).toEqual([301, '/%2F/evil.example/+']);
    for (const path of ['//evil.example/%2B', '//evil.example/%2B?x=1', '//evil.example%2F%40']) {
      const res = await send(to, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.headers.location, path).toBeUndefined();
      expect(res.body, path).toContain('No encontrada');
    }
    // A HEAD asks the same question.
    const head = await send(to, 'HEAD', '//evil.example/%2B');
    expect([head.status, head.headers.location]).toEqual([404, undefined]);
  });
});

describe('a prueba served beyond this machine is refused at start (item 2)', () => {
  const MENSAJE =
    /La tienda no arranca: HOST=\S+ abriría a otras máquinas el modo de prueba \((.+)\).*Quita HOST \(o usa HOST=127\.0\.0\.1\)/;
  const cases: [script: string, situation: string, env: Record<string, string>, modes: string][] = [
    ['scripts/start.ts', 'HOST=0.0.0.0, the test modes on by default', { HOST: '0.0.0.0' }, 'MP_TEST_MODE, RECEIPTS_TEST_MODE'],
    ['scripts/api.ts', 'HOST=0.0.0.0, the test modes on by default', { HOST: '0.0.0.0' }, 'MP_TEST_MODE, RECEIPTS_TEST_MODE'],
    ['scripts/api.ts', 'HOST=::, only the receipts’ test mode', { HOST: '::', MP_TEST_MODE: 'false' }, 'RECEIPTS_TEST_MODE'],
    [
      'scripts/api.ts',
      'HOST=0.0.0.0, a Mercado Pago test token (Yape’s test phone)',
      { HOST: '0.0.0.0', MP_ACCESS_TOKEN: 'TEST-123', RECEIPTS_TEST_MODE: 'false' },
      'MP_ACCESS_TOKEN (TEST-…)',
    ],
  ];
  if (OWN) cases.push(['scripts/start.ts', 'HOST at this machine’s network address', { HOST: OWN }, 'MP_TEST_MODE, RECEIPTS_TEST_MODE']);
  it.each(cases)(
    '%s with %s: exits 1 with a Spanish message saying what to set',
    async (script, _, env, modes) => {
      const failure = await refusalOf(script, env);
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toMatch(MENSAJE);
      expect(MENSAJE.exec(failure!.stderr)![1]).toBe(modes);
      expect(failure?.stderr).toContain('MP_TEST_MODE=false y RECEIPTS_TEST_MODE=false');
      expect(failure?.stderr).not.toContain('    at ');
    },
    30_000,
  );

  it('takes 127.0.0.1 as the default HOST while a prueba is on, and 0.0.0.0 otherwise', () => {
    expect(serverConfig({}).host).toBe('127.0.0.1');
    expect(serverConfig({ MP_TEST_MODE: 'false' }).host).toBe('127.0.0.1');
    expect(serverConfig({ MP_TEST_MODE: 'false', RECEIPTS_TEST_MODE: 'false' }).host).toBe('0.0.0.0');
    expect(serverConfig({ MP_TEST_MODE: 'false', RECEIPTS_TEST_MODE: 'false', MP_ACCESS_TOKEN: 'TEST-1' }).host).toBe('127.0.0.1');
    expect(serverConfig({ HOST: '::1' }).host).toBe('::1');
  });
});

describe.skipIf(!OWN)('a prueba behind loopbackOnly, listening on this machine’s network address (item 2)', () => {
  let database: Database;
  let server: ServerType;
  let port: number;
  beforeAll(async () => {
    database = await openDatabase();
    await seedIfEmpty(database.db);
    const app = createApp({ services: createServices({ db: database.db, config: serverConfig({}), mailer: { send: async () => {} } }) });
    port = await freePort(OWN!);
    server = await listen(loopbackOnly(untilReady(app, () => true, { everyPath: true })), { port, hostname: OWN! });
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await database?.close();
  });

  it('refuses a peer at another address by its socket, whatever Host it names', async () => {
    for (const headers of [{}, { Host: 'localhost' }, { Host: `127.0.0.1:${port}` }] as Record<string, string>[]) {
      const res = await send({ host: OWN!, port, from: OWN! }, 'GET', '/carrito/yape', { headers });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ mensaje: MENSAJE_SOLO_ESTA_MAQUINA });
    }
  });

  it('answers a peer on loopback', async () => {
    const res = await send({ host: OWN!, port, from: LOOPBACK }, 'GET', '/carrito/yape');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ prueba: true });
  });
});

describe('cross-site writes to `npm start` without test modes (item 3)', () => {
  const SITE = 'https://tienda.example';
  const host = OWN ?? LOOPBACK;
  let shop: Awaited<ReturnType<typeof startShop>> | undefined;
  let port: number;
  beforeAll(async () => {
    port = await freePort(host);
    shop = await startShop({ PORT: String(port), HOST: host, SITE_URL: SITE, MP_TEST_MODE: 'false', RECEIPTS_TEST_MODE: 'false' });
  }, 90_000);
  afterAll(() => stopShop(shop));

  const froms = [LOOPBACK, ...(OWN ? [OWN] : [])];
  let n = 0;
  const usuario = () => `cruzado${++n}${Date.now() % 100_000}`;

  it.each(froms)(
    'refuses, from %s, a JSON body sent as text/plain (415) and a foreign Origin or Sec-Fetch-Site (403), storing nothing',
    async (from) => {
      const to = { host, port, from };
      const nombre = usuario();
      const attempts: [Record<string, string>, number][] = [
        [{ 'Content-Type': 'text/plain;charset=UTF-8' }, 415],
        [{ 'Content-Type': 'application/x-www-form-urlencoded' }, 415],
        [{}, 415],
        [{ 'Content-Type': 'text/plain', Origin: 'https://evil.example' }, 403],
        [{ 'Content-Type': 'application/json', Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }, 403],
        [{ 'Content-Type': 'application/json', Origin: 'null' }, 403],
        [{ 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' }, 403],
        // A page of another site whose browser names this shop's host would still be cross-site.
        [{ 'Content-Type': 'application/json', Origin: `http://${host}:${port}`, 'Sec-Fetch-Site': 'cross-site' }, 403],
      ];
      for (const [headers, status] of attempts) {
        const res = await send(to, 'POST', '/clientes/register', { body: json(registro(nombre)), headers });
        expect(res.status, JSON.stringify(headers)).toBe(status);
        expect(JSON.parse(res.body).mensaje, JSON.stringify(headers)).toMatch(status === 415 ? /JSON/ : /otro sitio/);
      }
      // The other writes a foreign page used: complaints, restock alerts, recovery codes.
      for (const path of ['/api/libro-reclamaciones', '/api/avisos-stock', '/send-correoprueba', '/login']) {
        expect((await send(to, 'POST', path, { body: '{}', headers: { 'Content-Type': 'text/plain' } })).status, path).toBe(415);
        expect(
          (await send(to, 'POST', path, { body: '{}', headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' } }))
            .status,
          path,
        ).toBe(403);
      }
      // Nothing was registered: the name is still free.
      const disponible = await send(to, 'GET', `/api/verificar-correo-o-usuario/${nombre}`);
      expect(JSON.parse(disponible.body)).toMatchObject({ exists: false });
    },
  );

  it.each(froms)(
    'takes, from %s, the spec’s client (JSON, no Origin) and the shop’s own pages (SITE_URL or the same host)',
    async (from) => {
      const to = { host, port, from };
      const allowed: Record<string, string>[] = [
        { 'Content-Type': 'application/json' },
        { 'Content-Type': 'application/json; charset=utf-8', Origin: SITE, 'Sec-Fetch-Site': 'cross-site' },
        { 'Content-Type': 'application/json', Origin: `http://${host}:${port}`, 'Sec-Fetch-Site': 'same-origin' },
      ];
      for (const headers of allowed) {
        const res = await send(to, 'POST', '/clientes/register', { body: json(registro(usuario())), headers });
        expect(res.status, JSON.stringify(headers)).toBe(201);
      }
    },
  );

  it('leaves Mercado Pago’s signed webhook and a bodyless operator call alone', async () => {
    const to = { host, port, from: LOOPBACK };
    const webhook = await send(to, 'POST', '/webhooks/mercadopago?data.id=1&type=payment', {
      body: '{}',
      headers: { 'Content-Type': 'text/plain', Origin: 'https://evil.example' },
    });
    // Judged by its signature (there is none): 401, not the cross-site 403 or the 415.
    expect(webhook.status).toBe(401);
    const cli = await send(to, 'POST', '/admin/api/cupones/NO-EXISTE/desactivar', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(cli.status).toBe(404);
  });
});

/** Item 11: whose X-Forwarded-For is trusted, and IPv6 buckets, over real sockets to one app listening on loopback and on the machine's own address. */
describe('TRUST_PROXY and the rate-limit buckets (item 11)', () => {
  const limit = { max: 2, windowSeconds: 86_400 };
  const generous = { max: 10_000, windowSeconds: 86_400 };
  let database: Database;
  const servers: ServerType[] = [];
  const ports: Record<string, Record<string, number>> = {};

  /** The app with TRUST_PROXY=`trust`, listening on 127.0.0.1 and (when there is one) on the machine's own address. */
  async function serve(trust: string): Promise<void> {
    const base = serverConfig({ TRUST_PROXY: trust, MP_TEST_MODE: 'false', RECEIPTS_TEST_MODE: 'false' });
    const config: ServerConfig = { ...base, rateLimits: { ...base.rateLimits, loginPorIp: limit, loginPorCuenta: generous } };
    const app = createApp({ services: createServices({ db: database.db, config, mailer: { send: async () => {} } }) });
    ports[trust] = {};
    for (const host of [LOOPBACK, ...(OWN ? [OWN] : [])]) {
      const port = await freePort(host);
      servers.push(
        await listen(
          untilReady(app, () => true, { everyPath: true }),
          { port, hostname: host },
        ),
      );
      ports[trust]![host] = port;
    }
  }
  beforeAll(async () => {
    database = await openDatabase();
    await seedIfEmpty(database.db);
    await serve('1');
    if (OWN) await serve(OWN);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    await database?.close();
  });

  /** The statuses of wrong logins sent from `from` to `host` with each X-Forwarded-For of `forwarded`. */
  async function logins(trust: string, host: string, from: string, forwarded: string[]): Promise<number[]> {
    const statuses: number[] = [];
    for (const [i, xff] of forwarded.entries()) {
      const res = await send({ host, port: ports[trust]![host]!, from }, 'POST', '/login', {
        body: json({ user: `nadie${i}`, password: 'adivinando' }),
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': xff },
      });
      statuses.push(res.status);
    }
    return statuses;
  }

  it('TRUST_PROXY=1 trusts the header from a proxy on this machine: each forwarded client has its own bucket', async () => {
    expect(await logins('1', LOOPBACK, LOOPBACK, ['198.51.100.1', '198.51.100.1', '198.51.100.1', '198.51.100.2'])).toEqual([
      401, 401, 429, 401,
    ]);
  });

  it.skipIf(!OWN)('TRUST_PROXY=1 ignores the header from a peer elsewhere: forged entries share the peer’s bucket', async () => {
    expect(await logins('1', OWN!, OWN!, ['198.51.100.11', '198.51.100.12', '198.51.100.13'])).toEqual([401, 401, 429]);
  });

  it.skipIf(!OWN)('TRUST_PROXY=<address> trusts the header only from that peer', async () => {
    expect(await logins(OWN!, OWN!, OWN!, ['198.51.100.21', '198.51.100.22', '198.51.100.23'])).toEqual([401, 401, 401]);
    expect(await logins(OWN!, LOOPBACK, LOOPBACK, ['198.51.100.31', '198.51.100.32', '198.51.100.33'])).toEqual([401, 401, 429]);
    // Entries the listed proxy wrote for itself are skipped: the client is left of them.
    expect(await logins(OWN!, OWN!, OWN!, [`198.51.100.41, ${OWN}`, `198.51.100.41, ${OWN}`, '198.51.100.41'])).toEqual([401, 401, 429]);
  });

  it('IPv6 clients share one bucket per /64', async () => {
    expect(
      await logins('1', LOOPBACK, LOOPBACK, [
        '2001:db8:34:1::1',
        '2001:db8:34:1:ffff:ffff:ffff:ffff',
        '2001:db8:34:1::abcd',
        '2001:db8:34:2::1',
      ]),
    ).toEqual([401, 401, 429, 401]);
  });

  it('reads TRUST_PROXY as a number or a list of addresses and networks, with a Spanish error otherwise', () => {
    expect(serverConfig({ TRUST_PROXY: '10.0.0.5, 192.168.1.0/24 2001:db8::/32' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.1.0/24',
      '2001:db8::/32',
    ]);
    expect(() => serverConfig({ TRUST_PROXY: '10.0.0.5, proxy.local' })).toThrow(
      /TRUST_PROXY debe ser el número de proxies.*"proxy\.local"/,
    );
    expect(() => serverConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});
