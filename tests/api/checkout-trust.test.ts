import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { serve } from '@hono/node-server';
import { and, eq, inArray, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverConfig } from '../../src/server/config.ts';
import type { PreferenciaCreada, PreferenciaPrueba } from '../../src/lib/api/checkout-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { cuponesUsuario, pagosPrueba, pedidoHistorial, pedidoLineas, pedidos } from '../../src/server/db/schema/index.ts';
import { claimCoupon } from '../../src/server/orders/stock.ts';
import { comprobantesDelPedido } from '../../src/server/comprobantes/emision.ts';
import { moveOrder } from '../../src/server/orders/life.ts';
import { expireOrders } from '../../src/server/payments/vencimiento.ts';
import type { OrdenDePago, Pasarela } from '../../src/server/payments/gateway.ts';
import { pruebaPasarela } from '../../src/server/payments/prueba.ts';
import { signNotification } from '../../src/server/payments/signature.ts';
import { describeEachDatabase } from './databases.ts';
import {
  lineOf,
  newKey,
  openShop,
  payDePrueba,
  plainProducts,
  preferenceBody,
  PROVINCIA,
  RECOJO,
  validBody,
  type TestShop,
} from './shop.ts';

/**
 * Issue 21 ("Trust"), checkout: the spec's own client can pay; a one-use coupon pays one order; one
 * account cannot hold the catalogue; checkouts never hold pooled connections while they wait.
 */

type Customer = { id: number; token: string; usuario: string };

/** The test mode's provider, slowed down like a real network call, and able to fail on demand. */
function controllablePasarela(demoraMs = 0) {
  let inner: Pasarela | undefined;
  const state = { failing: false, calls: 0 };
  const pasarela: Pasarela = {
    nombre: 'prueba',
    sandbox: true,
    async crearPreferencia(orden: OrdenDePago) {
      state.calls++;
      if (demoraMs) await new Promise((resolve) => setTimeout(resolve, demoraMs));
      if (state.failing) throw new Error('Mercado Pago no responde (prueba).');
      return inner!.crearPreferencia(orden);
    },
    obtenerPago: (id) => inner!.obtenerPago(id),
  };
  return { pasarela, state, attach: (shop: TestShop) => (inner = pruebaPasarela(shop.database.db)) };
}

/** Exactly the body of checkout §7: no `destino`, no `total`, `Recojo` as the chosen method's name. */
function specBody(customer: Customer, productos: Producto[], options: { codigo?: string } = {}) {
  return {
    cart: productos.map((producto) => {
      const { id, nombre, precio, cantidad, selectedColor, selectedSize, img, precio_unitario, precio_con_descuento } = lineOf(producto);
      return { id, nombre, precio, cantidad, selectedColor, selectedSize, img, precio_unitario, precio_con_descuento };
    }),
    comision: 0,
    Recojo: RECOJO,
    descuento: 0,
    codigo_descuento: options.codigo ?? null,
    porcentaje_descuento: 0,
    metadata: {
      id_usuario: customer.id,
      recojo: RECOJO,
      direccion_completa: 'Av. Larco 123, Miraflores',
      metodo_envio: RECOJO,
      costo_envio: 0,
      nombre: `Cliente ${customer.usuario}`,
      apellido: '',
      correo: `${customer.usuario}@example.pe`,
      telefono: '987654321',
      ciudad: 'Lima',
      direccion: 'Av. Larco 123',
      documento_tipo: 'DNI',
      documento_numero: '12345678',
      codigo_descuento: options.codigo ?? null,
      porcentaje_descuento: 0,
      descuento_aplicado: false,
    },
  };
}

