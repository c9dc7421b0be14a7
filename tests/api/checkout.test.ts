import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverConfig } from '../../src/server/config.ts';
import type { CotizacionServidor, PreciosCambiados, PreferenciaCreada } from '../../src/lib/api/checkout-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { pedidoLineas, pedidos } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';
import { DESTINO, lineOf, newKey, openShop, plainProducts, preferenceBody, PROVINCIA, validBody, type TestShop } from './shop.ts';

describeEachDatabase('checkout API', (target) => {
  let shop: TestShop;
  let ana: { id: number; token: string; usuario: string };
  let plain: Producto[];
  let discounted: Producto;

  const orders = async (clienteId: number) =>
    (await shop.database.db.select({ n: count() }).from(pedidos).where(eq(pedidos.clienteId, clienteId)))[0]!.n;
  const pay = (customer: { id: number; token: string }, body: unknown, key = newKey()) =>
    shop.call('POST', `/carrito/create-preference/${customer.id}`, { token: customer.token, body, headers: { 'Idempotency-Key': key } });
  const quote = async (customer: { id: number; token: string }, body: unknown) => {
    const res = await shop.call('POST', `/carrito/cotizar/${customer.id}`, { token: customer.token, body });
    return { status: res.status, json: (await res.json()) as CotizacionServidor & { mensaje?: string } };
  };

  beforeAll(async () => {
    shop = await openShop(target);
    ana = await shop.customer('ana');
    const catalogue = await shop.catalogue();
    // The cheapest products, so that orders stay under the free-shipping threshold.
    plain = plainProducts(catalogue).sort((a, b) => a.precio - b.precio);
    discounted = catalogue.filter((p) => p.descuento > 0 && p.stock >= 10).sort((a, b) => a.precio - b.precio)[0]!;
  });
  afterAll(() => shop?.close());

  describe('the server prices the cart', () => {
    it('answers its own prices, whatever the client claims', async () => {
      const line = { ...lineOf(plain[0]!, 2), precio: 0.01, precio_unitario: 0.01, precio_con_descuento: 0.01 };
      const { status, json } = await quote(ana, preferenceBody(ana.id, [line]));
      expect(status).toBe(200);
      expect(json.productos[0]).toMatchObject({
        id: plain[0]!.idProducto,
        cantidad: 2,
        precio: lineOf(plain[0]!).precio,
        precio_unitario: plain[0]!.precio,
      });
      expect(json.total).toBeCloseTo(lineOf(plain[0]!).precio * 2, 2);
    });

    it("gives the coupon only to eligible lines and applies the district's tariff", async () => {
      const body = preferenceBody(ana.id, [lineOf(plain[1]!), lineOf(discounted)], { metodo: PROVINCIA, codigo: 'bienvenida-ana' });
      const { status, json } = await quote(ana, body);
      expect(status).toBe(200);
      const [eligible, notEligible] = json.productos;
      expect(eligible!.precio).toBeCloseTo(Math.round(lineOf(plain[1]!).precio * 90) / 100, 2);
      expect(notEligible!.precio).toBe(lineOf(discounted).precio);
      expect(json.cupon).toEqual({ codigo: 'BIENVENIDA-ANA', porcentaje: 10, tipo: 'usuario' });
      const tarifa = (await (await shop.call('GET', `/web/ListTarifa/${DESTINO.provincia}/${DESTINO.distrito}`)).json()) as {
        PRECIO: string;
      }[];
      const productos = json.subtotal - json.descuento;
      expect(json.envio).toBe(productos > 250 ? 0 : Number(tarifa[0]!.PRECIO));
      expect(json.total).toBeCloseTo(productos + json.envio, 2);
    });

    it("refuses another customer's coupon, an unknown one and one outside its dates", async () => {
      const luis = await shop.customer('luis');
      const lines = [lineOf(plain[0]!)];
      expect((await quote(luis, preferenceBody(luis.id, lines, { codigo: 'BIENVENIDA-ANA' }))).json.mensaje).toBe(
        'Código de descuento inválido',
      );
      expect((await quote(luis, preferenceBody(luis.id, lines, { codigo: 'NOEXISTE' }))).status).toBe(409);
      expect((await quote(luis, preferenceBody(luis.id, lines, { codigo: 'VERANO15' }))).json.mensaje).toBe(
        'Descuento expirado: El descuento global ya ha expirado.',
      );
      expect((await quote(luis, preferenceBody(luis.id, [lineOf(discounted)], { codigo: 'KBEAUTY10' }))).json.mensaje).toMatch(
        /^No se puede aplicar descuento/,
      );
    });
  });

  describe('create-preference', () => {
    it('creates one PENDIENTE order with snapshots and reserved stock, and answers the preference', async () => {
      const producto = plain[2]!;
      const before = await shop.stockOf(producto.idProducto);
      const body = await validBody(shop, ana, preferenceBody(ana.id, [lineOf(producto, 3)]));
      const res = await pay(ana, body);
      expect(res.status).toBe(200);
      const created = (await res.json()) as PreferenciaCreada;
      expect(created.id).toMatch(/^prueba-/);
      expect(created.init_point).toBe(`/pago-de-prueba?preference_id=${created.id}`);
      expect(await shop.stockOf(producto.idProducto)).toBe(before - 3);
      const [pedido] = await shop.database.db.select().from(pedidos).where(eq(pedidos.id, created.idVenta));
      expect(pedido).toMatchObject({
        estado: 'PENDIENTE',
        clienteId: ana.id,
        recojo: true,
        documentoTipo: 'DNI',
        documentoNumero: '12345678',
        total: Math.round(body.total! * 100),
      });
      expect(pedido!.expira.getTime() - pedido!.creado.getTime()).toBe(serverConfig({}).reservaPagoMinutos * 60_000);
      const lineas = await shop.database.db.select().from(pedidoLineas).where(eq(pedidoLineas.pedidoId, created.idVenta));
      expect(lineas).toHaveLength(1);
      expect(lineas[0]).toMatchObject({
        productoId: producto.idProducto,
        nombre: producto.nombre,
        cantidad: 3,
        precioCobrado: Math.round(lineOf(producto).precio * 100),
      });
    });

    it('answers the same preference for a repeated idempotency key and never makes a second order', async () => {
      const pepe = await shop.customer('pepe');
      const body = await validBody(shop, pepe, preferenceBody(pepe.id, [lineOf(plain[3]!)]));
      const key = newKey();
      const answers = await Promise.all([pay(pepe, body, key), pay(pepe, body, key), pay(pepe, body, key)]);
      const ids = await Promise.all(answers.map(async (res) => ((await res.json()) as PreferenciaCreada).id));
      expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
      expect(new Set(ids).size).toBe(1);
      expect(await orders(pepe.id)).toBe(1);
      expect(((await (await pay(pepe, body, key)).json()) as PreferenciaCreada).id).toBe(ids[0]);
    });

    it('refuses tampered prices, discounts, coupons, tariffs and totals with 409 and the current prices, creating nothing', async () => {
      const rosa = await shop.customer('rosa');
      const producto = plain[4]!;
      const honest = await validBody(
        shop,
        rosa,
        preferenceBody(rosa.id, [lineOf(producto, 2), lineOf(discounted)], { metodo: PROVINCIA, codigo: 'BIENVENIDA-ROSA' }),
      );
      const stock = await shop.stockOf(producto.idProducto);
      const tampered = [
        { ...honest, cart: honest.cart.map((line, i) => (i === 0 ? { ...line, precio: line.precio - 1 } : line)) },
        { ...honest, descuento: honest.descuento! + 5 },
        { ...honest, cart: honest.cart.map((line, i) => (i === 1 ? { ...line, precio: Math.round(line.precio * 90) / 100 } : line)) },
        { ...honest, metadata: { ...honest.metadata, costo_envio: 0 } },
        { ...honest, total: honest.total! - 0.01 },
        { ...honest, comision: -1 },
      ];
      for (const body of tampered) {
        const res = await pay(rosa, body);
        expect(res.status, JSON.stringify(body).slice(-300)).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        if (res.status === 409) {
          const json = (await res.json()) as PreciosCambiados;
          expect(json.mensaje).toBe('¡Algunos productos cambiaron de precio!');
          expect(json.cotizacion.total).toBe(honest.total);
        }
      }
      expect(await orders(rosa.id)).toBe(0);
      expect(await shop.stockOf(producto.idProducto)).toBe(stock);
      expect((await pay(rosa, honest)).status).toBe(200);
    });

    it("answers 403 for another customer's id and 401 without a token", async () => {
      const body = preferenceBody(ana.id, [lineOf(plain[0]!)]);
      const luz = await shop.customer('luz');
      expect((await pay(luz, body)).status).toBe(403);
      expect(
        (
          await shop.call('POST', `/carrito/create-preference/${ana.id}`, {
            token: luz.token,
            body,
            headers: { 'Idempotency-Key': newKey() },
          })
        ).status,
      ).toBe(403);
      expect(
        (await shop.call('POST', `/carrito/create-preference/${ana.id}`, { body, headers: { 'Idempotency-Key': newKey() } })).status,
      ).toBe(401);
    });

    it('answers bad input with a Spanish mensaje and creates nothing', async () => {
      const mia = await shop.customer('mia');
      const good = preferenceBody(mia.id, [lineOf(plain[0]!)]);
      const cases: [unknown, number, RegExp][] = [
        [{ ...good, cart: [] }, 400, /Tu carrito está vacío/],
        [{ ...good, cart: [{ ...lineOf(plain[0]!), id: 999_999 }] }, 400, /ya no existe/],
        [{ ...good, cart: [{ ...lineOf(plain[0]!), cantidad: 0 }] }, 400, /cantidad/],
        [{ ...good, cart: [{ ...lineOf(plain[0]!), cantidad: -2 }] }, 400, /cantidad/],
        [{ ...good, cart: [{ ...lineOf(plain[0]!), cantidad: 1.5 }] }, 400, /cantidad/],
        [{ ...good, cart: [{ ...lineOf(plain[0]!), selectedColor: 'Fucsia neón' }] }, 400, /color/],
        [
          { ...good, metadata: { ...good.metadata, metodo_envio: PROVINCIA }, destino: { ...DESTINO, distrito: 'Atlántida' } },
          400,
          /No realizamos envíos/,
        ],
        [{ ...good, metadata: { ...good.metadata, metodo_envio: PROVINCIA }, destino: null }, 400, /Completa los datos de envío/],
        [{ ...good, metadata: { ...good.metadata, metodo_envio: 'Dron' } }, 400, /método de envío/],
        [{ ...good, metadata: undefined }, 400, /metadata/],
        ['{"cart": [', 400, /JSON/],
      ];
      for (const [body, status, mensaje] of cases) {
        const res = await pay(mia, body);
        expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(status);
        expect(((await res.json()) as { mensaje: string }).mensaje).toMatch(mensaje);
      }
      const badKey = await shop.call('POST', `/carrito/create-preference/${mia.id}`, {
        token: mia.token,
        body: good,
        headers: { 'Idempotency-Key': 'corta' },
      });
      expect(badKey.status).toBe(400);
      expect(((await badKey.json()) as { mensaje: string }).mensaje).toMatch(/Idempotency-Key/);
      expect(await orders(mia.id)).toBe(0);
    });

    it('requires an identity document', async () => {
      const sin = await shop.customer('sindoc', { documento: null });
      const res = await pay(sin, preferenceBody(sin.id, [lineOf(plain[0]!)]));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ mensaje: 'Documento de identidad requerido' });
    });

    it('names the product and what is left when stock is short', async () => {
      const leo = await shop.customer('leo');
      const producto = plain[5]!;
      await shop.setStock(producto.idProducto, 2);
      const res = await pay(leo, preferenceBody(leo.id, [lineOf(producto, 3)]));
      expect(res.status).toBe(409);
      expect(((await res.json()) as { mensaje: string }).mensaje).toBe(
        `Solo quedan 2 unidad(es) de ${producto.nombre}. Ajusta la cantidad para continuar.`,
      );
      expect(await shop.stockOf(producto.idProducto)).toBe(2);
    });

    it('replaces the customer’s earlier unpaid order, releasing its stock', async () => {
      const eva = await shop.customer('eva');
      const producto = plain[6]!;
      const stock = await shop.stockOf(producto.idProducto);
      const body = await validBody(shop, eva, preferenceBody(eva.id, [lineOf(producto, 2)]));
      const first = (await (await pay(eva, body)).json()) as PreferenciaCreada;
      const second = (await (await pay(eva, body)).json()) as PreferenciaCreada;
      expect(second.idVenta).not.toBe(first.idVenta);
      const [old] = await shop.database.db.select({ estado: pedidos.estado }).from(pedidos).where(eq(pedidos.id, first.idVenta));
      expect(old!.estado).toBe('CANCELADO');
      expect(await shop.stockOf(producto.idProducto)).toBe(stock - 2);
    });
  });

  it('sells exactly the stock there is to 20 concurrent checkouts, never below 0', async () => {
    const producto = plain[7]!;
    await shop.setStock(producto.idProducto, 5);
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => shop.customer(`concurrente${i}`)));
    const bodies = await Promise.all(buyers.map((buyer) => validBody(shop, buyer, preferenceBody(buyer.id, [lineOf(producto, 1)]))));
    const answers = await Promise.all(buyers.map((buyer, i) => pay(buyer, bodies[i])));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    expect(await shop.stockOf(producto.idProducto)).toBe(0);
    const reserved = await shop.database.db
      .select({ n: count() })
      .from(pedidoLineas)
      .where(eq(pedidoLineas.productoId, producto.idProducto));
    expect(reserved[0]!.n).toBe(5);
  });
});
