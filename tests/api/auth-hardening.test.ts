import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverConfig, type RateLimit, type ServerConfig } from '../../src/server/config.ts';
import { createApp } from '../../src/server/app.ts';
import { lazySecret, NETLIFY_CLIENT_IP_HEADER } from '../../src/server/auth/context.ts';
import type { Database, Db } from '../../src/server/db/client.ts';
import { clientes, codigosRecuperacion } from '../../src/server/db/schema/index.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { describeEachDatabase } from './databases.ts';

const generous = { max: 10_000, windowSeconds: 900 };
const tight = (max: number, windowSeconds = 900): RateLimit => ({ max, windowSeconds });

/** Unit checks of the settings these fixes added (no database). */
describe('auth settings', () => {
  it('reads TRUST_PROXY as a number of trusted proxies', () => {
    expect(serverConfig({}).trustProxy).toBe(0);
    expect(serverConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(serverConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(() => serverConfig({ TRUST_PROXY: 'sí' })).toThrow(/TRUST_PROXY debe ser el número de proxies/);
  });
  it('requires a JWT_SECRET of at least 32 bytes in production, with a Spanish error', () => {
    expect(() => serverConfig({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET es obligatorio en producción y debe tener al menos 32 bytes/,
    );
    expect(() => serverConfig({ NODE_ENV: 'production', JWT_SECRET: 'corto-y-adivinable' })).toThrow(/al menos 32 bytes/);
    expect(serverConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
    expect(serverConfig({}).jwtSecret).toBeUndefined();
  });
});

describeEachDatabase('auth hardening', (target) => {
  let database: Database;
  let base: ServerConfig;
  const sent: MailMessage[] = [];
  let users = 0;

  const appWith = (overrides: Partial<ServerConfig> = {}, rateLimits: Partial<ServerConfig['rateLimits']> = {}) =>
    createApp({
      db: database.db,
      config: { ...base, ...overrides, rateLimits: { ...base.rateLimits, ...rateLimits } },
      mailer: { send: async (m) => void sent.push(m) },
    });
  type App = ReturnType<typeof appWith>;
  const post = (app: App, path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const from = (ip: string) => ({ 'X-Forwarded-For': ip });
  /** A fresh customer (password secreta123) registered through `app`. */
  const register = async (app: App) => {
    const usuario = `duro${++users}`;
    const res = await post(
      app,
      '/clientes/register',
      { nombre: 'Rosa Huamán', usuario, correo: `${usuario}@example.pe`, password: 'secreta123', telefono: '987654321' },
      from('10.9.9.9'),
    );
    expect(res.status).toBe(201);
    return { usuario, correo: `${usuario}@example.pe` };
  };
  const lastCode = (correo: string) => /\b(\d{6})\b/.exec(sent.filter((m) => m.to === correo).at(-1)!.text)![1]!;
  const wrongCodes = (code: string, count: number) =>
    Array.from({ length: count + 1 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0')).slice(0, count);
  /** The `name=value` of the recovery proof cookie /validar-codigo set. */
  const proofCookie = (res: Response) =>
    res.headers
      .getSetCookie()
      .find((line) => line.startsWith('prueba_recuperacion='))!
      .split(';')[0]!;
  const retryAfter = (res: Response, windowSeconds: number) => {
    expect(res.status).toBe(429);
    const seconds = Number(res.headers.get('Retry-After'));
    expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= windowSeconds).toBe(true);
  };

  beforeAll(async () => {
    database = await target.open();
    base = {
      ...serverConfig({}),
      trustProxy: 1,
      rateLimits: {
        loginPorIp: generous,
        loginPorCuenta: generous,
        registroPorIp: generous,
        recuperacionPorIp: generous,
        recuperacionPorCorreo: generous,
        operadorPorIp: generous,
        checkoutPorCuenta: generous,
        checkoutPorIp: generous,
        reclamosPorIp: generous,
        avisosPorIp: generous,
        resenasPorCuenta: generous,
        personalPorIp: generous,
        personalPorCuenta: generous,
      },
    };
  });
  afterAll(() => database?.close());

  describe('client IP (item 1)', () => {
    it('with TRUST_PROXY=1 takes the right-most X-Forwarded-For entry, so forged entries share the real bucket', async () => {
      const app = appWith({ trustProxy: 1 }, { loginPorIp: tight(2) });
      const statuses = [];
      for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3'])
        statuses.push((await post(app, '/login', { user: 'nadie1', password: 'x' }, from(`${forged}, 203.0.113.7`))).status);
      expect(statuses).toEqual([401, 401, 429]);
      expect((await post(app, '/login', { user: 'nadie1', password: 'x' }, from('203.0.113.8'))).status).toBe(401);
    });
    it('with TRUST_PROXY=2 skips one more trusted hop', async () => {
      const app = appWith({ trustProxy: 2 }, { loginPorIp: tight(2) });
      const statuses = [];
      for (const [forged, proxy] of [
        ['1.1.1.1', '10.1.0.1'],
        ['2.2.2.2', '10.1.0.2'],
        ['3.3.3.3', '10.1.0.3'],
      ]) {
        statuses.push((await post(app, '/login', { user: 'nadie2', password: 'x' }, from(`${forged}, 198.51.100.1, ${proxy}`))).status);
      }
      expect(statuses).toEqual([401, 401, 429]);
    });
    it("on Netlify gives each visitor its own bucket by the platform's header", async () => {
      const app = appWith({ trustProxy: 0, clientIpHeader: NETLIFY_CLIENT_IP_HEADER }, { loginPorIp: tight(1) });
      const login = (ip: string, forged: string) =>
        post(app, '/login', { user: 'nadie3', password: 'x' }, { [NETLIFY_CLIENT_IP_HEADER]: ip, ...from(forged) });
      expect((await login('198.51.100.20', '9.9.9.1')).status).toBe(401);
      expect((await login('198.51.100.21', '9.9.9.1')).status).toBe(401);
      expect((await login('198.51.100.20', '9.9.9.2')).status).toBe(429);
    });
    it('answers an 8,000-character forwarded address like any other, never with a server error', async () => {
      const app = appWith({ trustProxy: 1 });
      const huge = randomBytes(6000).toString('base64');
      expect((await post(app, '/login', { user: 'nadie4', password: 'x' }, from(huge))).status).toBe(401);
      const netlify = appWith({ clientIpHeader: NETLIFY_CLIENT_IP_HEADER });
      expect((await post(netlify, '/login', { user: 'nadie4', password: 'x' }, { [NETLIFY_CLIENT_IP_HEADER]: huge })).status).toBe(401);
    });
  });

  describe('recovery attempts (item 2)', () => {
    it('evaluates at most five of 30 parallel guesses and never accepts the right code past the limit', async () => {
      const app = appWith();
      const { usuario, correo } = await register(app);
      expect((await post(app, '/send-correoprueba', { correo: usuario }, from('10.3.0.1'))).status).toBe(200);
      const code = lastCode(correo);
      const guesses = [...wrongCodes(code, 29), code];
      const answers = await Promise.all(
        guesses.map(
          async (guess, i) =>
            (await (await post(app, '/validar-codigo', { correo: usuario, codigoIngresado: guess }, from(`10.3.1.${i}`))).json()) as {
              success: boolean;
            },
        ),
      );
      const accepted = answers.filter((a) => a.success).length;
      const [cliente] = await database.db.select({ id: clientes.id }).from(clientes).where(eq(clientes.usuario, usuario));
      const [row] = await database.db
        .select()
        .from(codigosRecuperacion)
        .where(eq(codigosRecuperacion.clienteId, cliente!.id))
        .orderBy(desc(codigosRecuperacion.id))
        .limit(1);
      expect(row!.intentos).toBe(5);
      expect(accepted).toBeLessThanOrEqual(1);
      if (accepted === 0) {
        const late = await post(app, '/validar-codigo', { correo: usuario, codigoIngresado: code }, from('10.3.2.1'));
        expect(await late.json()).toEqual({ success: false });
      }
    });
  });

  describe('sessions (item 3)', () => {
    it('a token issued before a password reset answers 401 afterwards; a new login works', async () => {
      const app = appWith();
      const { usuario, correo } = await register(app);
      const old = (await (await post(app, '/login', { user: usuario, password: 'secreta123' }, from('10.4.0.1'))).json()) as {
        id: number;
        mensaje: string;
      };
      const profile = (token: string) => app.request(`/web/clientes/${old.id}`, { headers: { Authorization: `Bearer ${token}` } });
      expect((await profile(old.mensaje)).status).toBe(200);

      await post(app, '/send-correoprueba', { correo }, from('10.4.0.1'));
      const validated = await post(app, '/validar-codigo', { correo, codigoIngresado: lastCode(correo) }, from('10.4.0.1'));
      expect(await validated.json()).toMatchObject({ success: true });
      expect(
        (
          await post(
            app,
            '/cambiar-contrasena',
            { correo, nuevaContrasena: 'otraClave99' },
            { ...from('10.4.0.1'), Cookie: proofCookie(validated) },
          )
        ).status,
      ).toBe(200);

      const after = await profile(old.mensaje);
      expect(after.status).toBe(401);
      expect(await after.json()).toEqual({ mensaje: 'Tu sesión expiró o no es válida. Inicia sesión nuevamente.' });
      const fresh = (await (await post(app, '/login', { user: usuario, password: 'otraClave99' }, from('10.4.0.1'))).json()) as {
        mensaje: string;
      };
      expect((await profile(fresh.mensaje)).status).toBe(200);
    });
  });

  describe('JWT secret cache (item 4)', () => {
    it('retries a JWT secret look-up that failed instead of keeping the failure', async () => {
      let failures = 1;
      const flaky = new Proxy(database.db, {
        get(db, property, receiver) {
          if (property === 'insert' && failures > 0) {
            failures--;
            return () => {
              throw new Error('Conexión perdida (simulada).');
            };
          }
          return Reflect.get(db, property, receiver);
        },
      }) as Db;
      const secret = lazySecret(flaky, { ...base, jwtSecret: undefined });
      await expect(secret()).rejects.toThrow(/simulada/);
      const recovered = await secret();
      expect(recovered.byteLength).toBeGreaterThanOrEqual(32);
      expect(await secret()).toBe(recovered);
    });
  });

  describe('per-account limits (item 8)', () => {
    it("a stranger's wrong logins lock only their own address, never the owner elsewhere", async () => {
      const app = appWith({}, { loginPorCuenta: tight(3) });
      const { usuario } = await register(app);
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await post(app, '/login', { user: usuario, password: 'adivino' }, from('192.0.2.50'))).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect((await post(app, '/login', { user: usuario, password: 'secreta123' }, from('192.0.2.51'))).status).toBe(200);
    });
    it('counts the username and the e-mail of one account under one key', async () => {
      const app = appWith({}, { loginPorCuenta: tight(3), recuperacionPorCorreo: tight(1, 3600) });
      const { usuario, correo } = await register(app);
      const statuses = [];
      for (const user of [usuario, correo, usuario.toUpperCase(), correo])
        statuses.push((await post(app, '/login', { user, password: 'adivino' }, from('192.0.2.60'))).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect((await post(app, '/send-correoprueba', { correo: usuario }, from('192.0.2.61'))).status).toBe(200);
      expect((await post(app, '/send-correoprueba', { correo }, from('192.0.2.62'))).status).toBe(429);
    });
    it('caps one account across addresses at five times the per-address limit', async () => {
      const app = appWith({}, { loginPorCuenta: tight(2) });
      const { usuario } = await register(app);
      const statuses = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await post(app, '/login', { user: usuario, password: 'adivino' }, from(`192.0.3.${Math.floor(i / 2)}`))).status);
      expect(statuses).toEqual(Array(10).fill(401));
      retryAfter(await post(app, '/login', { user: usuario, password: 'secreta123' }, from('192.0.3.99')), 900);
    });
    /** Ten wrong passwords from five addresses: the account's ceiling (5 × 2) is used up. */
    const fillCeiling = async (app: App, usuario: string, net: string) => {
      for (let i = 0; i < 10; i++)
        expect((await post(app, '/login', { user: usuario, password: 'adivino' }, from(`${net}.${Math.floor(i / 2)}`))).status).toBe(401);
      expect((await post(app, '/login', { user: usuario, password: 'adivino' }, from(`${net}.50`))).status).toBe(429);
    };
    /** The `name=value` of the device cookie a login set. */
    const deviceCookie = (res: Response) =>
      res.headers
        .getSetCookie()
        .find((line) => line.startsWith('dispositivo='))
        ?.split(';')[0] ?? '';
    it("past the ceiling, the owner's browser still signs in, and her success lifts the ceiling for her other clients (issue 21, item 10)", async () => {
      const app = appWith({}, { loginPorCuenta: tight(2) });
      const { usuario } = await register(app);
      const first = await post(app, '/login', { user: usuario, password: 'secreta123' }, from('192.0.5.1'));
      expect(first.status).toBe(200);
      const attributes = first.headers
        .getSetCookie()
        .find((line) => line.startsWith('dispositivo='))!
        .split(';')
        .map((part) => part.trim().toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(['httponly', 'secure', 'samesite=strict', 'path=/login']));
      const cookie = deviceCookie(first);

      await fillCeiling(app, usuario, '192.0.6');
      // Her browser, even from another address (a phone changes networks), with her password.
      expect((await post(app, '/login', { user: usuario, password: 'secreta123' }, { ...from('192.0.5.2'), Cookie: cookie })).status).toBe(
        200,
      );
      // Her success lifted the ceiling: a client she never used signs in too.
      expect((await post(app, '/login', { user: usuario, password: 'secreta123' }, from('192.0.5.3'))).status).toBe(200);
      // The stranger's own address keeps its per-(account, IP) limit.
      expect((await post(app, '/login', { user: usuario, password: 'adivino' }, from('192.0.6.0'))).status).toBe(429);
    });
    it('a device cookie opens no extra guesses: a wrong password still fails, a forged or foreign cookie waits like anyone', async () => {
      const app = appWith({}, { loginPorCuenta: tight(2) });
      const owner = await register(app);
      const other = await register(app);
      const cookie = deviceCookie(await post(app, '/login', { user: owner.usuario, password: 'secreta123' }, from('192.0.7.1')));
      const foreign = deviceCookie(await post(app, '/login', { user: other.usuario, password: 'secreta123' }, from('192.0.7.2')));
      await fillCeiling(app, owner.usuario, '192.0.8');

      expect(
        (await post(app, '/login', { user: owner.usuario, password: 'adivino' }, { ...from('192.0.7.3'), Cookie: cookie })).status,
      ).toBe(401);
      const [id, sesion, emitido, mac] = cookie.slice('dispositivo='.length).split('.');
      const forged = [
        `dispositivo=${id}.${sesion}.${Number(emitido) + 1}.${mac}`,
        `dispositivo=${id}.${sesion}.${emitido}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`,
        foreign,
        'dispositivo=basura',
      ];
      for (const Cookie of forged)
        expect([
          Cookie,
          (await post(app, '/login', { user: owner.usuario, password: 'secreta123' }, { ...from('192.0.7.4'), Cookie })).status,
        ]).toEqual([Cookie, 429]);
      // The owner's browser has its own per-(account, IP) limit like any address.
      expect(
        (await post(app, '/login', { user: owner.usuario, password: 'adivino' }, { ...from('192.0.7.3'), Cookie: cookie })).status,
      ).toBe(401);
      expect(
        (await post(app, '/login', { user: owner.usuario, password: 'secreta123' }, { ...from('192.0.7.3'), Cookie: cookie })).status,
      ).toBe(429);
    });
    it('a password reset by e-mail lifts the ceiling and forgets the browsers signed in with the old password', async () => {
      const app = appWith({}, { loginPorCuenta: tight(2) });
      const { usuario, correo } = await register(app);
      const oldCookie = deviceCookie(await post(app, '/login', { user: usuario, password: 'secreta123' }, from('192.0.9.1')));
      await fillCeiling(app, usuario, '192.0.10');
      expect((await post(app, '/login', { user: usuario, password: 'secreta123' }, from('192.0.9.2'))).status).toBe(429);

      await post(app, '/send-correoprueba', { correo }, from('192.0.9.3'));
      const validated = await post(app, '/validar-codigo', { correo, codigoIngresado: lastCode(correo) }, from('192.0.9.3'));
      expect(
        (
          await post(
            app,
            '/cambiar-contrasena',
            { correo, nuevaContrasena: 'nuevaClave77' },
            { ...from('192.0.9.3'), Cookie: proofCookie(validated) },
          )
        ).status,
      ).toBe(200);
      expect((await post(app, '/login', { user: usuario, password: 'nuevaClave77' }, from('192.0.9.4'))).status).toBe(200);

      // A browser signed in before the reset counts as unknown again once the ceiling is reached.
      await fillCeiling(app, usuario, '192.0.11');
      expect(
        (await post(app, '/login', { user: usuario, password: 'nuevaClave77' }, { ...from('192.0.9.5'), Cookie: oldCookie })).status,
      ).toBe(429);
    });
    it("a successful login clears that address's failures for the account", async () => {
      const app = appWith({}, { loginPorCuenta: tight(3) });
      const { usuario } = await register(app);
      for (let i = 0; i < 2; i++)
        expect((await post(app, '/login', { user: usuario, password: 'adivino' }, from('192.0.2.70'))).status).toBe(401);
      expect((await post(app, '/login', { user: usuario, password: 'secreta123' }, from('192.0.2.70'))).status).toBe(200);
      for (let i = 0; i < 3; i++)
        expect((await post(app, '/login', { user: usuario, password: 'adivino' }, from('192.0.2.70'))).status).toBe(401);
    });
    it('sends Retry-After in seconds with every 429: login, registration, recovery and the operator API', async () => {
      const app = appWith(
        { adminToken: 'token-de-operador-de-prueba' },
        { loginPorIp: tight(1), registroPorIp: tight(1, 3600), recuperacionPorIp: tight(1, 3600), operadorPorIp: tight(1) },
      );
      await post(app, '/login', { user: 'nadie5', password: 'x' }, from('192.0.2.80'));
      retryAfter(await post(app, '/login', { user: 'nadie5', password: 'x' }, from('192.0.2.80')), 900);
      await post(app, '/clientes/register', {}, from('192.0.2.81'));
      retryAfter(await post(app, '/clientes/register', {}, from('192.0.2.81')), 3600);
      await post(app, '/send-correoprueba', { correo: 'nadie5' }, from('192.0.2.82'));
      retryAfter(await post(app, '/send-correoprueba', { correo: 'nadie5' }, from('192.0.2.82')), 3600);
      const operator = () => app.request('/admin/api/pedidos', { headers: { Authorization: 'Bearer adivinanza', ...from('192.0.2.83') } });
      expect((await operator()).status).toBe(401);
      retryAfter(await operator(), 900);
    });
  });
});