/** The test shop served by Node on a free loopback port; `from` sends a request from a chosen loopback address over a real socket. */
async function serveShop(shop: TestShop) {
  const server = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const port = (server.address() as AddressInfo).port;
  const from = (localAddress: string, method: string, path: string, { body, token }: { body?: unknown; token?: string } = {}) =>
    new Promise<{ status: number; retryAfter: string | undefined; json: { mensaje?: string; id?: string } }>((resolve, reject) => {
      const headers = { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
      const req = request({ host: '127.0.0.1', port, path, method, localAddress, headers }, (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (data += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            retryAfter: res.headers['retry-after'] as string | undefined,
            json: data ? JSON.parse(data) : {},
          }),
        );
      });
      req.on('error', reject);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  return { from, close: () => new Promise((resolve) => server.close(resolve)) };
}

describeEachDatabase('checkout trust (issue 21)', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let next = 0;
  const provider = controllablePasarela();

  const customer = (name: string) => shop.customer(`${name}${++next}`);
  const create = (who: Customer, body: unknown, key: string | null = newKey()) =>
    shop.call('POST', `/carrito/create-preference/${who.id}`, { token: who.token, body, headers: key ? { 'Idempotency-Key': key } : {} });
  const orderOf = async (id: number) => (await shop.database.db.select().from(pedidos).where(eq(pedidos.id, id)))[0]!;
  const couponOf = async (who: Customer) =>
    (await shop.database.db.select().from(cuponesUsuario).where(eq(cuponesUsuario.clienteId, who.id)))[0]!;
  const ordersOf = (who: Customer) => shop.database.db.select().from(pedidos).where(eq(pedidos.clienteId, who.id));
  /** An order with the welcome coupon and a payment left pending (a cash code being paid). */
  async function pendingWithCoupon(who: Customer, producto: Producto) {
    const body = await validBody(
      shop,
      who,
      preferenceBody(who.id, [lineOf(producto)], { codigo: `BIENVENIDA-${who.usuario.toUpperCase()}` }),
    );
    const res = await create(who, body);
    expect(res.status, await res.clone().text()).toBe(200);
    const created = (await res.json()) as PreferenciaCreada;
    expect((await payDePrueba(shop, created.id, 'pending')).status).toBe(200);
    return { body, created };
  }
  const notify = async (dataId: string) => {
    const secret = await shop.services.pagos.webhookSecret();
    return shop.call('POST', `/webhooks/mercadopago?data.id=${dataId}&type=payment`, {
      headers: { 'x-request-id': 'req-trust', 'x-signature': signNotification(secret, { dataId, requestId: 'req-trust' }) },
      body: { type: 'payment', data: { id: dataId } },
    });
  };

  beforeAll(async () => {
    shop = await openShop(target, { pasarela: provider.pasarela });
    provider.attach(shop);
    plain = plainProducts(await shop.catalogue())
      .sort((a, b) => a.precio - b.precio)
      .slice(0, 40);
  });
  afterAll(() => shop?.close());

  describe('item 1: the spec’s client can pay', () => {
    it('creates a preference from exactly the spec’s body (no Idempotency-Key, Recojo as a method name) and pays it in the pago de prueba', async () => {
      const eli = await customer('eli');
      const producto = plain[0]!;
      const stock = await shop.stockOf(producto.idProducto);
      const res = await create(eli, specBody(eli, [producto]), null);
      expect(res.status, await res.clone().text()).toBe(200);
      const created = (await res.json()) as PreferenciaCreada;
      expect(created.id).toBeTruthy();

      // The same request sent again (a double click, a resend): the same preference, one order.
      const again = (await (await create(eli, specBody(eli, [producto]), null)).json()) as PreferenciaCreada;
      expect(again.id).toBe(created.id);
      expect(await ordersOf(eli)).toHaveLength(1);
      expect(await shop.stockOf(producto.idProducto)).toBe(stock - 1);

      const page = (await (await shop.call('GET', `/carrito/prueba/${created.id}`)).json()) as PreferenciaPrueba;
      expect(page).toMatchObject({ id: created.id, idVenta: created.idVenta, estado: 'PENDIENTE' });
      const paid = await shop.call('POST', `/carrito/prueba/${created.id}/pagar`, { body: { resultado: 'approved' } });
      expect(paid.status).toBe(200);
      expect((await orderOf(created.idVenta)).estado).toBe('EN PREPARACION');
    });

    it('finds a resent request without a key in its time window or the one before, and not older; another cart is another order', async () => {
      const ema = await customer('ema');
      const send = async (productos: Producto[]) => {
        const res = await create(ema, specBody(ema, productos), null);
        expect(res.status, await res.clone().text()).toBe(200);
        return (await res.json()) as PreferenciaCreada;
      };
      const first = await send([plain[15]!]);
      const { claveIdempotencia } = await orderOf(first.idVenta);
      const [, hash, ventana, resto] = /^auto:([0-9a-f]+):(\d+):(.+)$/.exec(claveIdempotencia)!;
      const moveTo = (windowsAgo: number) =>
        shop.database.db
          .update(pedidos)
          .set({ claveIdempotencia: `auto:${hash}:${Number(ventana) - windowsAgo}:${resto}` })
          .where(eq(pedidos.id, first.idVenta));

      await moveTo(1); // sent just before the window turned
      expect((await send([plain[15]!])).id).toBe(first.id);
      await moveTo(2); // long ago: a new attempt, which replaces the abandoned one
      const later = await send([plain[15]!]);
      expect(later.idVenta).not.toBe(first.idVenta);
      expect((await orderOf(first.idVenta)).estado).toBe('CANCELADO');

      const other = await send([plain[16]!]);
      expect(other.idVenta).not.toBe(later.idVenta);
      // Another customer's identical cart is that customer's own order.
      const zoe = await customer('zoe');
      const theirs = await create(zoe, specBody(zoe, [plain[16]!]), null);
      expect(((await theirs.json()) as PreferenciaCreada).idVenta).not.toBe(other.idVenta);
    });

    it('takes Recojo and metadata.recojo as booleans or method names, and refuses anything else in Spanish', async () => {
      const fer = await customer('fer');
      const body = specBody(fer, [plain[1]!]);
      for (const recojo of [true, RECOJO]) {
        const res = await shop.call('POST', `/carrito/cotizar/${fer.id}`, {
          token: fer.token,
          body: { ...body, Recojo: recojo, metadata: { ...body.metadata, recojo } },
        });
        expect(res.status).toBe(200);
      }
      const bad = await create(fer, { ...body, Recojo: { si: 1 } }, null);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { mensaje: string }).mensaje).toMatch(/recojo/i);
    });

    it('refuses province delivery without destino with a Spanish 400 that names it', async () => {
      const gia = await customer('gia');
      const body = specBody(gia, [plain[2]!]);
      const res = await create(
        gia,
        { ...body, Recojo: PROVINCIA, metadata: { ...body.metadata, recojo: false, metodo_envio: PROVINCIA, costo_envio: 10 } },
        null,
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as { mensaje: string }).mensaje).toMatch(/destino/);
      expect(await ordersOf(gia)).toHaveLength(0);
    });
  });

  describe('item 4: a one-use coupon pays one order', () => {
    it('reserves the coupon with the order: a second checkout while a payment is under way is refused', async () => {
      const hugo = await customer('hugo');
      await pendingWithCoupon(hugo, plain[3]!);
      expect((await couponOf(hugo)).usado).toBe(true);
      const body = await validBody(shop, hugo, preferenceBody(hugo.id, [lineOf(plain[4]!)]));
      const res = await create(hugo, { ...body, codigo_descuento: `BIENVENIDA-${hugo.usuario.toUpperCase()}` });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { mensaje: string }).mensaje).toBe('Cupón ya utilizado');
    });

    it('never lets parallel checkouts with payments under way hold the coupon twice', async () => {
      const ivan = await customer('ivan');
      const codigo = `BIENVENIDA-${ivan.usuario.toUpperCase()}`;
      const bodies = await Promise.all(
        [5, 6, 7, 8, 9].map((i) => validBody(shop, ivan, preferenceBody(ivan.id, [lineOf(plain[i]!)], { codigo }))),
      );
      for (let round = 0; round < 2; round++) {
        const answers = await Promise.all(bodies.map((body) => create(ivan, body)));
        for (const res of answers) {
          if (res.status === 200) await payDePrueba(shop, ((await res.json()) as PreferenciaCreada).id, 'pending');
        }
      }
      const held = (await ordersOf(ivan)).filter((pedido) => pedido.estado === 'PENDIENTE' && pedido.cuponUsuarioId);
      expect(held).toHaveLength(1);
    });

    it('lets exactly one of two racing transactions take a coupon', async () => {
      const ines = await customer('ines');
      const { id } = await couponOf(ines);
      const taken = await Promise.all([0, 1, 2].map(() => shop.database.db.transaction((tx) => claimCoupon(tx, id))));
      expect(taken.filter(Boolean)).toHaveLength(1);
      expect((await couponOf(ines)).usado).toBe(true);
    });

    it('moves the coupon to a new checkout that replaces an unpaid order without a payment under way', async () => {
      const ada = await customer('ada');
      const codigo = `BIENVENIDA-${ada.usuario.toUpperCase()}`;
      const first = (await (
        await create(ada, await validBody(shop, ada, preferenceBody(ada.id, [lineOf(plain[17]!)], { codigo })))
      ).json()) as PreferenciaCreada;
      expect((await couponOf(ada)).usado).toBe(true);
      // The shopper came back from the payment page without paying: the cart still shows the coupon as hers…
      const shown = await shop.call('GET', `/api/descuento-usuario/${ada.id}`, { token: ada.token });
      expect(await shown.json()).toEqual({ code: codigo, porcentaje: expect.any(Number), usado: false });
      // …and the quote still takes it.
      const body = await validBody(shop, ada, preferenceBody(ada.id, [lineOf(plain[18]!)], { codigo }));
      const res = await create(ada, body);
      expect(res.status, await res.clone().text()).toBe(200);
      const second = (await res.json()) as PreferenciaCreada;
      expect((await orderOf(first.idVenta)).estado).toBe('CANCELADO');
      expect(await orderOf(second.idVenta)).toMatchObject({ estado: 'PENDIENTE', cuponUsuarioId: (await couponOf(ada)).id });
      expect((await couponOf(ada)).usado).toBe(true);
      // Once a payment is under way the coupon is that order's: the cart says it is used.
      expect((await payDePrueba(shop, second.id, 'pending')).status).toBe(200);
      expect(await (await shop.call('GET', `/api/descuento-usuario/${ada.id}`, { token: ada.token })).json()).toMatchObject({
        code: codigo,
        usado: true,
      });
    });

    it('gives the coupon back when the order is cancelled: rejection, expiry and the operator', async () => {
      const jo = await customer('jo');
      const codigo = `BIENVENIDA-${jo.usuario.toUpperCase()}`;
      const first = (await (
        await create(jo, await validBody(shop, jo, preferenceBody(jo.id, [lineOf(plain[10]!)], { codigo })))
      ).json()) as PreferenciaCreada;
      expect((await couponOf(jo)).usado).toBe(true);
      await payDePrueba(shop, first.id, 'rejected');
      expect((await couponOf(jo)).usado).toBe(false);

      const second = (await (
        await create(jo, await validBody(shop, jo, preferenceBody(jo.id, [lineOf(plain[11]!)], { codigo })))
      ).json()) as PreferenciaCreada;
      expect((await couponOf(jo)).usado).toBe(true);
      expect(await expireOrders(shop.database.db, new Date(Date.now() + 2 * 3_600_000))).toBeGreaterThanOrEqual(1);
      expect((await orderOf(second.idVenta)).estado).toBe('CANCELADO');
      expect((await couponOf(jo)).usado).toBe(false);

      const third = (await (
        await create(jo, await validBody(shop, jo, preferenceBody(jo.id, [lineOf(plain[12]!)], { codigo })))
      ).json()) as PreferenciaCreada;
      expect(
        (
          await moveOrder(shop.database.db, third.idVenta, 'CANCELADO', {
            nota: 'Sin stock en tienda.',
            comprobantes: comprobantesDelPedido(shop.services.config.comprobantes),
          })
        ).resultado,
      ).toBe('movido');
      expect((await couponOf(jo)).usado).toBe(false);
    });

    it('keeps a late-approved order cancelled, with a refund note, when its coupon went to another order', async () => {
      const kai = await customer('kai');
      const producto = plain[13]!;
      const { created } = await pendingWithCoupon(kai, producto);
      await expireOrders(shop.database.db, new Date(Date.now() + 25 * 3_600_000));
      expect((await orderOf(created.idVenta)).estado).toBe('CANCELADO');
      expect((await couponOf(kai)).usado).toBe(false);
      const other = await pendingWithCoupon(kai, plain[14]!);
      const stock = await shop.stockOf(producto.idProducto);

      const [pago] = await shop.database.db.select().from(pagosPrueba).where(eq(pagosPrueba.preferenciaId, created.id));
      await shop.database.db.update(pagosPrueba).set({ estado: 'approved', detalle: 'accredited' }).where(eq(pagosPrueba.id, pago!.id));
      expect((await notify(String(pago!.id))).status).toBe(200);
      expect((await orderOf(created.idVenta)).estado).toBe('CANCELADO');
      expect(await shop.stockOf(producto.idProducto)).toBe(stock);
      const notas = await shop.database.db
        .select({ nota: pedidoHistorial.nota })
        .from(pedidoHistorial)
        .where(eq(pedidoHistorial.pedidoId, created.idVenta));
      expect(notas.at(-1)!.nota).toMatch(/devolver el pago/);
      expect((await orderOf(other.created.idVenta)).estado).toBe('PENDIENTE');
      expect((await couponOf(kai)).usado).toBe(true);
    });
  });

  describe('item 5: one account cannot take the catalogue off sale', () => {
    it('caps the units of one product in one order', async () => {
      const lia = await customer('lia');
      const producto = plain.find((p) => p.stock >= 20)!;
      const stock = await shop.stockOf(producto.idProducto);
      const tope = serverConfig({}).unidadesPorProducto;
      const res = await create(lia, preferenceBody(lia.id, [lineOf(producto, tope + 1)]));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { mensaje: string }).mensaje).toMatch(new RegExp(`como máximo ${tope} unidades`));
      expect(await shop.stockOf(producto.idProducto)).toBe(stock);
    });

    it('caps the unpaid units one customer holds, also under concurrent checkouts', async () => {
      const max = await customer('max');
      const { unidadesPorProducto, unidadesSinPagar } = serverConfig({});
      const lines = plain.filter((p) => p.stock >= unidadesPorProducto + 5).slice(15, 35);
      const held = async () => {
        const ids = (await ordersOf(max)).filter((pedido) => pedido.estado === 'PENDIENTE').map((pedido) => pedido.id);
        if (ids.length === 0) return 0;
        const [row] = await shop.database.db
          .select({ n: sum(pedidoLineas.cantidad) })
          .from(pedidoLineas)
          .where(inArray(pedidoLineas.pedidoId, ids));
        return Number(row!.n ?? 0);
      };
      for (let round = 0; round < 4; round++) {
        const answers = await Promise.all(
          lines
            .slice(round * 5, round * 5 + 5)
            .map((producto) => create(max, preferenceBody(max.id, [lineOf(producto, unidadesPorProducto)]))),
        );
        for (const res of answers) {
          expect([200, 409, 429]).toContain(res.status);
          if (res.status === 200) await payDePrueba(shop, ((await res.json()) as PreferenciaCreada).id, 'pending');
        }
      }
      expect(await held()).toBeLessThanOrEqual(unidadesSinPagar);
      const over = await create(max, preferenceBody(max.id, [lineOf(lines.at(-1)!, unidadesPorProducto)]));
      expect(over.status).toBe(409);
      expect(((await over.json()) as { mensaje: string }).mensaje).toMatch(/sin pagar/);
    });

    it('holds an unpaid Checkout Pro order only as long as its preference takes payments, a pending cash code until the code’s own deadline (issue 34, item 5)', async () => {
      const noa = await customer('noa');
      const { reservaPagoMinutos, efectivoMinutos } = serverConfig({});
      const abandoned = (await (await create(noa, preferenceBody(noa.id, [lineOf(plain[36]!)]))).json()) as PreferenciaCreada;
      const pedido = await orderOf(abandoned.idVenta);
      expect(pedido.expira.getTime() - pedido.creado.getTime()).toBe(reservaPagoMinutos * 60_000);
      const ona = await customer('ona');
      const cash = (await (await create(ona, preferenceBody(ona.id, [lineOf(plain[37]!)]))).json()) as PreferenciaCreada;
      await payDePrueba(shop, cash.id, 'pending');

      const later = (minutes: number) => new Date(pedido.creado.getTime() + minutes * 60_000);
      await expireOrders(shop.database.db, later(reservaPagoMinutos - 1));
      expect((await orderOf(abandoned.idVenta)).estado).toBe('PENDIENTE');
      await expireOrders(shop.database.db, later(reservaPagoMinutos + 1));
      expect((await orderOf(abandoned.idVenta)).estado).toBe('CANCELADO');
      expect((await orderOf(cash.idVenta)).estado).toBe('PENDIENTE');
      // Mercado Pago takes no payment on the code after its deadline: the order's units go back then, not a day later.
      await expireOrders(shop.database.db, later(efectivoMinutos - 1));
      expect((await orderOf(cash.idVenta)).estado).toBe('PENDIENTE');
      await expireOrders(shop.database.db, later(efectivoMinutos + 2));
      expect((await orderOf(cash.idVenta)).estado).toBe('CANCELADO');
    });

    it('reads checkout rate limits from RATE_LIMIT_CHECKOUTPORCUENTA and RATE_LIMIT_CHECKOUTPORIP', () => {
      const limits = serverConfig({ RATE_LIMIT_CHECKOUTPORCUENTA: '3/60', RATE_LIMIT_CHECKOUTPORIP: '7/120' }).rateLimits;
      expect(limits.checkoutPorCuenta).toEqual({ max: 3, windowSeconds: 60 });
      expect(limits.checkoutPorIp).toEqual({ max: 7, windowSeconds: 120 });
    });
  });

  describe('item 6: a provider failure after the commit undoes the reservation', () => {
    it('puts stock and coupon back, cancels the order, and a retry with the same key pays', async () => {
      const pia = await customer('pia');
      const producto = plain[38]!;
      const stock = await shop.stockOf(producto.idProducto);
      const body = await validBody(
        shop,
        pia,
        preferenceBody(pia.id, [lineOf(producto, 2)], { codigo: `BIENVENIDA-${pia.usuario.toUpperCase()}` }),
      );
      const key = newKey();
      provider.state.failing = true;
      try {
        const res = await create(pia, body, key);
        expect(res.status).toBe(502);
        expect(((await res.json()) as { mensaje: string }).mensaje).toMatch(/Mercado Pago/);
      } finally {
        provider.state.failing = false;
      }
      expect(await shop.stockOf(producto.idProducto)).toBe(stock);
      expect((await couponOf(pia)).usado).toBe(false);
      expect((await ordersOf(pia)).map((pedido) => pedido.estado)).toEqual(['CANCELADO']);

      const retry = await create(pia, body, key);
      expect(retry.status).toBe(200);
      const created = (await retry.json()) as PreferenciaCreada;
      expect((await orderOf(created.idVenta)).estado).toBe('PENDIENTE');
      expect(await shop.stockOf(producto.idProducto)).toBe(stock - 2);
      expect((await couponOf(pia)).usado).toBe(true);
      expect(((await (await create(pia, body, key)).json()) as PreferenciaCreada).id).toBe(created.id);
    });
  });
});

