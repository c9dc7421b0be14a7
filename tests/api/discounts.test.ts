import { afterAll, beforeAll, expect, it } from 'vitest';
import { serverConfig } from '../../src/server/config.ts';
import { createApp } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/client.ts';
import { seedIfEmpty } from '../../src/demo/seed.ts';
import { describeEachDatabase } from './databases.ts';

describeEachDatabase('coupon API', (target) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let ana: { id: number; token: string };
  let luis: { id: number; token: string };
  const get = (path: string, token?: string) => app.request(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const signUp = async (usuario: string) => {
    const post = (path: string, body: object) =>
      app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    await post('/clientes/register', {
      nombre: usuario,
      usuario,
      correo: `${usuario}@example.pe`,
      password: 'secreta123',
      telefono: '987654321',
    });
    const login = (await (await post('/login', { user: usuario, password: 'secreta123' })).json()) as { id: number; mensaje: string };
    return { id: login.id, token: login.mensaje };
  };

  beforeAll(async () => {
    database = await target.open();
    await seedIfEmpty(database.db);
    app = createApp({ db: database.db, config: serverConfig({}), mailer: { send: async () => {} } });
    ana = await signUp('ana');
    luis = await signUp('luis');
  });
  afterAll(() => database?.close());

  it('gives a new customer a one-use welcome coupon, only to that customer', async () => {
    const res = await get(`/api/descuento-usuario/${ana.id}`, ana.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 'BIENVENIDA-ANA', porcentaje: 10, usado: false });
    expect((await get(`/api/descuento-usuario/${luis.id}`, ana.token)).status).toBe(403);
    expect((await get(`/api/descuento-usuario/${ana.id}`)).status).toBe(401);
  });

  it('lists the active shop coupons to signed-in customers', async () => {
    expect((await get('/api/descuentos')).status).toBe(401);
    expect((await get('/api/descuentos', 'no-es-un-token')).status).toBe(401);
    const coupons = (await (await get('/api/descuentos', luis.token)).json()) as Record<string, unknown>[];
    expect(coupons.map((c) => c.codigo)).toEqual(['KBEAUTY10', 'NAVIDAD25', 'VERANO15', 'COSRX20', 'SERUM15']);
    const cosrx = coupons.find((c) => c.codigo === 'COSRX20')!;
    expect(cosrx).toMatchObject({
      descuento: 20,
      activo: true,
      usado: false,
      assignedProducts: '',
      assignedBrands: expect.stringMatching(/^\d+$/),
    });
    expect(String(coupons.find((c) => c.codigo === 'SERUM15')!.assignedProducts)).toMatch(/^\d+(,\d+)+$/);
    const [current, future, expired] = coupons;
    const today = new Date().toISOString().slice(0, 10);
    expect(String(current!.fecha_inicio) <= today && today <= String(current!.fecha_fin)).toBe(true);
    expect(String(future!.fecha_inicio) > today).toBe(true);
    expect(String(expired!.fecha_fin) < today).toBe(true);
  });
});
