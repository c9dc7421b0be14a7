import { eq, inArray, sql } from 'drizzle-orm';
import { MockAgent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RECHAZOS_YAPE, type YapeAprobado, type YapeDisponible, type YapeRechazado } from '../../src/lib/api/yape-rules.ts';
import type { DetallePedido, PreferenciaBody } from '../../src/lib/api/checkout-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { toCentimos } from '../../src/lib/pricing/money.ts';
import { comprobantes, intentosYape, pagos, pedidoHistorial, pedidos } from '../../src/server/db/schema/index.ts';
import { mercadoPagoPasarela } from '../../src/server/payments/mercadopago.ts';
import { pruebaPasarela } from '../../src/server/payments/prueba.ts';
import { TELEFONOS_YAPE_PRUEBA } from '../../src/server/payments/yape.ts';
import type { Pasarela } from '../../src/server/payments/gateway.ts';
import { cancelOrder } from '../../src/server/orders/life.ts';
import { signNotification } from '../../src/server/payments/signature.ts';
import { describeEachDatabase } from './databases.ts';
import { lineOf, newKey, openShop, plainProducts, preferenceBody, validBody, type TestShop } from './shop.ts';

/** Everything the shop writes to the console while `run` runs, as one string. */
async function consoleOf(run: () => Promise<void>): Promise<string> {
  const lines: unknown[][] = [];
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(args)),
  );
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => (lines.push([String(chunk)]), true));
  try {
    await run();
  } finally {
    for (const spy of [...spies, write]) spy.mockRestore();
  }
  return lines
    .map((args) =>
      args
        .map((a) =>
          a instanceof Error ? `${a.message} ${a.stack} ${JSON.stringify(a.cause ?? '')}` : typeof a === 'string' ? a : JSON.stringify(a),
        )
        .join(' '),
    )
    .join('\n');
}

/** Every row the shop keeps about orders and payments, as one string (to prove the phone and code are not there). */
async function storedRows(shop: TestShop): Promise<string> {
  const tables = ['pedidos', 'pedido_historial', 'pagos', 'pagos_prueba', 'intentos_yape', 'trabajos', 'auditoria'];
  const rows = [];
  for (const table of tables)
    rows.push((await shop.database.db.execute(sql.raw(`SELECT * FROM ${table}`))) as unknown as { rows: unknown[] });
  return JSON.stringify(rows.map((r) => r.rows));
}