describeEachDatabase('what all unpaid orders may hold of one product (issue 34, item 5)', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let next = 0;
  const { porcentajeSinPagar } = serverConfig({});
  const create = (who: Customer, producto: Producto, cantidad: number) =>
    shop.call('POST', `/carrito/create-preference/${who.id}`, {
      token: who.token,
      body: preferenceBody(who.id, [lineOf(producto, cantidad)]),
      headers: { 'Idempotency-Key': newKey() },
    });
  const held = async (producto: Producto) => {
    const [row] = await shop.database.db
      .select({ n: sum(pedidoLineas.cantidad) })
      .from(pedidoLineas)
      .innerJoin(pedidos, eq(pedidos.id, pedidoLineas.pedidoId))
      .where(and(eq(pedidos.estado, 'PENDIENTE'), eq(pedidoLineas.productoId, producto.idProducto)));
    return Number(row!.n ?? 0);
  };
  const mensaje = async (res: Response) => ((await res.json()) as { mensaje: string }).mensaje;

  beforeAll(async () => {
    shop = await openShop(target, { config: { porcentajeSinPagar } });
    plain = plainProducts(await shop.catalogue());
  });
  afterAll(() => shop?.close());

  it('defaults to half of the units for sale, rounded up, at least 1; UNPAID_STOCK_PERCENT changes it (1–100)', () => {
    expect(porcentajeSinPagar).toBe(50);
    expect(serverConfig({ UNPAID_STOCK_PERCENT: '70' }).porcentajeSinPagar).toBe(70);
    for (const bad of ['0', '101', 'mitad', '12.5'])
      expect(() => serverConfig({ UNPAID_STOCK_PERCENT: bad })).toThrow(/UNPAID_STOCK_PERCENT/);
    expect(serverConfig({ CASH_PAYMENT_MINUTES: '45' }).efectivoMinutos).toBe(45);
  });

  it('several accounts at the same moment hold at most half of 30 units; the other half stays on sale; a paid order frees its share', async () => {
    const producto = plain[0]!;
    await shop.setStock(producto.idProducto, 30);
    const hoarders = await Promise.all([0, 1, 2, 3, 4, 5].map(() => shop.customer(`acaparador${++next}`)));
    const answers = await Promise.all(hoarders.map((who) => create(who, producto, 10)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    for (const res of answers.filter((r) => r.status === 409))
      expect(await mensaje(res)).toMatch(/^Otros clientes están pagando .+: por ahora puedes reservar como máximo 5 unidad\(es\)/);
    const first = (await answers[statuses.indexOf(200)]!.json()) as PreferenciaCreada;
    expect((await payDePrueba(shop, first.id, 'pending')).status).toBe(200);
    const second = await create(hoarders[statuses.indexOf(409)]!, producto, 5);
    expect(second.status, await second.clone().text()).toBe(200);
    expect((await payDePrueba(shop, ((await second.json()) as PreferenciaCreada).id, 'pending')).status).toBe(200);
    expect(await held(producto)).toBe(15);
    expect(await shop.stockOf(producto.idProducto)).toBe(15);

    // The next shopper is told the truth: not sold out, others are paying; try again in a few minutes.
    const shopper = await shop.customer(`compradora${++next}`);
    const refused = await create(shopper, producto, 1);
    expect(refused.status).toBe(409);
    expect(await mensaje(refused)).toMatch(/^Otros clientes están pagando las unidades de .+ que se pueden reservar ahora/);
    const listed = (await shop.catalogue()).find((p) => p.idProducto === producto.idProducto)!;
    expect(listed.stock).toBe(15);

    // The first order is paid: 10 units sold, 20 for sale, 5 held; up to 10 may be held now.
    expect((await payDePrueba(shop, first.id, 'approved')).status).toBe(200);
    const now = await create(shopper, producto, 5);
    expect(now.status, await now.clone().text()).toBe(200);
    expect(await held(producto)).toBe(10);
  });

  it('rounds up and never below one unit: 1 of 1, 2 of 3', async () => {
    const [uno, tres] = [plain[1]!, plain[2]!];
    await shop.setStock(uno.idProducto, 1);
    await shop.setStock(tres.idProducto, 3);
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => shop.customer(`redondeo${++next}`)));
    expect((await create(a!, uno, 1)).status).toBe(200);
    expect((await create(b!, tres, 2)).status).toBe(200);
    const third = await create(c!, tres, 1);
    expect(third.status).toBe(409);
    expect(await mensaje(third)).toMatch(/Otros clientes están pagando/);
  });
});

