import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../netlify/functions/api.ts';
import { serverConfig } from '../../src/server/config.ts';
import type { CotizacionServidor, PreferenciaCreada } from '../../src/lib/api/checkout-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { describeEachDatabase } from './databases.ts';
import {
  claimQuote,
  lineOf,
  newKey,
  openShop,
  payDePrueba,
  placeOrder,
  plainProducts,
  preferenceBody,
  validBody,
  type TestShop,
} from './shop.ts';

/**
 * Item 8: the offline pago de prueba, whose page approves an order without charging, is served only when
 * the configuration turned it on (never on a public site); without Mercado Pago a public shop's
 * checkout answers 503 instead of handing out free orders.
 */
const PUBLIC_SITE = 'https://kbeauty.example';
const UNAVAILABLE = /pagos en línea no están disponibles/;

describeEachDatabase('the pago de prueba when it is off', (target) => {
  let shop: TestShop;
  beforeAll(async () => {
    // What `npm start` reads from SITE_URL=https://kbeauty.example, without MP_ACCESS_TOKEN nor NODE_ENV.
    shop = await openShop(target, { config: { pagoPrueba: serverConfig({ SITE_URL: PUBLIC_SITE }).pagoPrueba, siteUrl: PUBLIC_SITE } });
  });
  afterAll(() => shop?.close());

  it('checkout answers 503 with a Spanish mensaje, and no order keeps the stock', async () => {
    const customer = await shop.customer('publica');
    const [producto] = plainProducts(await shop.catalogue());
    const before = await shop.stockOf(producto!.idProducto);
    const body = await validBody(shop, customer, preferenceBody(customer.id, [lineOf(producto!)]));
    const res = await shop.call('POST', `/carrito/create-preference/${customer.id}`, {
      token: customer.token,
      body,
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { mensaje: string }).mensaje).toMatch(UNAVAILABLE);
    expect(await shop.stockOf(producto!.idProducto)).toBe(before);
  });

  it('the prueba endpoints answer 404: they are not there at all', async () => {
    for (const res of [await shop.call('GET', '/carrito/prueba/prueba-1'), await payDePrueba(shop, 'prueba-1', 'approved')]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ mensaje: 'Ruta no encontrada.' });
    }
  });
});

describeEachDatabase('the Netlify function', (target) => {
  it('never serves the pago de prueba, even with SITE_URL unset (localhost by default)', async () => {
    const shop = await openShop(target);
    try {
      // The function's own configuration (serverConfig with netlify: true), not the test shop's.
      const handle = createHandler(shop.database.db);
      const customer = await shop.customer('netlify');
      const [producto] = plainProducts(await shop.catalogue());
      const body = await validBody(shop, customer, preferenceBody(customer.id, [lineOf(producto!)]));
      const checkout = await handle(
        new Request(`https://kbeauty.example/carrito/create-preference/${customer.id}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${customer.token}`, 'Idempotency-Key': newKey() },
          body: JSON.stringify(body),
        }),
      );
      expect(checkout.status).toBe(503);
      expect(((await checkout.json()) as { mensaje: string }).mensaje).toMatch(UNAVAILABLE);
      expect(await (await handle(new Request('https://kbeauty.example/carrito/prueba/prueba-1'))).json()).toEqual({
        mensaje: 'Ruta no encontrada.',
      });
    } finally {
      await shop.close();
    }
  });
});

describeEachDatabase('the pago de prueba on a developer’s machine', (target) => {
  it('is on by default and pays an order', async () => {
    const shop = await openShop(target, { config: { pagoPrueba: serverConfig({}).pagoPrueba } });
    try {
      const customer = await shop.customer('local');
      const [producto] = plainProducts(await shop.catalogue());
      const preferencia = await placeOrder(shop, customer, producto!);
      expect((await shop.call('GET', `/carrito/prueba/${preferencia.id}`)).status).toBe(200);
      expect((await payDePrueba(shop, preferencia.id, 'approved')).status).toBe(200);
    } finally {
      await shop.close();
    }
  });
});