describeEachDatabase('Yape', (target) => {
  let next = 0;
  let plain: Producto[];

  /** A customer and a checkout body claiming the server's prices, for `cantidad` units of a cheap product. */
  async function yapeCheckout(shop: TestShop, options: { cantidad?: number; producto?: Producto } = {}) {
    const customer = await shop.customer(`yapero${++next}`);
    const producto = options.producto ?? plain[next % plain.length]!;
    const body = await validBody(shop, customer, preferenceBody(customer.id, [lineOf(producto, options.cantidad ?? 1)]));
    return { customer, body, key: newKey() };
  }

  const pay = (
    shop: TestShop,
    c: { customer: { id: number; token: string }; body: PreferenciaBody; key?: string },
    yape: { celular: string; codigo: string; intento?: string },
  ) =>
    shop.call('POST', `/carrito/yape/${c.customer.id}`, {
      token: c.customer.token,
      headers: c.key ? { 'Idempotency-Key': c.key } : {},
      body: { ...c.body, yape: { intento: newKey(), ...yape } },
    });

  const orderOf = async (shop: TestShop, id: number) => (await shop.database.db.select().from(pedidos).where(eq(pedidos.id, id)))[0]!;

  describe('in the pago de prueba', () => {
    let shop: TestShop;
    beforeAll(async () => {
      shop = await openShop(target);
      plain = plainProducts(await shop.catalogue())
        .sort((a, b) => a.precio - b.precio)
        .slice(0, 20);
    });
    afterAll(() => shop?.close());

    it('is offered, up to S/ 2,000, with the test phones', async () => {
      expect(await (await shop.call('GET', '/carrito/yape')).json()).toEqual({
        disponible: true,
        maximo: 2000,
        prueba: true,
      } satisfies YapeDisponible);
    });

    it('pays the server-priced order at once with 111111111: paid, stock kept, confirmation queued once, Yape in Mis Compras', async () => {
      const c = await yapeCheckout(shop, { cantidad: 2 });
      const res = await pay(shop, c, { celular: '111111111', codigo: '123456' });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as YapeAprobado;
      expect(answer).toMatchObject({ estado: 'approved', idVenta: expect.any(Number), payment_id: expect.any(String) });
      const url = new URL(answer.redirect, 'http://tienda.local');
      expect(url.pathname).toBe('/success');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        status: 'approved',
        payment_id: answer.payment_id,
        external_reference: String(answer.idVenta),
      });
      const pedido = await orderOf(shop, answer.idVenta);
      expect(pedido).toMatchObject({ estado: 'EN PREPARACION', metodoPago: 'yape', pagoId: answer.payment_id });
      expect(pedido.total).toBe(toCentimos(c.body.total!));
      const [pago] = await shop.database.db.select().from(pagos).where(eq(pagos.id, answer.payment_id));
      expect(pago).toMatchObject({ estado: 'approved', monto: pedido.total, moneda: 'PEN' });
      const detail = (await (await shop.call('GET', `/api/detalle-pedido/${answer.idVenta}`, { token: c.customer.token })).json()) as {
        mensaje: DetallePedido;
      };
      expect(detail.mensaje).toMatchObject({ metodo_pago: 'Yape (modo de prueba)', pagado: true, estado: 'EN PREPARACION' });

      // The webhook for the same payment changes nothing a second time.
      const secret = await shop.services.pagos.webhookSecret();
      const historial = (await shop.database.db.select().from(pedidoHistorial).where(eq(pedidoHistorial.pedidoId, answer.idVenta))).length;
      const notified = await shop.call('POST', `/webhooks/mercadopago?data.id=${answer.payment_id}&type=payment`, {
        headers: { 'x-request-id': 'yape-1', 'x-signature': signNotification(secret, { dataId: answer.payment_id, requestId: 'yape-1' }) },
        body: { type: 'payment', data: { id: answer.payment_id } },
      });
      expect(notified.status).toBe(200);
      expect((await shop.database.db.select().from(pedidoHistorial).where(eq(pedidoHistorial.pedidoId, answer.idVenta))).length).toBe(
        historial,
      );
      const confirmaciones = await shop.database.db.execute(
        sql`SELECT count(*)::int AS n FROM trabajos WHERE clave = ${`correo-confirmacion:${answer.idVenta}`}`,
      );
      expect((confirmaciones as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
      // Its receipt is numbered once, with the payment.
      expect(
        (await shop.database.db.select().from(comprobantes).where(eq(comprobantes.pedidoId, answer.idVenta))).map((r) => [r.tipo, r.total]),
      ).toEqual([['03', pedido.total]]);
    });

    it.each(Object.entries(TELEFONOS_YAPE_PRUEBA).filter(([, detalle]) => detalle !== 'accredited'))(
      'rejects %s (%s) with its Spanish message and leaves the order payable',
      async (celular, detalle) => {
        const c = await yapeCheckout(shop);
        const res = await pay(shop, c, { celular, codigo: '123456' });
        expect(res.status).toBe(402);
        const answer = (await res.json()) as YapeRechazado;
        expect(answer).toEqual({ mensaje: RECHAZOS_YAPE[detalle]!, status_detail: detalle, idVenta: expect.any(Number) });
        expect(await orderOf(shop, answer.idVenta)).toMatchObject({ estado: 'PENDIENTE', pagado: null });
      },
    );

    it('after a rejection, a new code pays the same order (same key); a wrong code gets no token', async () => {
      const c = await yapeCheckout(shop);
      const first = (await (await pay(shop, c, { celular: '111111112', codigo: '123456' })).json()) as YapeRechazado;
      const wrong = await pay(shop, c, { celular: '111111111', codigo: '000000' });
      expect(wrong.status).toBe(402);
      expect(((await wrong.json()) as YapeRechazado).mensaje).toBe(RECHAZOS_YAPE.cc_rejected_bad_filled_security_code);
      const ok = await pay(shop, c, { celular: '111111111', codigo: '123456' });
      expect(ok.status).toBe(200);
      const paid = (await ok.json()) as YapeAprobado;
      expect(paid.idVenta).toBe(first.idVenta);
      expect(await orderOf(shop, first.idVenta)).toMatchObject({ estado: 'EN PREPARACION' });
      // Paid: the same key answers the paid order again, without paying anything more.
      const again = await pay(shop, c, { celular: '111111111', codigo: '123456' });
      expect(((await again.json()) as YapeAprobado).payment_id).toBe(paid.payment_id);
      expect((await shop.database.db.select().from(pagos).where(eq(pagos.pedidoId, first.idVenta))).map((p) => p.estado).sort()).toEqual([
        'approved',
        'rejected',
      ]);
    });

    it('pays once for two sends of the same submission, even at the same moment', async () => {
      const c = await yapeCheckout(shop);
      const yape = { celular: '111111111', codigo: '123456', intento: newKey() };
      const answers = await Promise.all([pay(shop, c, yape), pay(shop, c, yape), pay(shop, c, yape)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const ids = new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as YapeAprobado).payment_id)));
      expect(ids.size).toBe(1);
      const idVenta = (
        await shop.database.db
          .select({ id: pedidos.id })
          .from(pedidos)
          .where(eq(pedidos.pagoId, [...ids][0]!))
      )[0]!.id;
      expect((await shop.database.db.select().from(pagos).where(eq(pagos.pedidoId, idVenta))).length).toBe(1);
      expect((await shop.database.db.select().from(intentosYape).where(eq(intentosYape.pedidoId, idVenta))).length).toBe(1);
    });

    it('lets a new attempt id pay after a rejected one, once', async () => {
      const c = await yapeCheckout(shop);
      expect((await pay(shop, c, { celular: '111111112', codigo: '123456' })).status).toBe(402);
      const answers = await Promise.all([0, 1].map(() => pay(shop, c, { celular: '111111111', codigo: '123456' })));
      const statuses = answers.map((a) => a.status);
      expect(statuses).toContain(200);
      const idVenta = ((await answers[statuses.indexOf(200)]!.json()) as YapeAprobado).idVenta;
      expect((await shop.database.db.select().from(pagos).where(eq(pagos.pedidoId, idVenta))).map((p) => p.estado).sort()).toEqual([
        'approved',
        'rejected',
      ]);
    });

    it('refuses an order above S/ 2,000, a phone or code of the wrong shape, and another customer', async () => {
      const caro = [...(await shop.catalogue())]
        .filter((p) => p.stock >= 10 && p.descuento === 0 && p.descuentoN === 0)
        .sort((a, b) => b.precio - a.precio)[0]!;
      const big = await yapeCheckout(shop, { producto: caro, cantidad: Math.min(10, Math.ceil(2001 / caro.precio)) });
      if (big.body.total! > 2000) {
        const res = await pay(shop, big, { celular: '111111111', codigo: '123456' });
        expect(res.status).toBe(400);
        expect(((await res.json()) as { mensaje: string }).mensaje).toBe(
          'Yape acepta pagos de hasta S/ 2,000. Para este pedido paga con Mercado Pago.',
        );
      }
      const c = await yapeCheckout(shop);
      for (const [yape, mensaje] of [
        [{ celular: '12345678', codigo: '123456' }, 'El celular debe tener 9 dígitos y empezar con 9.'],
        [{ celular: '811111111', codigo: '123456' }, 'El celular debe tener 9 dígitos y empezar con 9.'],
        [{ celular: '111111111', codigo: '12345' }, 'El código de aprobación tiene 6 dígitos.'],
        [{ celular: '111111111', codigo: '' }, 'Escribe el código de aprobación de tu app Yape.'],
        [{ celular: '111111111', codigo: '123456', intento: 'x' }, 'Vuelve a intentar el pago con Yape.'],
      ] as const) {
        const res = await pay(shop, c, yape);
        expect(res.status).toBe(400);
        expect(((await res.json()) as { mensaje: string }).mensaje).toBe(mensaje);
      }
      const other = await shop.customer(`intruso${next}`);
      expect(
        (
          await shop.call('POST', `/carrito/yape/${c.customer.id}`, {
            token: other.token,
            body: { ...c.body, yape: { celular: '111111111', codigo: '123456', intento: newKey() } },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await shop.call('POST', `/carrito/yape/${c.customer.id}`, {
            body: { ...c.body, yape: { celular: '111111111', codigo: '123456', intento: newKey() } },
          })
        ).status,
      ).toBe(401);
    });

    it('writes neither the phone nor the code to the database or the logs', async () => {
      const logs = await consoleOf(async () => {
        const c = await yapeCheckout(shop);
        await pay(shop, c, { celular: '111111116', codigo: '123456' });
        await pay(shop, c, { celular: '111111111', codigo: '918273' });
        await pay(shop, c, { celular: '111111111', codigo: '123456' });
      });
      const rows = await storedRows(shop);
      for (const secret of ['111111116', '111111111', '918273']) {
        expect(logs).not.toContain(secret);
        expect(rows).not.toContain(secret);
      }
    });
  });

  describe('with a slow provider, or an order gone while it pays (issue 34, item 11)', () => {
    let shop: TestShop;
    /** Runs while Mercado Pago takes the payment: here the order is cancelled and its product sold out meanwhile. */
    let meanwhile: ((idVenta: number) => Promise<void>) | undefined;
    beforeAll(async () => {
      let inner: Pasarela | undefined;
      const pasarela: Pasarela = {
        nombre: 'prueba',
        sandbox: true,
        crearPreferencia: (orden) => inner!.crearPreferencia(orden),
        obtenerPago: (id) => inner!.obtenerPago(id),
        async pagarConYape(pago) {
          await meanwhile?.(pago.idVenta);
          return inner!.pagarConYape!(pago);
        },
      };
      shop = await openShop(target, { pasarela });
      inner = pruebaPasarela(shop.database.db);
      plain = plainProducts(await shop.catalogue())
        .sort((a, b) => a.precio - b.precio)
        .slice(0, 20);
    });
    afterAll(() => shop?.close());

    it('charges an order once for submissions with different attempt ids sent at the same moment (issue 34, item 11)', async () => {
      const c = await yapeCheckout(shop);
      meanwhile = () => new Promise((resolve) => setTimeout(resolve, 300));
      // Two tabs (or a double click that made a new attempt id) pay the same order together.
      const answers = await Promise.all([0, 1, 2, 3].map(() => pay(shop, c, { celular: '111111111', codigo: '123456' })));
      meanwhile = undefined;
      const bodies = await Promise.all(
        answers.map(async (a) => ({ status: a.status, body: (await a.json()) as YapeAprobado & { mensaje?: string } })),
      );
      for (const { status } of bodies) expect([200, 409]).toContain(status);
      const paid = bodies.filter((b) => b.status === 200);
      expect(paid.length).toBeGreaterThanOrEqual(1);
      expect(new Set(paid.map((b) => b.body.payment_id)).size).toBe(1);
      const idVenta = paid[0]!.body.idVenta;
      expect((await shop.database.db.select().from(pagos).where(eq(pagos.pedidoId, idVenta))).map((p) => p.estado)).toEqual(['approved']);
      expect(await orderOf(shop, idVenta)).toMatchObject({ estado: 'EN PREPARACION', pagoId: paid[0]!.body.payment_id });
      // A later submission with yet another attempt id gets the paid order, not a second charge.
      const later = await pay(shop, c, { celular: '111111111', codigo: '123456' });
      expect(later.status).toBe(200);
      expect(((await later.json()) as YapeAprobado).payment_id).toBe(paid[0]!.body.payment_id);
      expect(await shop.database.db.select().from(pagos).where(eq(pagos.pedidoId, idVenta))).toHaveLength(1);
    });

    it('charges a customer once for the same cart sent with two Idempotency-Keys at the same moment (issue 34, item 11)', async () => {
      const c = await yapeCheckout(shop);
      meanwhile = () => new Promise((resolve) => setTimeout(resolve, 300));
      const answers = await Promise.all(
        [newKey(), newKey()].map((key) => pay(shop, { ...c, key }, { celular: '111111111', codigo: '123456' })),
      );
      meanwhile = undefined;
      for (const answer of answers) expect([200, 409]).toContain(answer.status);
      const orders = await shop.database.db.select().from(pedidos).where(eq(pedidos.clienteId, c.customer.id));
      const charged = await shop.database.db
        .select()
        .from(pagos)
        .where(
          inArray(
            pagos.pedidoId,
            orders.map((o) => o.id),
          ),
        );
      expect(charged.filter((p) => p.estado === 'approved')).toHaveLength(1);
      expect(orders.filter((o) => o.estado === 'EN PREPARACION')).toHaveLength(1);
    });

    it('answers 409 with a Spanish mensaje, not approved, alerts the shop; a resend answers 409 and charges nothing', async () => {
      const producto = plain[3]!;
      const c = await yapeCheckout(shop, { producto });
      meanwhile = async (idVenta) => {
        await shop.database.db.transaction((tx) => cancelOrder(tx, idVenta, 'Reserva vencida (prueba).', null));
        await shop.setStock(producto.idProducto, 0);
      };
      const yape = { celular: '111111111', codigo: '123456', intento: newKey() };
      try {
        const res = await pay(shop, c, yape);
        expect(res.status).toBe(409);
        const answer = (await res.json()) as { mensaje: string; idVenta: number; payment_id: string };
        expect(answer.mensaje).toMatch(/^Yape aprobó tu pago, pero no pudimos aplicarlo a tu pedido N\.° \d+/);
        expect(answer.mensaje).toMatch(/devuelva el dinero/);
        expect(await orderOf(shop, answer.idVenta)).toMatchObject({ estado: 'CANCELADO', pagado: null });
        const alertas = await shop.database.db.execute(
          sql`SELECT count(*)::int AS n FROM trabajos WHERE tipo = 'correo-tienda' AND (datos->>'pedidoId')::int = ${answer.idVenta}`,
        );
        expect((alertas as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
        meanwhile = undefined;
        // A resend never turns it into a payment (the product is sold out now: the cart's own 409 answers first).
        const again = await pay(shop, c, yape);
        expect(again.status).toBe(409);
        await shop.setStock(producto.idProducto, 20);
        const back = await pay(shop, c, yape);
        expect(back.status).toBe(409);
        expect(((await back.json()) as { mensaje: string }).mensaje).toBe(answer.mensaje);
        expect(await shop.database.db.select().from(pagos).where(eq(pagos.pedidoId, answer.idVenta))).toHaveLength(1);
      } finally {
        meanwhile = undefined;
      }
    });
  });

  describe("through Mercado Pago's Checkout API (the official SDK against a local stub)", () => {
    const SITE = 'https://tienda.example.pe';
    let shop: TestShop;
    const agent = new MockAgent();
    const tokens: Record<string, unknown>[] = [];
    const created: { body: Record<string, any>; headers: Record<string, string> }[] = [];
    const payments = new Map<string, Record<string, unknown>>();
    /** Mercado Pago's sandbox: the phone the token was made from decides the outcome; a wrong code gets a 400. */
    const byToken = new Map<string, string>();

    beforeAll(async () => {
      agent.disableNetConnect();
      const api = agent.get('https://api.mercadopago.com');
      api
        .intercept({ path: (path) => path.startsWith('/platforms/pci/yape/v1/payment?public_key=APP_USR-publica'), method: 'POST' })
        .reply<Record<string, unknown>>((request) => {
          const body = JSON.parse(String(request.body)) as { phoneNumber: string; otp: string; requestId: string };
          tokens.push(body);
          if (body.otp !== '123456') return { statusCode: 400, data: { message: 'invalid otp', status: 400 } };
          const token = `yape-token-${tokens.length}`;
          byToken.set(token, body.phoneNumber);
          return { statusCode: 200, data: { id: token, live_mode: false } };
        })
        .persist();
      api
        .intercept({ path: '/v1/payments', method: 'POST' })
        .reply((request) => {
          const body = JSON.parse(String(request.body)) as Record<string, any>;
          const headers = Object.fromEntries(
            Object.entries(request.headers as Record<string, string>).map(([k, v]) => [k.toLowerCase(), String(v)]),
          );
          created.push({ body, headers });
          // Mercado Pago answers a repeated idempotency key with the payment it made.
          const same = created.findIndex((c) => c.headers['x-idempotency-key'] === headers['x-idempotency-key']);
          const id = String(90_000 + same);
          const detalle = TELEFONOS_YAPE_PRUEBA[byToken.get(body.token) ?? ''] ?? 'cc_rejected_other_reason';
          const payment = {
            id: Number(id),
            status: detalle === 'accredited' ? 'approved' : 'rejected',
            status_detail: detalle,
            external_reference: body.external_reference,
            currency_id: 'PEN',
            transaction_amount: body.transaction_amount,
            payment_type_id: 'debit_card',
            payment_method_id: 'yape',
          };
          payments.set(id, payment);
          return { statusCode: 201, data: payment };
        })
        .persist();
      api
        .intercept({ path: /^\/v1\/payments\/\d+$/, method: 'GET' })
        .reply((request) => {
          const payment = payments.get(request.path.split('/').pop()!);
          return payment ? { statusCode: 200, data: payment } : { statusCode: 404, data: { message: 'not found' } };
        })
        .persist();
      const pasarela = mercadoPagoPasarela({
        accessToken: 'TEST-prueba',
        publicKey: 'APP_USR-publica',
        siteUrl: SITE,
        fetchOptions: { dispatcher: agent, maxRetries: 0 },
      });
      shop = await openShop(target, {
        pasarela,
        config: {
          mpAccessToken: 'TEST-prueba',
          mpPublicKey: 'APP_USR-publica',
          mpWebhookSecret: 'secreto',
          siteUrl: SITE,
          pagoPrueba: false,
        },
      });
      plain = plainProducts(await shop.catalogue())
        .sort((a, b) => a.precio - b.precio)
        .slice(0, 20);
    });
    afterAll(async () => {
      await shop?.close();
      await agent.close();
    });
    afterEach(() => vi.restoreAllMocks());

    it('tokenizes the phone and code with the public key, then creates the payment with the order’s own amount, once per submission', async () => {
      expect(await (await shop.call('GET', '/carrito/yape')).json()).toEqual({ disponible: true, maximo: 2000, prueba: true });
      const c = await yapeCheckout(shop, { cantidad: 3 });
      const intento = newKey();
      // The real phone format: the sandbox decides by phone, so map this one to an approval.
      TELEFONOS_YAPE_PRUEBA['912345678'] = 'accredited';
      try {
        const res = await pay(shop, c, { celular: '912345678', codigo: '123456', intento });
        expect(res.status).toBe(200);
        const answer = (await res.json()) as YapeAprobado;
        expect(tokens.at(-1)).toMatchObject({ phoneNumber: '912345678', otp: '123456', requestId: expect.any(String) });
        const { body, headers } = created.at(-1)!;
        const pedido = await orderOf(shop, answer.idVenta);
        expect(body).toMatchObject({
          token: expect.stringMatching(/^yape-token-/),
          transaction_amount: pedido.total / 100,
          installments: 1,
          payment_method_id: 'yape',
          payer: { email: `${c.customer.usuario}@example.pe` },
          external_reference: String(pedido.id),
        });
        expect(body.transaction_amount).toBe(c.body.total);
        expect(headers.authorization).toBe('Bearer TEST-prueba');
        expect(headers['x-idempotency-key']).toBe(`yape-${pedido.id}-${intento}`);
        expect(pedido).toMatchObject({ estado: 'EN PREPARACION', pagoId: answer.payment_id, metodoPago: 'yape' });
        // Mercado Pago's webhook for it changes nothing.
        const historial = (await shop.database.db.select().from(pedidoHistorial).where(eq(pedidoHistorial.pedidoId, pedido.id))).length;
        const notified = await shop.call('POST', `/webhooks/mercadopago?data.id=${answer.payment_id}&type=payment`, {
          headers: { 'x-request-id': 'r1', 'x-signature': signNotification('secreto', { dataId: answer.payment_id, requestId: 'r1' }) },
          body: { type: 'payment', data: { id: answer.payment_id } },
        });
        expect(notified.status).toBe(200);
        expect((await shop.database.db.select().from(pedidoHistorial).where(eq(pedidoHistorial.pedidoId, pedido.id))).length).toBe(
          historial,
        );
      } finally {
        delete TELEFONOS_YAPE_PRUEBA['912345678'];
      }
    });

    it('tells a rejection and a refused code in Spanish, keeps the order payable, and the webhook of the rejection does not cancel it', async () => {
      const c = await yapeCheckout(shop);
      const res = await pay(shop, c, { celular: '111111113', codigo: '123456' });
      expect(res.status).toBe(402);
      const answer = (await res.json()) as YapeRechazado;
      expect(answer.mensaje).toBe('Superaste el límite de tu Yape para este monto. Súbelo en tu app Yape o paga con Mercado Pago.');
      const pagoId = (await shop.database.db.select().from(pagos).where(eq(pagos.pedidoId, answer.idVenta)))[0]!.id;
      await shop.call('POST', `/webhooks/mercadopago?data.id=${pagoId}&type=payment`, {
        headers: { 'x-request-id': 'r2', 'x-signature': signNotification('secreto', { dataId: pagoId, requestId: 'r2' }) },
        body: { type: 'payment', data: { id: pagoId } },
      });
      expect(await orderOf(shop, answer.idVenta)).toMatchObject({ estado: 'PENDIENTE' });
      const refused = await pay(shop, c, { celular: '111111111', codigo: '999999' });
      expect(refused.status).toBe(402);
      expect(((await refused.json()) as YapeRechazado).mensaje).toBe(RECHAZOS_YAPE.cc_rejected_bad_filled_security_code);
      expect((await pay(shop, c, { celular: '111111111', codigo: '123456' })).status).toBe(200);
      expect(await orderOf(shop, answer.idVenta)).toMatchObject({ estado: 'EN PREPARACION' });
    });
  });
});