describeEachDatabase('checkout rate limits (issue 21)', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let served: Awaited<ReturnType<typeof serveShop>>;
  const generous = { max: 100_000, windowSeconds: 900 };

  beforeAll(async () => {
    const limits = serverConfig({}).rateLimits;
    shop = await openShop(target, {
      config: {
        rateLimits: {
          ...limits,
          loginPorIp: generous,
          loginPorCuenta: generous,
          registroPorIp: generous,
          checkoutPorCuenta: { max: 3, windowSeconds: 600 },
          checkoutPorIp: { max: 6, windowSeconds: 600 },
        },
      },
    });
    plain = plainProducts(await shop.catalogue());
    served = await serveShop(shop);
  });
  afterAll(async () => {
    await served?.close();
    await shop?.close();
  });

  it('answers 429 with Retry-After and a Spanish mensaje past the per-account and per-IP limits, counting each address apart (real sockets)', async () => {
    const pay = (ip: string, who: Customer, producto: Producto) =>
      served.from(ip, 'POST', `/carrito/create-preference/${who.id}`, {
        token: who.token,
        body: preferenceBody(who.id, [lineOf(producto)]),
      });
    const rio = await shop.customer('rio');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await pay('127.0.0.1', rio, plain[i]!);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(Number(res.retryAfter)).toBeGreaterThan(0);
        expect(res.json.mensaje).toMatch(/Demasiados intentos/);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    // 127.0.0.1 made 4 attempts: two more reach its limit of 6; another address is counted apart.
    const sol = await shop.customer('sol');
    expect((await pay('127.0.0.1', sol, plain[5]!)).status).toBe(200);
    expect((await pay('127.0.0.1', sol, plain[6]!)).status).toBe(200);
    expect((await pay('127.0.0.1', sol, plain[7]!)).status).toBe(429);
    expect((await pay('127.0.0.2', sol, plain[8]!)).status).toBe(200);
    expect((await pay('127.0.0.2', sol, plain[9]!)).status).toBe(429);
  });
});

