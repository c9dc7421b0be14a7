import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverConfig, pagoPruebaFromEnv } from '../../src/server/config.ts';
import type { DetallePedido, PreferenciaCreada, PreferenciaPrueba } from '../../src/lib/api/checkout-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { cuponesUsuario, pagos, pagosPrueba, pedidoHistorial, pedidos } from '../../src/server/db/schema/index.ts';
import { applyPayment } from '../../src/server/payments/aplicar.ts';
import { expireOrders } from '../../src/server/payments/vencimiento.ts';
import { signNotification } from '../../src/server/payments/signature.ts';
import { runBackgroundOnce } from '../../src/server/services.ts';
import { describeEachDatabase, testDatabases } from './databases.ts';
import { lineOf, newKey, openShop, plainProducts, preferenceBody, PROVINCIA, validBody, type TestShop } from './shop.ts';

describeEachDatabase('payments', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let next = 0;

  /** A customer with a PENDIENTE order for `cantidad` units of a product, and its preference. */
  async function pendingOrder(options: { cantidad?: number; codigo?: string; metodo?: string } = {}) {
    const customer = await shop.customer(`comprador${++next}`);
    const producto = plain[next % plain.length]!;
    const codigo = options.codigo === 'bienvenida' ? `BIENVENIDA-${customer.usuario.toUpperCase()}` : options.codigo;
    const body = await validBody(
      shop,
      customer,
      preferenceBody(customer.id, [lineOf(producto, options.cantidad ?? 2)], { codigo, metodo: options.metodo }),
    );
    const res = await shop.call('POST', `/carrito/create-preference/${customer.id}`, {
      token: customer.token,
      body,
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.status).toBe(200);
    return { customer, producto, preferencia: (await res.json()) as PreferenciaCreada };
  }
  const orderOf = async (id: number) => (await shop.database.db.select().from(pedidos).where(eq(pedidos.id, id)))[0]!;
  const payDePrueba = async (preferenceId: string, resultado: string) =>
    shop.call('POST', `/carrito/prueba/${preferenceId}/pagar`, { body: { resultado } });
  const notification = async (dataId: string, options: { secret?: string; ts?: string; requestId?: string } = {}) => {
    const requestId = options.requestId ?? 'req-1';
    const secret = options.secret ?? (await shop.services.pagos.webhookSecret());
    return shop.call('POST', `/webhooks/mercadopago?data.id=${dataId}&type=payment`, {
      headers: { 'x-request-id': requestId, 'x-signature': signNotification(secret, { dataId, requestId }, options.ts) },
      body: { action: 'payment.updated', type: 'payment', data: { id: dataId } },
    });
  };

  beforeAll(async () => {
    shop = await openShop(target);
    plain = plainProducts(await shop.catalogue())
      .sort((a, b) => a.precio - b.precio)
      .slice(0, 12);
  });
  afterAll(() => shop?.close());

  it('shows the order on the pago de prueba page and approves it through the signed webhook', async () => {
    const { customer, producto, preferencia } = await pendingOrder({ codigo: 'bienvenida' });
    const page = (await (await shop.call('GET', `/carrito/prueba/${preferencia.id}`)).json()) as PreferenciaPrueba;
    expect(page).toMatchObject({ id: preferencia.id, idVenta: preferencia.idVenta, estado: 'PENDIENTE' });
    expect(page.productos[0]).toMatchObject({ cantidad: 2 });
    const stock = await shop.stockOf(producto.idProducto);

    const res = await payDePrueba(preferencia.id, 'approved');
    expect(res.status).toBe(200);
    const { redirect } = (await res.json()) as { redirect: string };
    const url = new URL(redirect, 'http://tienda.local');
    expect(url.pathname).toBe('/success');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      status: 'approved',
      collection_status: 'approved',
      external_reference: String(preferencia.idVenta),
      preference_id: preferencia.id,
      site_id: 'MPE',
    });
    expect(url.searchParams.get('payment_id')).toBe(url.searchParams.get('collection_id'));

    const pedido = await orderOf(preferencia.idVenta);
    expect(pedido.estado).toBe('EN PREPARACION');
    expect(pedido.pagoId).toBe(url.searchParams.get('payment_id'));
    expect(await shop.stockOf(producto.idProducto)).toBe(stock);
    const [coupon] = await shop.database.db.select().from(cuponesUsuario).where(eq(cuponesUsuario.clienteId, customer.id));
    expect(coupon!.usado).toBe(true);

    const detail = (await (await shop.call('GET', `/api/detalle-pedido/${preferencia.idVenta}`, { token: customer.token })).json()) as {
      mensaje: DetallePedido;
    };
    expect(detail.mensaje).toMatchObject({
      idVenta: preferencia.idVenta,
      estado: 'EN PREPARACION',
      pagado: true,
      codigo_descuento: `BIENVENIDA-${customer.usuario.toUpperCase()}`,
      porcentaje_descuento: 10,
    });
    expect(detail.mensaje.historial.map((h) => h.estado)).toEqual(['PENDIENTE', 'EN PREPARACION']);
    const other = await shop.customer(`curioso${next}`);
    expect((await shop.call('GET', `/api/detalle-pedido/${preferencia.idVenta}`, { token: other.token })).status).toBe(404);
    expect((await payDePrueba(preferencia.id, 'approved')).status).toBe(409);
  });

  it('sends the confirmation e-mail from the job queue, once', async () => {
    const { customer, preferencia } = await pendingOrder({ metodo: PROVINCIA, cantidad: 1 });
    await payDePrueba(preferencia.id, 'approved');
    shop.sent.length = 0;
    await runBackgroundOnce(shop.services);
    await runBackgroundOnce(shop.services);
    const mails = shop.sent.filter((mail) => mail.to === `${customer.usuario}@example.pe`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`pedido N.° ${preferencia.idVenta}`);
    const pedido = await orderOf(preferencia.idVenta);
    expect(mails[0]!.text).toContain(pedido.direccion);
    expect(mails[0]!.text).toContain(`Total pagado: S/ ${(pedido.total / 100).toFixed(2)}`);
    expect(mails[0]!.html).toContain('Envío a provincia');
  });

  it('cancels a rejected payment, puts the stock back and leaves the coupon unused', async () => {
    const { customer, producto, preferencia } = await pendingOrder({ codigo: 'bienvenida', cantidad: 3 });
    const reserved = await shop.stockOf(producto.idProducto);
    const { redirect } = (await (await payDePrueba(preferencia.id, 'rejected')).json()) as { redirect: string };
    expect(redirect).toMatch(/^\/failure\?.*status=rejected/);
    expect((await orderOf(preferencia.idVenta)).estado).toBe('CANCELADO');
    expect(await shop.stockOf(producto.idProducto)).toBe(reserved + 3);
    const [coupon] = await shop.database.db.select().from(cuponesUsuario).where(eq(cuponesUsuario.clienteId, customer.id));
    expect(coupon!.usado).toBe(false);
  });

  it("cancels a Checkout Pro order whose rejected payment Mercado Pago's page took with Yape: the order's own method decides", async () => {
    const { producto, preferencia } = await pendingOrder({ cantidad: 2 });
    const reserved = await shop.stockOf(producto.idProducto);
    const pedido = await orderOf(preferencia.idVenta);
    const pago = {
      id: `${900000 + preferencia.idVenta}`,
      status: 'rejected',
      status_detail: 'cc_rejected_other_reason',
      external_reference: String(preferencia.idVenta),
      currency_id: 'PEN',
      transaction_amount: pedido.total / 100,
      payment_type_id: 'debit_card',
      payment_method_id: 'yape',
    };
    expect(await applyPayment(shop.database.db, pago, 'mercadopago', shop.services.config.comprobantes)).toBe('cancelado');
    expect((await orderOf(preferencia.idVenta)).estado).toBe('CANCELADO');
    expect(await shop.stockOf(producto.idProducto)).toBe(reserved + 2);
  });

  it('keeps a pending payment PENDIENTE with its stock reserved', async () => {
    const { producto, preferencia } = await pendingOrder();
    const reserved = await shop.stockOf(producto.idProducto);
    const { redirect } = (await (await payDePrueba(preferencia.id, 'pending')).json()) as { redirect: string };
    expect(redirect).toMatch(/^\/pending\?/);
    expect((await orderOf(preferencia.idVenta)).estado).toBe('PENDIENTE');
    expect(await shop.stockOf(producto.idProducto)).toBe(reserved);
  });

  it('refuses a bad or stale signature with 401 and changes nothing', async () => {
    const { preferencia } = await pendingOrder();
    const [pago] = await shop.database.db
      .insert(pagosPrueba)
      .values({
        preferenciaId: preferencia.id,
        referenciaExterna: String(preferencia.idVenta),
        estado: 'approved',
        detalle: 'accredited',
        monto: (await orderOf(preferencia.idVenta)).total,
        moneda: 'PEN',
        tipo: 'credit_card',
      })
      .returning({ id: pagosPrueba.id });
    const id = String(pago!.id);
    expect((await notification(id, { secret: 'otro-secreto' })).status).toBe(401);
    expect((await notification(id, { ts: String(Date.now() - 60 * 60 * 1000) })).status).toBe(401);
    const unsigned = await shop.call('POST', `/webhooks/mercadopago?data.id=${id}&type=payment`, { body: { data: { id } } });
    expect(unsigned.status).toBe(401);
    const secret = await shop.services.pagos.webhookSecret();
    const otherId = await shop.call('POST', `/webhooks/mercadopago?data.id=${id}9&type=payment`, {
      headers: { 'x-request-id': 'req-1', 'x-signature': signNotification(secret, { dataId: id, requestId: 'req-1' }) },
    });
    expect(otherId.status).toBe(401);
    expect((await orderOf(preferencia.idVenta)).estado).toBe('PENDIENTE');

    // The same notification five times: one change.
    const answers = await Promise.all(Array.from({ length: 5 }, () => notification(id)));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await orderOf(preferencia.idVenta)).estado).toBe('EN PREPARACION');
    const history = await shop.database.db
      .select({ n: count() })
      .from(pedidoHistorial)
      .where(eq(pedidoHistorial.pedidoId, preferencia.idVenta));
    expect(history[0]!.n).toBe(2);
    const payments = await shop.database.db.select({ n: count() }).from(pagos).where(eq(pagos.pedidoId, preferencia.idVenta));
    expect(payments[0]!.n).toBe(1);
  });

  it('never marks paid a payment of another amount or currency', async () => {
    for (const mismatch of [{ monto: 1 }, { moneda: 'USD' }]) {
      const { producto, preferencia } = await pendingOrder();
      const total = (await orderOf(preferencia.idVenta)).total;
      const [pago] = await shop.database.db
        .insert(pagosPrueba)
        .values({
          preferenciaId: preferencia.id,
          referenciaExterna: String(preferencia.idVenta),
          estado: 'approved',
          detalle: 'accredited',
          monto: total,
          moneda: 'PEN',
          tipo: 'credit_card',
          ...mismatch,
        })
        .returning({ id: pagosPrueba.id });
      const reserved = await shop.stockOf(producto.idProducto);
      expect((await notification(String(pago!.id))).status).toBe(200);
      const pedido = await orderOf(preferencia.idVenta);
      expect(pedido.estado).toBe('PENDIENTE');
      expect(pedido.pagado).toBeNull();
      expect(await shop.stockOf(producto.idProducto)).toBe(reserved);
    }
  });

  it('ignores notifications of unknown payments and other topics', async () => {
    expect((await notification('999999999')).status).toBe(200);
    const secret = await shop.services.pagos.webhookSecret();
    const merchantOrder = await shop.call('POST', '/webhooks/mercadopago?data.id=123&type=merchant_order', {
      headers: { 'x-request-id': 'r', 'x-signature': signNotification(secret, { dataId: '123', requestId: 'r' }) },
    });
    expect(merchantOrder.status).toBe(200);
  });

  it('cancels an order unpaid after its reservation and releases its stock', async () => {
    const { producto, preferencia } = await pendingOrder({ cantidad: 4 });
    const reserved = await shop.stockOf(producto.idProducto);
    expect(await expireOrders(shop.database.db, new Date(Date.now() + (serverConfig({}).reservaPagoMinutos - 1) * 60_000))).toBe(0);
    expect((await orderOf(preferencia.idVenta)).estado).toBe('PENDIENTE');
    await runBackgroundOnce(shop.services, new Date(Date.now() + 25 * 3_600_000));
    expect((await orderOf(preferencia.idVenta)).estado).toBe('CANCELADO');
    expect(await shop.stockOf(producto.idProducto)).toBe(reserved + 4);
    expect(await expireOrders(shop.database.db, new Date(Date.now() + 48 * 3_600_000))).toBe(0);
    expect(await shop.stockOf(producto.idProducto)).toBe(reserved + 4);
  });

  it('revives an expired order whose payment is approved later, while its stock is still there', async () => {
    const { producto, preferencia } = await pendingOrder({ cantidad: 1 });
    await shop.call('POST', `/carrito/prueba/${preferencia.id}/pagar`, { body: { resultado: 'pending' } });
    await expireOrders(shop.database.db, new Date(Date.now() + 25 * 3_600_000));
    const released = await shop.stockOf(producto.idProducto);
    const [pending] = await shop.database.db.select().from(pagosPrueba).where(eq(pagosPrueba.preferenciaId, preferencia.id));
    await shop.database.db.update(pagosPrueba).set({ estado: 'approved', detalle: 'accredited' }).where(eq(pagosPrueba.id, pending!.id));
    expect((await notification(String(pending!.id))).status).toBe(200);
    expect((await orderOf(preferencia.idVenta)).estado).toBe('EN PREPARACION');
    expect(await shop.stockOf(producto.idProducto)).toBe(released - 1);
  });
});

describe('payments in production without Mercado Pago credentials', () => {
  it('refuses checkout with a clear mensaje and has no pago de prueba', async () => {
    const [target] = testDatabases();
    const shop = await openShop(target!, {
      config: {
        production: true,
        jwtSecret: 'x'.repeat(48),
        pagoPrueba: pagoPruebaFromEnv({ NODE_ENV: 'production', SITE_URL: 'https://kbeauty.example' }).enabled,
      },
    });
    try {
      const customer = await shop.customer('prod');
      const [producto] = plainProducts(await shop.catalogue());
      const res = await shop.call('POST', `/carrito/create-preference/${customer.id}`, {
        token: customer.token,
        body: preferenceBody(customer.id, [lineOf(producto!)]),
        headers: { 'Idempotency-Key': newKey() },
      });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { mensaje: string }).mensaje).toMatch(/pagos en línea no están disponibles/);
      expect((await shop.call('GET', '/carrito/prueba/prueba-x')).status).toBe(404);
    } finally {
      await shop.close();
    }
  });
});
