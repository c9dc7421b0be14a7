import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { productPath } from '../../src/lib/catalogue/routes.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { RATE_LIMITS } from '../../src/server/config.ts';
import { avisosStock, productos, trabajos } from '../../src/server/db/schema/index.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { decodeParts, startTestSmtp } from '../fixtures/smtp.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, placeOrder, plainProducts, runJobsUntilIdle, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';
const URL_AVISOS = '/api/avisos-stock';
const SITE = 'https://tienda.example.pe';
const generous = { max: 100_000, windowSeconds: 900 };
const POR_IP = 3;

describeEachDatabase("'Avísame cuando llegue'", (target) => {
  let shop: TestShop;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  let ip = 0;
  let plain: Producto[];
  let siguiente = 0;
  /** A product of its own for each test, sold out. */
  const agotado = async () => {
    const producto = plain[siguiente++]!;
    await shop.setStock(producto.idProducto, 0);
    return producto;
  };
  const pedir = (body: unknown, { token, desde }: { token?: string; desde?: string } = {}) =>
    shop.call('POST', URL_AVISOS, { body, token, headers: { 'X-Forwarded-For': desde ?? `10.40.${Math.floor(++ip / 250)}.${ip % 250}` } });
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
  /** The operator's stock change, as `npm run shop` and the e2e make it. */
  const stock = async (id: number, valor: number) => {
    const res = await shop.call('PATCH', `/admin/api/productos/${id}`, {
      token: TOKEN,
      body: { stock: valor },
      headers: { 'X-Forwarded-For': '10.41.0.1' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
  };
  const trabajar = () => runJobsUntilIdle(shop);
  const correosPara = (to: string) => smtp.messages.filter((m) => m.to.includes(to)).map((m) => decodeParts(m.raw));
  const filas = (productoId: number) =>
    shop.database.db.select().from(avisosStock).where(eq(avisosStock.productoId, productoId)).orderBy(avisosStock.id);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    const rateLimits = {
      ...(Object.fromEntries(Object.keys(RATE_LIMITS).map((name) => [name, generous])) as typeof RATE_LIMITS),
      avisosPorIp: { max: POR_IP, windowSeconds: 3600 },
    };
    shop = await openShop(target, {
      mailer: createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'tienda@example.pe' }),
      // Notices go as soon as the stock is back here; the settle period has a test of its own below.
      config: {
        adminToken: TOKEN,
        trustProxy: true,
        rateLimits,
        siteUrl: SITE,
        avisosStock: { esperaSegundos: 0, pendientesPorCorreo: 10 },
      },
    });
    plain = plainProducts(await shop.catalogue()).filter((p) => p.stock > 3);
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  it('a restock after 3 stock changes sends one e-mail per subscriber through SMTP, none to the one who unsubscribed, and nothing again', async () => {
    const producto = await agotado();
    const id = producto.idProducto;
    const res = await pedir({ productoId: id, correo: '  Ana.Torres@Example.PE ' });
    expect(res.status).toBe(202);
    expect(await mensaje(res)).toBe('Te avisaremos a ana.torres@example.pe cuando vuelva a estar disponible.');
    // The same address again: the same answer, no second row.
    const otra = await pedir({ productoId: id, correo: 'ana.torres@example.pe' });
    expect(otra.status).toBe(202);
    expect(await mensaje(otra)).toBe('Te avisaremos a ana.torres@example.pe cuando vuelva a estar disponible.');
    expect((await pedir({ productoId: id, correo: 'beto@example.pe' })).status).toBe(202);
    expect((await pedir({ productoId: id, correo: 'carla@example.pe' })).status).toBe(202);
    expect((await filas(id)).map((f) => f.correo)).toEqual(['ana.torres@example.pe', 'beto@example.pe', 'carla@example.pe']);

    // Carla unsubscribes with her key, without signing in: a small Spanish page of its own policy.
    const carla = (await filas(id)).find((f) => f.correo === 'carla@example.pe')!;
    expect(carla.clave).toMatch(/^[0-9a-f]{32}$/);
    const baja = await shop.call('GET', `${URL_AVISOS}/baja/${carla.clave}`);
    expect(baja.status).toBe(200);
    expect(baja.headers.get('Content-Type')).toContain('text/html');
    expect(baja.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(await baja.text()).toContain(`no te avisaremos cuando ${producto.nombre.replace(/&/g, '&amp;')} vuelva`);
    expect((await shop.call('GET', `${URL_AVISOS}/baja/${'0'.repeat(32)}`)).status).toBe(404);
    expect((await shop.call('GET', `${URL_AVISOS}/baja/no-es-clave`)).status).toBe(404);

    // Three stock changes: 0 → 2 (the restock), 2 → 5, 5 → 7; one job.
    await stock(id, 2);
    await stock(id, 5);
    await stock(id, 7);
    expect(
      await shop.database.db
        .select()
        .from(trabajos)
        .where(and(eq(trabajos.tipo, 'aviso-stock'), sql`datos->>'productoId' = ${String(id)}`)),
    ).toHaveLength(1);
    await trabajar();

    for (const correo of ['ana.torres@example.pe', 'beto@example.pe']) {
      const recibidos = correosPara(correo);
      expect(recibidos).toHaveLength(1);
      expect(recibidos[0]).toContain('ya está disponible');
      expect(recibidos[0]).toContain(`${SITE}${productPath(producto)}`);
      const fila = (await filas(id)).find((f) => f.correo === correo)!;
      expect(fila.enviado).not.toBeNull();
      expect(recibidos[0]).toContain(`${SITE}${URL_AVISOS}/baja/${fila.clave}`);
    }
    expect(correosPara('carla@example.pe')).toEqual([]);

    // Stock comes and goes again: nobody is written twice.
    await stock(id, 0);
    await stock(id, 4);
    await trabajar();
    expect(correosPara('ana.torres@example.pe')).toHaveLength(1);
    expect(correosPara('beto@example.pe')).toHaveLength(1);
    // The link of a sent notice stays harmless.
    const ana = (await filas(id)).find((f) => f.correo === 'ana.torres@example.pe')!;
    expect(await (await shop.call('GET', `${URL_AVISOS}/baja/${ana.clave}`)).text()).toContain('Ya te avisamos');
  });

  it('sends nothing when the stock is gone again before the job runs, and sends at the next restock', async () => {
    const producto = await agotado();
    const id = producto.idProducto;
    expect((await pedir({ productoId: id, correo: 'dora@example.pe' })).status).toBe(202);
    await stock(id, 1);
    await stock(id, 0);
    await trabajar();
    expect(correosPara('dora@example.pe')).toEqual([]);
    await stock(id, 3);
    await trabajar();
    expect(correosPara('dora@example.pe')).toHaveLength(1);
  });

  it("a signed-in customer subscribes in one click with the account's address", async () => {
    const producto = await agotado();
    const cliente = await shop.customer('avisame1');
    const res = await pedir({ productoId: producto.idProducto }, { token: cliente.token });
    expect(res.status).toBe(202);
    expect(await mensaje(res)).toBe('Te avisaremos a avisame1@example.pe cuando vuelva a estar disponible.');
    expect((await filas(producto.idProducto))[0]).toMatchObject({ correo: 'avisame1@example.pe', clienteId: cliente.id });
    // Anonymous without an address: told what is missing.
    const sin = await pedir({ productoId: producto.idProducto });
    expect(sin.status).toBe(400);
    expect(await mensaje(sin)).toBe('Ingresa tu correo electrónico para avisarte.');
  });

  it('refuses a product in stock, an unknown or hidden product and a bad address, in Spanish', async () => {
    const enStock = plain[siguiente++]!;
    const hay = await pedir({ productoId: enStock.idProducto, correo: 'eva@example.pe' });
    expect(hay.status).toBe(409);
    expect(await mensaje(hay)).toBe('Este producto ya está disponible: puedes comprarlo ahora.');
    const nada = await pedir({ productoId: 999_999, correo: 'eva@example.pe' });
    expect(nada.status).toBe(409);
    expect(await mensaje(nada)).toBe('No encontramos ese producto.');
    const oculto = await agotado();
    await shop.database.db.update(productos).set({ visible: false }).where(eq(productos.id, oculto.idProducto));
    expect((await pedir({ productoId: oculto.idProducto, correo: 'eva@example.pe' })).status).toBe(409);
    const producto = await agotado();
    for (const correo of ['no-es-correo', 'a@b', `${'x'.repeat(250)}@example.pe`, 'eva\u0000@example.pe']) {
      const res = await pedir({ productoId: producto.idProducto, correo });
      expect(res.status, correo).toBe(400);
    }
    expect(await mensaje(await pedir({ productoId: producto.idProducto, correo: 'no-es-correo' }))).toBe(
      'Ingresa un correo electrónico válido.',
    );
    expect((await pedir({ productoId: 'uno', correo: 'eva@example.pe' })).status).toBe(400);
    expect(await filas(producto.idProducto)).toEqual([]);
  });

  it(`limits the requests per IP (${POR_IP} an hour in this test) with a 429`, async () => {
    const producto = await agotado();
    const desde = '10.42.0.9';
    for (let i = 0; i < POR_IP; i++)
      expect((await pedir({ productoId: producto.idProducto, correo: `persona${i}@example.pe` }, { desde })).status).toBe(202);
    const res = await pedir({ productoId: producto.idProducto, correo: 'extrano@example.pe' }, { desde });
    expect(res.status).toBe(429);
    expect(await mensaje(res)).toMatch(/\S/);
    expect((await filas(producto.idProducto)).map((f) => f.correo)).not.toContain('extrano@example.pe');
  });

  it('a cancelled order returning the last units to a sold-out product sends the notices', async () => {
    const producto = plain[siguiente++]!;
    await shop.setStock(producto.idProducto, 1);
    const cliente = await shop.customer('avisame2');
    const { idVenta } = await placeOrder(shop, cliente, { ...producto, stock: 1 });
    expect(await shop.stockOf(producto.idProducto)).toBe(0);
    expect((await pedir({ productoId: producto.idProducto, correo: 'fabi@example.pe' })).status).toBe(202);
    const res = await shop.call('POST', `/admin/api/pedidos/${idVenta}/estado`, {
      token: TOKEN,
      body: { estado: 'CANCELADO', nota: 'Sin pago.' },
      headers: { 'X-Forwarded-For': '10.41.0.1' },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await shop.stockOf(producto.idProducto)).toBe(1);
    await trabajar();
    expect(correosPara('fabi@example.pe')).toHaveLength(1);
  });
});

/**
 * Issue 34, item 11: the answer never tells whether an address waits, an address nobody proved holds
 * a capped number of notices, and a notice goes only for stock that stayed back for the settle period
 * (here 600 s; time passes by moving the restock jobs' times back).
 */
describeEachDatabase("'Avísame': same answer, and only stock that stays back", (target) => {
  const ESPERA = 600;
  const CAP = 2;
  let shop: TestShop;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  let plain: Producto[];
  let siguiente = 0;
  let ip = 0;
  const pedir = (body: unknown, token?: string) =>
    shop.call('POST', URL_AVISOS, { body, token, headers: { 'X-Forwarded-For': `10.50.${Math.floor(++ip / 250)}.${ip % 250}` } });
  const respuesta = async (res: Response) => ({ status: res.status, type: res.headers.get('Content-Type'), body: await res.text() });
  const correosPara = (to: string) => smtp.messages.filter((m) => m.to.includes(to));
  const filas = (productoId: number) =>
    shop.database.db.select().from(avisosStock).where(eq(avisosStock.productoId, productoId)).orderBy(avisosStock.id);
  const conStock = async (stock: number) => {
    const producto = plain[siguiente++]!;
    await shop.setStock(producto.idProducto, stock);
    return producto;
  };
  /** `seconds` pass for the restock alerts' jobs. */
  const pasan = (seconds: number) =>
    shop.database.db.execute(sql`
      UPDATE trabajos SET creado = creado - make_interval(secs => ${seconds}), ejecutar_en = ejecutar_en - make_interval(secs => ${seconds})
      WHERE tipo LIKE 'aviso-stock%'`);
  const trabajar = () => runJobsUntilIdle(shop);

  beforeAll(async () => {
    smtp = await startTestSmtp();
    const rateLimits = Object.fromEntries(Object.keys(RATE_LIMITS).map((name) => [name, generous])) as typeof RATE_LIMITS;
    shop = await openShop(target, {
      mailer: createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'tienda@example.pe' }),
      config: {
        adminToken: TOKEN,
        trustProxy: true,
        rateLimits,
        siteUrl: SITE,
        avisosStock: { esperaSegundos: ESPERA, pendientesPorCorreo: CAP },
      },
    });
    plain = plainProducts(await shop.catalogue())
      .filter((p) => p.stock > 3)
      .slice(40);
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  it('answers a new, a repeated and an over-the-cap subscription alike; a signed-in customer’s own address is not capped', async () => {
    const productos = [await conStock(0), await conStock(0), await conStock(0)];
    const nueva = await respuesta(await pedir({ productoId: productos[0]!.idProducto, correo: 'extrana@example.pe' }));
    const repetida = await respuesta(await pedir({ productoId: productos[0]!.idProducto, correo: 'extrana@example.pe' }));
    expect((await filas(productos[0]!.idProducto)).map((f) => f.correo)).toEqual(['extrana@example.pe']);
    expect(repetida).toEqual(nueva);
    expect(nueva.status).toBe(202);
    // Anonymous requests for one address: at most CAP pending notices; the next one is answered alike and not kept.
    await pedir({ productoId: productos[1]!.idProducto, correo: 'extrana@example.pe' });
    const sobra = await respuesta(await pedir({ productoId: productos[2]!.idProducto, correo: 'extrana@example.pe' }));
    expect(sobra).toEqual({ ...nueva, body: nueva.body });
    expect(await filas(productos[2]!.idProducto)).toEqual([]);

    const cliente = await shop.customer('avisatodo');
    for (const producto of productos) expect((await pedir({ productoId: producto.idProducto }, cliente.token)).status).toBe(202);
    expect((await filas(productos[2]!.idProducto)).map((f) => f.correo)).toEqual(['avisatodo@example.pe']);
  });

  it('units a replacing checkout releases for minutes spend no notice; stock that stays back is announced once, after the settle period', async () => {
    const producto = await conStock(2);
    const otro = await conStock(50);
    const id = producto.idProducto;
    const acaparador = await shop.customer('suelta');
    // The customer reserves the last units: sold out; someone subscribes.
    await placeOrder(shop, acaparador, { ...producto, stock: 2 }, { cantidad: 2 });
    expect(await shop.stockOf(id)).toBe(0);
    expect((await pedir({ productoId: id, correo: 'espera@example.pe' })).ok).toBe(true);
    // His next checkout replaces (cancels) that order: the units are back, a restock job is due now.
    await placeOrder(shop, acaparador, otro);
    expect(await shop.stockOf(id)).toBe(2);
    await trabajar();
    expect(correosPara('espera@example.pe')).toEqual([]);
    // Minutes later he takes them again.
    await pasan(120);
    await placeOrder(shop, acaparador, { ...producto, stock: 2 }, { cantidad: 2 });
    expect(await shop.stockOf(id)).toBe(0);
    await pasan(ESPERA);
    await trabajar();
    // Nothing sent at send time for stock that is gone: the notice is not spent.
    expect(correosPara('espera@example.pe')).toEqual([]);
    expect((await filas(id)).map((f) => [f.correo, f.enviado])).toEqual([['espera@example.pe', null]]);

    // The operator restocks; it comes and goes once more within the settle period, then stays.
    await shop.call('PATCH', `/admin/api/productos/${id}`, { token: TOKEN, body: { stock: 5 } });
    await trabajar();
    await pasan(ESPERA - 60);
    await shop.setStock(id, 0);
    await shop.setStock(id, 5);
    await pasan(61);
    await trabajar();
    // The first restock's look finds a newer restock not settled yet: still nothing.
    expect(correosPara('espera@example.pe')).toEqual([]);
    await pasan(ESPERA);
    await trabajar();
    expect(correosPara('espera@example.pe')).toHaveLength(1);
    expect((await filas(id))[0]!.enviado).not.toBeNull();
    await pasan(ESPERA);
    await trabajar();
    expect(correosPara('espera@example.pe')).toHaveLength(1);
  });
});
