import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CotizacionServidor, DetallePedido, PreferenciaCreada } from '../../src/lib/api/checkout-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { startApiProcess, stopApiProcesses, type ApiProcess } from './api-processes.ts';
import { createScratchPostgres } from './databases.ts';
import { claimQuote, lineOf, newKey, plainProducts, preferenceBody } from './shop.ts';

/**
 * Issue 34, item 5: stock hoarding with several free accounts, against the real `npm run api` process over real
 * sockets from two client addresses (127.0.0.1 and 127.0.0.2: each has its own per-IP rate-limit buckets). The
 * accounts, at the same moment, cannot hold more than half of a product's 30 units in unpaid orders with pending
 * cash codes; the next shopper finds it on sale and is told others are paying; the cash codes' holds end at the
 * codes' own deadline (CASH_PAYMENT_MINUTES=1 here), run by the process's own worker, and the units come back.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const TOKEN = 'operador-de-prueba-acaparar-0123456789';
const PERMISIVO = '100000/3600';
const targets = [
  { name: 'PGlite', port: 4761, available: true },
  { name: 'PostgreSQL', port: 4762, available: Boolean(serverUrl) },
];

type Answer = { status: number; json: any };

// The two databases side by side: each waits a minute for the codes' deadline, and the waits overlap.
describe.concurrent('stock hoarding', () => {
  for (const target of targets) {
    describe.skipIf(!target.available)(`stock hoarding through the real API process on ${target.name}`, () => {
      let api: ApiProcess;
      let dir: string;
      let scratch: Awaited<ReturnType<typeof createScratchPostgres>> | undefined;
      let producto: Producto;
      let next = 0;

      /** A request over a real socket from `ip` (a loopback address) to the process. */
      const from = (ip: string, method: string, path: string, { body, token }: { body?: unknown; token?: string } = {}) =>
        new Promise<Answer>((resolve, reject) => {
          const headers = {
            'Content-Type': 'application/json',
            ...(token ? { Authorization: `Bearer ${token}` } : {}),
            ...(method === 'POST' && path.startsWith('/carrito/create') ? { 'Idempotency-Key': newKey() } : {}),
          };
          const req = request({ host: '127.0.0.1', port: target.port, path, method, localAddress: ip, headers }, (res) => {
            let data = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (data += chunk));
            res.on('end', () => resolve({ status: res.statusCode!, json: data ? JSON.parse(data) : {} }));
          });
          req.on('error', reject);
          req.end(body === undefined ? undefined : JSON.stringify(body));
        });
      const ok = async (answer: Promise<Answer>) => {
        const res = await answer;
        if (res.status >= 300) throw new Error(`respondió ${res.status}: ${JSON.stringify(res.json)}`);
        return res.json;
      };
      /** A customer registered, signed in and given a document from `ip`. */
      const customer = async (ip: string) => {
        const usuario = `acapara${target.name.toLowerCase()}${++next}`;
        await ok(
          from(ip, 'POST', '/clientes/register', {
            body: { nombre: `Cliente ${usuario}`, usuario, correo: `${usuario}@example.pe`, password: 'secreta123', telefono: '987654321' },
          }),
        );
        const login = (await ok(from(ip, 'POST', '/login', { body: { user: usuario, password: 'secreta123' } }))) as {
          id: number;
          mensaje: string;
        };
        const perfil = {
          nombre: `Cliente ${usuario}`,
          usuario,
          telefono: '987654321',
          direccion: 'Av. Larco 123',
          docType: 'DNI',
          docNumber: '12345678',
        };
        await ok(from(ip, 'PUT', `/web/clientes/${login.id}`, { token: login.mensaje, body: perfil }));
        return { ip, id: login.id, token: login.mensaje };
      };
      type Customer = Awaited<ReturnType<typeof customer>>;
      const checkout = async (who: Customer, cantidad: number) => {
        const body = preferenceBody(who.id, [lineOf(producto, cantidad)]);
        const quote = (await ok(from(who.ip, 'POST', `/carrito/cotizar/${who.id}`, { token: who.token, body }))) as CotizacionServidor;
        return claimQuote(body, quote);
      };
      const pay = (who: Customer, body: unknown) =>
        from(who.ip, 'POST', `/carrito/create-preference/${who.id}`, { token: who.token, body });
      /** The product's live stock, read from the database by the process. */
      const stockOf = async () =>
        ((await ok(from('127.0.0.1', 'GET', `/web/detailprod/${producto.idProducto}`))) as { mensaje: Producto[] }).mensaje[0]!.stock;
      const estadoOf = async (who: Customer, idVenta: number) =>
        ((await ok(from(who.ip, 'GET', `/api/detalle-pedido/${idVenta}`, { token: who.token }))) as { mensaje: DetallePedido }).mensaje
          .estado;

      beforeAll(async () => {
        dir = mkdtempSync(join(tmpdir(), 'kbeauty-acaparar-'));
        if (target.name === 'PostgreSQL') scratch = await createScratchPostgres(serverUrl!);
        api = startApiProcess(target.port, {
          ...(scratch ? { DATABASE_URL: scratch.url } : {}),
          // A PostgreSQL database starts empty unless the demo is asked for; the test sells its products.
          DEMO_CATALOGUE: 'true',
          DATA_DIR: join(dir, 'data'),
          JOBS_INTERVAL_SECONDS: '1',
          MP_TEST_MODE: 'true',
          RECEIPTS_TEST_MODE: 'true',
          SHOP_ADMIN_TOKEN: TOKEN,
          PAYMENT_RESERVATION_MINUTES: '1',
          CASH_PAYMENT_MINUTES: '1',
          RATE_LIMIT_REGISTROPORIP: PERMISIVO,
          RATE_LIMIT_LOGINPORIP: PERMISIVO,
        });
        await api.ready;
        producto = plainProducts((await ok(from('127.0.0.1', 'GET', '/web/listprod'))) as Producto[])[0]!;
        await ok(from('127.0.0.1', 'PATCH', `/admin/api/productos/${producto.idProducto}`, { token: TOKEN, body: { stock: 30 } }));
      }, 180_000);

      afterAll(async () => {
        if (api) await stopApiProcesses([api]);
        await scratch?.drop();
        if (dir) rmSync(dir, { recursive: true, force: true });
      });

      it('six accounts from two addresses hold at most 15 of 30 units with pending cash codes; the next shopper is told others are paying; the codes’ deadline gives the units back', async () => {
        const hoarders = await Promise.all(
          ['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.2', '127.0.0.2', '127.0.0.2'].map((ip) => customer(ip)),
        );
        const bodies = await Promise.all(hoarders.map((who) => checkout(who, 10)));
        // All at once, each account for 10 units (the most one order takes), each from its own address's bucket.
        const answers = await Promise.all(hoarders.map((who, i) => pay(who, bodies[i])));
        const statuses = answers.map((res) => res.status);
        expect(statuses.filter((s) => s === 200)).toHaveLength(1);
        expect(statuses.filter((s) => s === 409)).toHaveLength(5);
        for (const res of answers.filter((r) => r.status === 409))
          expect(res.json.mensaje).toMatch(/puedes reservar como máximo 5 unidad\(es\)/);
        const winner = statuses.indexOf(200);
        const held: { who: Customer; created: PreferenciaCreada }[] = [
          { who: hoarders[winner]!, created: answers[winner]!.json as PreferenciaCreada },
        ];
        // A second account, from the other address, takes the 5 left of the share.
        const other = hoarders.find((who, i) => i !== winner && who.ip !== hoarders[winner]!.ip)!;
        const second = await pay(other, await checkout(other, 5));
        expect(second.status, JSON.stringify(second.json)).toBe(200);
        held.push({ who: other, created: second.json as PreferenciaCreada });
        // Each leaves a cash code pending (PagoEfectivo on Mercado Pago's page).
        for (const { created } of held)
          await ok(from('127.0.0.1', 'POST', `/carrito/prueba/${created.id}/pagar`, { body: { resultado: 'pending' } }));
        expect(await stockOf()).toBe(15);

        const shopper = await customer('127.0.0.2');
        const refused = await pay(shopper, await checkout(shopper, 1));
        expect(refused.status).toBe(409);
        expect(refused.json.mensaje).toMatch(/^Otros clientes están pagando las unidades de .+ que se pueden reservar ahora/);
        expect(refused.json.mensaje).not.toMatch(/agotado/);

        // The codes were given a one-minute deadline: the worker cancels their orders then, not a day later.
        for (const { who, created } of held) expect(await estadoOf(who, created.idVenta)).toBe('PENDIENTE');
        const hasta = Date.now() + 100_000;
        while ((await stockOf()) !== 30 && Date.now() < hasta) await new Promise((resolve) => setTimeout(resolve, 1_000));
        expect(await stockOf()).toBe(30);
        for (const { who, created } of held) expect(await estadoOf(who, created.idVenta)).toBe('CANCELADO');
        const now = await pay(shopper, await checkout(shopper, 1));
        expect(now.status, JSON.stringify(now.json)).toBe(200);
      }, 180_000);
    });
  }
});
