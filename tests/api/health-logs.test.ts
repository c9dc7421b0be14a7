import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, isApiPath } from '../../src/server/app.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { loggablePath } from '../../src/server/http/request-log.ts';
import { createServices } from '../../src/server/services.ts';
import { serverConfig } from '../../src/server/config.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, type TestShop } from './shop.ts';

describeEachDatabase('GET /health and the request log', (target) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openShop(target);
  });
  afterAll(() => shop.close());

  it('is an API path', () => {
    expect(isApiPath('/health')).toBe(true);
    expect(isApiPath('/healthy')).toBe(false);
  });

  it('answers 200 with the database up, its catalogue version and the built one, and nothing else', async () => {
    const { version } = (await (await shop.call('GET', '/web/version')).json()) as { version: number };
    const app = createApp({ services: shop.services, builtVersion: () => version - 1 });
    const res = await app.request('/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toEqual({ estado: 'ok', baseDeDatos: 'up', catalogo: { version, construido: version - 1 } });
    // Without a built site beside it (npm run api, tests) the built version is unknown.
    expect(((await (await shop.call('GET', '/health')).json()) as { catalogo: unknown }).catalogo).toEqual({ version, construido: null });
  });

  it('logs one line per request with method, path, status and duration, and never a password, token or code', async () => {
    const lines: string[] = [];
    const app = createApp({ services: shop.services, logRequest: (line) => lines.push(line) });
    const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      app.request(path, {
        method,
        headers: { 'Content-Type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const cliente = await shop.customer('registrada');
    const secrets = ['secreta123', cliente.token, 'registrada@example.pe', 'token-en-la-url', 'clave-nueva-456'];
    expect((await call('POST', '/login', { user: 'registrada', password: 'secreta123' })).status).toBe(200);
    expect(
      (await call('GET', `/web/clientes/${cliente.id}?token=token-en-la-url`, undefined, { Authorization: `Bearer ${cliente.token}` }))
        .status,
    ).toBe(200);
    expect((await call('GET', '/api/verificar-correo-o-usuario/registrada@example.pe')).status).toBe(200);
    expect((await call('POST', '/send-correoprueba', { correo: 'registrada' })).status).toBe(200);
    const codigo = /\b(\d{6})\b/.exec(shop.sent.at(-1)!.text)![1]!;
    secrets.push(codigo);
    const validado = await call('POST', '/validar-codigo', { correo: 'registrada', codigoIngresado: codigo });
    expect(await validado.json()).toMatchObject({ success: true });
    const prueba = validado.headers
      .getSetCookie()
      .find((line) => line.startsWith('prueba_recuperacion='))!
      .split(';')[0]!;
    secrets.push(prueba.split('=')[1]!);
    expect(
      (await call('POST', '/cambiar-contrasena', { correo: 'registrada', nuevaContrasena: 'clave-nueva-456' }, { Cookie: prueba })).status,
    ).toBe(200);
    expect((await call('GET', '/no-existe?codigo=123456')).status).toBe(404);

    expect(lines).toHaveLength(7);
    for (const line of lines) {
      expect(line).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z (GET|POST) \/\S* \d{3} \d+ ms$/);
      for (const secret of secrets) expect(line).not.toContain(secret);
    }
    expect(lines[0]).toMatch(/ POST \/login 200 \d+ ms$/);
    expect(lines[1]).toMatch(new RegExp(` GET /web/clientes/${cliente.id} 200 `));
    expect(lines[2]).toContain(' GET /api/verificar-correo-o-usuario/… 200 ');
    expect(lines[6]).toMatch(/ GET \/no-existe 404 /);
  });

  it('masks the keys of the comprobante page and of the unsubscribe links, which open a buyer’s data or end her alerts (issue 34 item 8)', async () => {
    const lines: string[] = [];
    const app = createApp({ services: shop.services, logRequest: (line) => lines.push(line) });
    const key = 'Zq3xV9kLm2Pw8RtY4uBn7A';
    const calls: [string, string][] = [
      ['GET', `/api/comprobantes/${key}`],
      ['GET', `/api/avisos-stock/baja/${key}`],
      ['GET', `/api/resenas/baja/${key}`],
      ['POST', `/api/resenas/baja/${key}`],
    ];
    for (const [method, path] of calls) await app.request(path, { method });
    expect(lines).toHaveLength(calls.length);
    for (const line of lines) expect(line).not.toContain(key);
    expect(lines.map((line) => line.split(' ').slice(1, 3).join(' '))).toEqual([
      'GET /api/comprobantes/…',
      'GET /api/avisos-stock/baja/…',
      'GET /api/resenas/baja/…',
      'POST /api/resenas/baja/…',
    ]);
  });

  it('masks the name or e-mail being checked, and keeps every other path', () => {
    expect(loggablePath('/api/verificar-correo-o-usuario/ana%40example.pe')).toBe('/api/verificar-correo-o-usuario/…');
    expect(loggablePath('/web/searchMar/COSRX')).toBe('/web/searchMar/COSRX');
  });
});

describe('GET /health without a database', () => {
  it('answers 503 with the database down', async () => {
    const database = await openDatabase();
    const app = createApp({
      services: createServices({ db: database.db, config: serverConfig({}), mailer: { send: async () => {} } }),
      builtVersion: () => 7,
    });
    await database.close();
    const res = await app.request('/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ estado: 'sin base de datos', baseDeDatos: 'down', catalogo: { version: null, construido: 7 } });
  });
});