/** `npm run api` as its own process on a public SITE_URL, on a port of this suite's range. */
describe('`npm run api` with SITE_URL=https://kbeauty.example and no Mercado Pago token (a real process)', () => {
  const PORT = 4710;
  const base = `http://127.0.0.1:${PORT}`;
  let child: ChildProcess;
  let dir: string;
  const output: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kbeauty-edge-testmode-'));
    child = spawn(process.execPath, ['--import', 'tsx', 'scripts/api.ts'], {
      env: {
        PATH: process.env.PATH,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, 'data'),
        SITE_URL: PUBLIC_SITE,
        JOBS_INTERVAL_SECONDS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output.push(chunk.toString());
        if (output.join('').includes('API de K-Beauty Perú en')) resolve();
      });
      child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      child.once('exit', (code) => reject(new Error(`scripts/api.ts terminó con el código ${code}:\n${output.join('')}`)));
    });
  }, 60_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const call = (
    method: string,
    path: string,
    { body, token, headers = {} }: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${base}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it('does not approve a payment: checkout answers 503 and the test page does not exist', async () => {
    expect(
      (
        await call('POST', '/clientes/register', {
          body: { nombre: 'Rosa Huamán', usuario: 'rosa', correo: 'rosa@example.pe', password: 'secreta123', telefono: '987654321' },
        })
      ).status,
    ).toBe(201);
    const login = (await (await call('POST', '/login', { body: { user: 'rosa', password: 'secreta123' } })).json()) as {
      id: number;
      mensaje: string;
    };
    const token = login.mensaje;
    const perfil = {
      nombre: 'Rosa Huamán',
      usuario: 'rosa',
      telefono: '987654321',
      direccion: 'Av. Larco 123',
      docType: 'DNI',
      docNumber: '12345678',
    };
    expect((await call('PUT', `/web/clientes/${login.id}`, { token, body: perfil })).status).toBe(200);
    const [producto] = plainProducts((await (await call('GET', '/web/listprod')).json()) as Producto[]);
    const body = preferenceBody(login.id, [lineOf(producto!)]);
    const quote = (await (await call('POST', `/carrito/cotizar/${login.id}`, { token, body })).json()) as CotizacionServidor;

    const res = await call('POST', `/carrito/create-preference/${login.id}`, {
      token,
      body: claimQuote(body, quote),
      headers: { 'Idempotency-Key': newKey() },
    });
    const answer = (await res.json()) as Partial<PreferenciaCreada> & { mensaje?: string };
    expect(res.status).toBe(503);
    expect(answer.mensaje).toMatch(UNAVAILABLE);
    expect(answer.id).toBeUndefined();
    // The pago de prueba page a shopper approved her own order on before: gone.
    for (const res of [
      await call('GET', '/carrito/prueba/prueba-1'),
      await call('POST', '/carrito/prueba/prueba-1/pagar', { body: { resultado: 'approved' } }),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ mensaje: 'Ruta no encontrada.' });
    }
    expect((await (await call('GET', `/web/listprod`)).json()) as Producto[]).toContainEqual(
      expect.objectContaining({ idProducto: producto!.idProducto, stock: producto!.stock }),
    );
  }, 30_000);
});

describe('asking for the pago de prueba on a public site', () => {
  it.each(['scripts/start.ts', 'scripts/api.ts'])(
    '%s refuses to start, with a Spanish message',
    async (script) => {
      const dir = mkdtempSync(join(tmpdir(), 'kbeauty-edge-testmode-refused-'));
      try {
        const run = promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
          env: {
            PATH: process.env.PATH,
            PORT: '4711',
            HOST: '127.0.0.1',
            DATA_DIR: join(dir, 'data'),
            SITE_URL: PUBLIC_SITE,
            MP_TEST_MODE: 'true',
          },
          timeout: 20_000,
        });
        const failure = (await run.then(
          () => undefined,
          (error: unknown) => error,
        )) as { code: number; stderr: string } | undefined;
        expect(failure?.code).toBe(1);
        expect(failure?.stderr).toContain(
          'La tienda no arranca: MP_TEST_MODE=true no se permite porque SITE_URL (https://kbeauty.example) es una dirección pública',
        );
        expect(failure?.stderr).not.toContain('    at ');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    30_000,
  );
});
