import { mkdtempSync, readFileSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ESTADOS_PEDIDO, type DetallePedido } from '../../src/lib/api/checkout-schemas.ts';
import type { CambioEstadoRespuesta, ListaPedidosOperador, PedidoOperadorRespuesta } from '../../src/lib/api/orders-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { runShop } from '../../src/cli/shop.ts';
import { lazyOperatorToken, publishOperatorToken, resolveOperatorToken } from '../../src/server/admin/token.ts';
import { createApp, isApiPath } from '../../src/server/app.ts';
import type { ServerConfig } from '../../src/server/config.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, payDePrueba, placeOrder, plainProducts, PROVINCIA, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';
const generous = { max: 100_000, windowSeconds: 900 };

describeEachDatabase('operator API', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let next = 0;
  const admin = (method: string, path: string, options: { token?: string; body?: unknown; ip?: string } = {}) =>
    shop.call(method, path, {
      token: options.token ?? TOKEN,
      body: options.body,
      headers: { 'X-Forwarded-For': options.ip ?? '10.1.0.1' },
    });
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;
  /** A customer's order, paid unless told otherwise. */
  async function order(options: { metodo?: string; pagar?: boolean } = {}) {
    const customer = await shop.customer(`operado${++next}`);
    const preferencia = await placeOrder(shop, customer, plain[next % plain.length]!, { cantidad: 3, metodo: options.metodo });
    if (options.pagar !== false) await payDePrueba(shop, preferencia.id, 'approved');
    return { customer, id: preferencia.idVenta };
  }
  /** An app on the same database with other settings (production, no SHOP_ADMIN_TOKEN…). */
  const appWith = (config: Partial<ServerConfig>) => {
    const merged = { ...shop.services.config, ...config };
    return createApp({ services: { ...shop.services, config: merged, operatorToken: lazyOperatorToken(shop.database.db, merged) } });
  };

  beforeAll(async () => {
    const rateLimits = {
      loginPorIp: generous,
      loginPorCuenta: generous,
      registroPorIp: generous,
      recuperacionPorIp: generous,
      recuperacionPorCorreo: generous,
      operadorPorIp: { max: 3, windowSeconds: 900 },
      checkoutPorCuenta: generous,
      checkoutPorIp: generous,
      reclamosPorIp: generous,
      avisosPorIp: generous,
      resenasPorCuenta: generous,
      personalPorIp: generous,
      personalPorCuenta: generous,
    };
    shop = await openShop(target, { config: { adminToken: TOKEN, trustProxy: true, rateLimits } });
    plain = plainProducts(await shop.catalogue()).slice(0, 8);
  });
  afterAll(() => shop?.close());

  it("refuses a missing, wrong or customer's token with 401, and limits failures per IP", async () => {
    const { customer } = await order();
    for (const headers of [{}, { Authorization: `Bearer ${customer.token}` }, { Authorization: `Bearer ${TOKEN}x` }] as Record<
      string,
      string
    >[]) {
      const res = await shop.app.request('/admin/api/pedidos', { headers: { ...headers, 'X-Forwarded-For': '10.2.0.1' } });
      expect(res.status).toBe(401);
      // No credential at all is a browser not signed in; a wrong Bearer is a wrong token.
      expect(await res.json()).toEqual({
        mensaje: headers.Authorization === undefined ? 'Inicia sesión para continuar.' : 'Token de operador inválido.',
      });
    }
    // Three failures used up this IP's window: even the right token waits now, elsewhere it works.
    expect((await admin('GET', '/admin/api/pedidos', { token: 'adivinanza', ip: '10.2.0.1' })).status).toBe(429);
    expect((await admin('GET', '/admin/api/pedidos', { ip: '10.2.0.1' })).status).toBe(429);
    expect((await admin('GET', '/admin/api/pedidos', { ip: '10.2.0.2' })).status).toBe(200);
    expect(
      (await admin('POST', `/admin/api/pedidos/1/estado`, { token: customer.token, ip: '10.2.0.3', body: { estado: 'CANCELADO' } })).status,
    ).toBe(401);
    expect(isApiPath('/admin/api/pedidos')).toBe(true);
    expect(isApiPath('/admin')).toBe(false);
  });

  it('is off in production without SHOP_ADMIN_TOKEN, and generates its token once outside production', async () => {
    const production = appWith({ production: true, adminToken: undefined, jwtSecret: 'x'.repeat(48) });
    const off = await production.request('/admin/api/pedidos', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(off.status).toBe(503);
    expect(await off.json()).toEqual({ mensaje: 'La API de operador está desactivada: define SHOP_ADMIN_TOKEN.' });
    expect(
      (
        await appWith({ production: true, jwtSecret: 'x'.repeat(48) }).request('/admin/api/pedidos', {
          headers: { Authorization: `Bearer ${TOKEN}` },
        })
      ).status,
    ).toBe(200);

    const local = appWith({ adminToken: undefined, production: false });
    const generated = (await resolveOperatorToken(shop.database.db, { adminToken: undefined, production: false }))!;
    expect(generated.length).toBeGreaterThanOrEqual(32);
    expect(await resolveOperatorToken(shop.database.db, { adminToken: undefined, production: false })).toBe(generated);
    expect(
      (await local.request('/admin/api/pedidos', { headers: { Authorization: `Bearer ${generated}`, 'X-Forwarded-For': '10.3.0.1' } }))
        .status,
    ).toBe(200);
    expect(
      (await local.request('/admin/api/pedidos', { headers: { Authorization: `Bearer ${TOKEN}`, 'X-Forwarded-For': '10.3.0.1' } })).status,
    ).toBe(401);

    const dir = mkdtempSync(join(tmpdir(), 'kbeauty-operador-'));
    try {
      const file = await publishOperatorToken(shop.database.db, { adminToken: undefined, production: false, dataDir: dir });
      expect(file).toBe(join(dir, 'operador.token'));
      expect(readFileSync(file!, 'utf8').trim()).toBe(generated);
      expect(statSync(file!).mode & 0o777).toBe(0o600);
      const other = join(dir, 'otro');
      expect(await publishOperatorToken(shop.database.db, { adminToken: TOKEN, production: false, dataDir: other })).toBeUndefined();
      expect(await publishOperatorToken(shop.database.db, { adminToken: undefined, production: true, dataDir: other })).toBeUndefined();
      expect(existsSync(other)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists orders newest first, filtered by a valid state, with the operator fields and their types', async () => {
    const paid = await order({ metodo: PROVINCIA });
    const pending = await order({ pagar: false });
    const all = (await (await admin('GET', '/admin/api/pedidos')).json()) as ListaPedidosOperador;
    expect(all.pedidos.map((p) => p.idVenta).slice(0, 2)).toEqual([pending.id, paid.id]);
    const fechas = all.pedidos.map((p) => Date.parse(p.fecha));
    expect(fechas).toEqual([...fechas].sort((a, b) => b - a));
    const row = all.pedidos.find((p) => p.idVenta === paid.id)!;
    expect(row).toEqual({
      idVenta: paid.id,
      fecha: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      estado: 'EN PREPARACION',
      cliente: `Cliente ${paid.customer.usuario}`,
      correo: `${paid.customer.usuario}@example.pe`,
      total: expect.any(Number),
      recojo: false,
      metodo_envio: PROVINCIA,
      productos: 3,
      // The desk's own fields (issue 36).
      metodo_pago: 'mercadopago',
      documento: 'DNI 12345678',
      distrito: 'Cayma',
      edadHoras: 0,
      atrasado: false,
      courier: null,
      guia: null,
      resumen: expect.stringMatching(/ ×3$/),
    });
    const preparing = (await (
      await admin('GET', `/admin/api/pedidos?estado=${encodeURIComponent('EN PREPARACION')}`)
    ).json()) as ListaPedidosOperador;
    expect(preparing.pedidos.map((p) => p.idVenta)).toContain(paid.id);
    expect(preparing.pedidos.map((p) => p.idVenta)).not.toContain(pending.id);
    expect(preparing.pedidos.every((p) => p.estado === 'EN PREPARACION')).toBe(true);
    const bad = await admin('GET', '/admin/api/pedidos?estado=ENVIADO');
    expect(bad.status).toBe(400);
    expect(await mensaje(bad)).toBe(`El estado debe ser uno de: ${ESTADOS_PEDIDO.join(', ')}.`);
  });

  it('shows one order with the customer contact, the notes and the next states, and moves it', async () => {
    const { id, customer } = await order();
    const res = await admin('GET', `/admin/api/pedidos/${id}`);
    expect(res.status).toBe(200);
    const { pedido } = (await res.json()) as PedidoOperadorRespuesta;
    const { comprobantes, ...own } = (
      (await (await shop.call('GET', `/api/detalle-pedido/${id}`, { token: customer.token })).json()) as { mensaje: DetallePedido }
    ).mensaje;
    expect(pedido).toMatchObject(own);
    // The operator sees the same receipts with more about each (its page's full address, SUNAT's word, the provider's files).
    expect(pedido.comprobantes.map((c) => c.numero)).toEqual(comprobantes!.map((c) => c.numero));
    expect(pedido.comprobantes[0]!.url.endsWith(comprobantes![0]!.url)).toBe(true);
    expect(pedido.cliente).toEqual({
      nombre: `Cliente ${customer.usuario}`,
      apellido: '',
      correo: `${customer.usuario}@example.pe`,
      telefono: '987654321',
      documento_tipo: 'DNI',
      documento_numero: '12345678',
    });
    expect(pedido.notas.map((n) => n.estado)).toEqual(['PENDIENTE', 'EN PREPARACION']);
    expect(pedido.notas[1]!.nota).toMatch(/^Pago \S+ aprobado\.$/);
    expect(pedido.siguientes).toEqual(['LISTO PARA RECOGER', 'CANCELADO']);
    expect(pedido.horario).not.toBe('');

    const moved = await admin('POST', `/admin/api/pedidos/${id}/estado`, {
      body: { estado: 'LISTO PARA RECOGER', nota: 'Bolsa 14 en caja.' },
    });
    expect(moved.status).toBe(200);
    const body = (await moved.json()) as CambioEstadoRespuesta;
    expect(body.mensaje).toBe(`Pedido N.° ${id}: pasó a LISTO PARA RECOGER. Avisaremos a ${customer.usuario}@example.pe por correo.`);
    expect(body.pedido).toMatchObject({ estado: 'LISTO PARA RECOGER', siguientes: ['ENTREGADO'] });
    expect(body.pedido.notas.at(-1)).toMatchObject({ estado: 'LISTO PARA RECOGER', nota: 'Bolsa 14 en caja.' });

    const missing = await admin('GET', '/admin/api/pedidos/99999999');
    expect([missing.status, await mensaje(missing)]).toEqual([404, 'No existe el pedido N.° 99999999.']);
    const missingMove = await admin('POST', '/admin/api/pedidos/99999999/estado', { body: { estado: 'CANCELADO' } });
    expect([missingMove.status, await mensaje(missingMove)]).toEqual([404, 'No existe el pedido N.° 99999999.']);
    expect((await admin('GET', '/admin/api/pedidos/abc')).status).toBe(400);
    const badState = await admin('POST', `/admin/api/pedidos/${id}/estado`, { body: { estado: 'ENVIADO' } });
    expect([badState.status, await mensaje(badState)]).toEqual([400, `El estado debe ser uno de: ${ESTADOS_PEDIDO.join(', ')}.`]);
    const longNote = await admin('POST', `/admin/api/pedidos/${id}/estado`, { body: { estado: 'ENTREGADO', nota: 'x'.repeat(501) } });
    expect([longNote.status, await mensaje(longNote)]).toEqual([400, 'La nota es demasiado larga.']);
    const refused = await admin('POST', `/admin/api/pedidos/${id}/estado`, { body: { estado: 'EN TRANSITO' } });
    expect(refused.status).toBe(409);
  });

  it("writes the state's audit entry in the move's own transaction: no move without its entry (issue 21, item 10)", async () => {
    const { id } = await order();
    const db = shop.database.db;
    // An audit trail that cannot take this entry (a full disk, a broken table): the move must not happen either.
    await db.execute(sql`alter table auditoria add constraint sin_estado_de_pedido check (accion <> 'pedido.estado') not valid`);
    try {
      const failed = await shop.app.request(`/admin/api/pedidos/${id}/estado`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'X-Forwarded-For': '10.1.0.1', 'Content-Type': 'application/json' },
        body: JSON.stringify({ estado: 'CANCELADO', nota: 'Sin huella.' }),
      });
      expect(failed.status).toBe(500);
    } finally {
      await db.execute(sql`alter table auditoria drop constraint sin_estado_de_pedido`);
    }
    const { pedido } = (await (await admin('GET', `/admin/api/pedidos/${id}`)).json()) as PedidoOperadorRespuesta;
    expect([pedido.estado, pedido.notas.map((n) => n.estado)]).toEqual(['EN PREPARACION', ['PENDIENTE', 'EN PREPARACION']]);

    // Once the trail takes it again, the move goes through with its entry.
    expect((await admin('POST', `/admin/api/pedidos/${id}/estado`, { body: { estado: 'CANCELADO', nota: 'Con huella.' } })).status).toBe(
      200,
    );
    const { entradas } = (await (await admin('GET', '/admin/api/auditoria?limite=50')).json()) as {
      entradas: { objetivo: string; antes: unknown; despues: unknown }[];
    };
    expect(entradas.filter((entrada) => entrada.objetivo === `pedido ${id}`).map(({ antes, despues }) => ({ antes, despues }))).toEqual([
      { antes: { estado: 'EN PREPARACION' }, despues: { estado: 'CANCELADO', nota: 'Con huella.' } },
    ]);
  });

  it('is what `npm run shop` talks to: list, show, move, and Spanish refusals with exit code 1', async () => {
    const { id, customer } = await order({ metodo: PROVINCIA });
    const run = async (args: string[], token: string | undefined = TOKEN) => {
      const out: string[] = [];
      const err: string[] = [];
      const fetch = async (url: string, init?: RequestInit) =>
        shop.app.request(url, { ...init, headers: { ...(init?.headers as Record<string, string>), 'X-Forwarded-For': '10.4.0.1' } });
      const code = await runShop(args, {
        fetch,
        baseUrl: 'http://localhost:4321',
        token,
        out: (t) => out.push(t),
        err: (t) => err.push(t),
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const list = await run(['pedidos', '--estado', 'en preparacion']);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/^\d+ pedido\(s\) en EN PREPARACION:/);
    expect(list.out).toMatch(
      new RegExp(`^${id}\\s+.*EN PREPARACION\\s+Cliente ${customer.usuario}\\s+${customer.usuario}@example\\.pe`, 'm'),
    );
    const shown = await run(['pedido', String(id)]);
    expect(shown.code).toBe(0);
    expect(shown.out).toContain(`Pedido N.° ${id} · EN PREPARACION · pagado`);
    expect(shown.out).toContain('Historial:');
    expect(shown.out).toContain('Puede pasar a: EN TRANSITO, CANCELADO');
    const refused = await run(['pedido', String(id), 'listo-para-recoger']);
    expect(refused).toEqual({
      code: 1,
      out: '',
      err: `El pedido N.° ${id} es de envío a domicilio: no se recoge en tienda; cuando salga, pásalo a EN TRANSITO.`,
    });
    const sinGuia = await run(['pedido', String(id), 'en', 'tránsito']);
    expect(sinGuia).toEqual({
      code: 1,
      out: '',
      err: `Para pasar el pedido N.° ${id} a EN TRANSITO indica el courier y el número de guía (por ejemplo: --courier Olva --guia 123456789).`,
    });
    expect(await run(['pedido', String(id), 'en', 'tránsito', '--courier', 'DHL', '--guia', '123456789'])).toMatchObject({
      code: 1,
      err: 'El courier debe ser uno de: Olva Courier, Shalom, Urbano, Servientrega, Reparto de K-Beauty Perú.',
    });
    const moved = await run([
      'pedido',
      String(id),
      'en',
      'tránsito',
      '--courier',
      'olva',
      '--guia',
      '123456789',
      '--nota',
      'Sale en el camión de las 3 p. m.',
    ]);
    expect(moved).toEqual({
      code: 0,
      out: `Pedido N.° ${id}: pasó a EN TRANSITO. Avisaremos a ${customer.usuario}@example.pe por correo.`,
      err: '',
    });
    const shownAfter = (await run(['pedido', String(id)])).out;
    expect(shownAfter).toContain('Sale en el camión de las 3 p. m.');
    expect(shownAfter).toContain('Enviado con Olva Courier · Guía N.° 123456789');
    expect(await run(['pedido', '99999999'])).toMatchObject({ code: 1, err: 'No existe el pedido N.° 99999999.' });
    expect(await run(['pedidos'], 'token-equivocado-de-operador')).toMatchObject({ code: 1, err: 'Token de operador inválido.' });
    expect(await run(['pedidos', '--estado', 'ENVIADO'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^"ENVIADO" no es un estado/),
    });
  });
});