describeEachDatabase('checkout concurrency (issue 21)', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let served: Awaited<ReturnType<typeof serveShop>>;
  const provider = controllablePasarela(150);
  /** A request over a real socket to the shop served by Node (the database pool is the real one: 10 connections on PostgreSQL). */
  const http = (method: string, path: string, options: { body?: unknown; token?: string } = {}) =>
    served.from('127.0.0.1', method, path, options);

  beforeAll(async () => {
    shop = await openShop(target, { pasarela: provider.pasarela });
    provider.attach(shop);
    plain = plainProducts(await shop.catalogue());
    served = await serveShop(shop);
  });
  afterAll(async () => {
    await served?.close();
    await shop?.close();
  });

  it('a double click without Idempotency-Key, while the provider is slow, gets one order and one preference', async () => {
    const wes = await shop.customer('wes');
    const producto = plain[61]!;
    const stock = await shop.stockOf(producto.idProducto);
    const body = await validBody(shop, wes, preferenceBody(wes.id, [lineOf(producto)]));
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => http('POST', `/carrito/create-preference/${wes.id}`, { token: wes.token, body })),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    const ids = answers.map((res) => res.json.id);
    expect(new Set(ids).size).toBe(1);
    expect(await shop.database.db.select().from(pedidos).where(eq(pedidos.clienteId, wes.id))).toHaveLength(1);
    expect(await shop.stockOf(producto.idProducto)).toBe(stock - 1);
  });

  it('60 parallel checkouts from one account hold no pooled connection while they wait: other calls stay fast', async () => {
    const uma = await shop.customer('uma');
    const vera = await shop.customer('vera');
    const bodies = await Promise.all(
      plain.slice(0, 60).map((producto) => validBody(shop, uma, preferenceBody(uma.id, [lineOf(producto)]))),
    );
    const checkouts = Promise.all(bodies.map((body) => http('POST', `/carrito/create-preference/${uma.id}`, { token: uma.token, body })));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    const login = await http('POST', '/login', { body: { user: vera.usuario, password: 'secreta123' } });
    const profile = await http('GET', `/web/clientes/${vera.id}`, { token: vera.token });
    const elapsed = Date.now() - started;
    expect(login.status).toBe(200);
    expect(profile.status).toBe(200);
    const answers = await checkouts;
    expect(elapsed, 'ms another customer waited for a login and a profile').toBeLessThan(1_500);
    const statuses = answers.map((res) => res.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses).toContain(200);
    const open = await shop.database.db
      .select()
      .from(pedidos)
      .where(and(eq(pedidos.clienteId, uma.id), eq(pedidos.estado, 'PENDIENTE')));
    expect(open).toHaveLength(1);
  });
});
