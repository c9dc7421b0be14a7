import { eq } from 'drizzle-orm';
import { MockAgent } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serverConfig } from '../../src/server/config.ts';
import type { PreferenciaCreada } from '../../src/lib/api/checkout-schemas.ts';
import { pedidos, trabajos } from '../../src/server/db/schema/index.ts';
import { mercadoPagoPasarela } from '../../src/server/payments/mercadopago.ts';
import { signNotification } from '../../src/server/payments/signature.ts';
import { runBackgroundOnce } from '../../src/server/services.ts';
import { expireOrders } from '../../src/server/payments/vencimiento.ts';
import { describeEachDatabase } from './databases.ts';
import { lineOf, newKey, openShop, plainProducts, preferenceBody, PROVINCIA, validBody, type TestShop } from './shop.ts';

const SITE = 'https://tienda.example.pe';
const SECRET = 'secreto-del-webhook';

/**
 * A local stub of Mercado Pago's API behind an undici MockAgent: the official SDK makes its real
 * requests (the dispatcher is passed through its fetch options) and no test touches the network.
 */
function mercadoPagoStub() {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const api = agent.get('https://api.mercadopago.com');
  const preferences: { body: Record<string, any>; headers: Record<string, string> }[] = [];
  const payments = new Map<string, Record<string, unknown>>();
  let down = false;
  api
    .intercept({ path: '/checkout/preferences/', method: 'POST' })
    .reply((request) => {
      const body = JSON.parse(String(request.body)) as Record<string, any>;
      preferences.push({ body, headers: lowerCased(request.headers) });
      const id = `123456789-pref-${preferences.length}`;
      return { statusCode: 201, data: { id, init_point: `https://www.mercadopago.com.pe/checkout/v1/redirect?pref_id=${id}`, ...body } };
    })
    .persist();
  api
    .intercept({ path: /^\/v1\/payments\/\d+$/, method: 'GET' })
    .reply((request) => {
      if (down) return { statusCode: 503, data: { message: 'service unavailable' } };
      const payment = payments.get(request.path.split('/').pop()!);
      return payment ? { statusCode: 200, data: payment } : { statusCode: 404, data: { message: 'Payment not found', status: 404 } };
    })
    .persist();
  return { agent, preferences, payments, setDown: (value: boolean) => (down = value) };
}

/** Request headers as a record with lower-case names (undici hands them over as given). */
function lowerCased(headers: unknown): Record<string, string> {
  const entries: [string, unknown][] = Array.isArray(headers)
    ? headers.reduce<[string, unknown][]>(
        (pairs, value, index, all) => (index % 2 ? pairs : [...pairs, [String(value), all[index + 1]]]),
        [],
      )
    : headers instanceof Headers
      ? [...headers.entries()]
      : Object.entries(headers as Record<string, unknown>);
  return Object.fromEntries(entries.map(([name, value]) => [name.toLowerCase(), String(value)]));
}

describeEachDatabase('Mercado Pago Checkout Pro', (target) => {
  let shop: TestShop;
  let stub: ReturnType<typeof mercadoPagoStub>;

  const notify = (id: string) =>
    shop.call('POST', `/webhooks/mercadopago?data.id=${id}&type=payment&source_news=webhooks`, {
      headers: {
        'x-request-id': `req-${id}`,
        'x-signature': signNotification(SECRET, { dataId: id, requestId: `req-${id}` }, String(Math.floor(Date.now() / 1000))),
      },
      body: { action: 'payment.created', type: 'payment', data: { id } },
    });
  const estado = async (id: number) =>
    (await shop.database.db.select({ estado: pedidos.estado }).from(pedidos).where(eq(pedidos.id, id)))[0]!.estado;

  async function checkout(usuario: string) {
    const customer = await shop.customer(usuario);
    const [a, b] = plainProducts(await shop.catalogue()).sort((x, y) => x.precio - y.precio);
    const body = await validBody(
      shop,
      customer,
      preferenceBody(customer.id, [lineOf(a!, 2), lineOf(b!)], { metodo: PROVINCIA, codigo: `BIENVENIDA-${usuario.toUpperCase()}` }),
    );
    const key = newKey();
    const res = await shop.call('POST', `/carrito/create-preference/${customer.id}`, {
      token: customer.token,
      body,
      headers: { 'Idempotency-Key': key },
    });
    expect(res.status).toBe(200);
    return { customer, body, key, created: (await res.json()) as PreferenciaCreada };
  }

  beforeAll(async () => {
    stub = mercadoPagoStub();
    const pasarela = mercadoPagoPasarela({
      accessToken: 'APP_USR-prueba',
      siteUrl: SITE,
      fetchOptions: { dispatcher: stub.agent, maxRetries: 0 },
    });
    shop = await openShop(target, { pasarela, config: { mpAccessToken: 'APP_USR-prueba', mpWebhookSecret: SECRET, siteUrl: SITE } });
  });
  afterAll(async () => {
    await shop?.close();
    await stub?.agent.close();
  });

  it('creates the preference with the charged prices in PEN, the payer, return and notification URLs', async () => {
    const { created, body, key } = await checkout('mariela');
    expect(created.init_point).toBe(`https://www.mercadopago.com.pe/checkout/v1/redirect?pref_id=${created.id}`);
    const { body: sent, headers } = stub.preferences.at(-1)!;
    expect(headers.authorization).toBe('Bearer APP_USR-prueba');
    expect(headers['x-idempotency-key']).toContain(key);
    const items = sent.items as { unit_price: number; quantity: number; currency_id: string; id: string }[];
    expect(items.every((item) => item.currency_id === 'PEN')).toBe(true);
    expect(items.slice(0, 2).map((item) => item.unit_price)).toEqual(body.cart.map((line) => line.precio));
    const charged = items.reduce((sum, item) => sum + Math.round(item.unit_price * 100) * item.quantity, 0);
    expect(charged).toBe(Math.round(body.total! * 100));
    expect(sent).toMatchObject({
      payer: { email: 'mariela@example.pe', identification: { type: 'DNI', number: '12345678' } },
      back_urls: { success: `${SITE}/success`, pending: `${SITE}/pending`, failure: `${SITE}/failure` },
      auto_return: 'approved',
      external_reference: String(created.idVenta),
      notification_url: `${SITE}/webhooks/mercadopago?source_news=webhooks`,
      statement_descriptor: 'KBEAUTYPERU',
      expires: true,
    });
    const [pedido] = await shop.database.db.select().from(pedidos).where(eq(pedidos.id, created.idVenta));
    const { reservaPagoMinutos, efectivoMinutos } = serverConfig({});
    // The preference takes payments as long as the stock is reserved; a cash code issued meanwhile may be paid until its own
    // deadline (CASH_PAYMENT_MINUTES, not ORDER_RESERVATION_HOURS: issue 34, item 5), which is how long its order is then held.
    expect(new Date(sent.expiration_date_to as string).getTime()).toBe(pedido!.expira.getTime());
    expect(pedido!.expira.getTime() - pedido!.creado.getTime()).toBe(reservaPagoMinutos * 60_000);
    expect(new Date(sent.date_of_expiration as string).getTime()).toBe(pedido!.creado.getTime() + efectivoMinutos * 60_000);
    expect((await shop.call('GET', `/carrito/prueba/${created.id}`)).status).toBe(404);
  });

  it('applies a payment only as Mercado Pago reports it, once', async () => {
    const { created } = await checkout('renata');
    const [pedido] = await shop.database.db.select().from(pedidos).where(eq(pedidos.id, created.idVenta));
    stub.payments.set('5001', {
      id: 5001,
      status: 'approved',
      status_detail: 'accredited',
      external_reference: String(created.idVenta),
      currency_id: 'PEN',
      transaction_amount: pedido!.total / 100 + 1,
      payment_type_id: 'credit_card',
    });
    expect((await notify('5001')).status).toBe(200);
    expect(await estado(created.idVenta)).toBe('PENDIENTE');
    stub.payments.set('5002', {
      id: 5002,
      status: 'approved',
      status_detail: 'accredited',
      external_reference: String(created.idVenta),
      currency_id: 'PEN',
      transaction_amount: pedido!.total / 100,
      payment_type_id: 'credit_card',
    });
    for (let i = 0; i < 3; i++) expect((await notify('5002')).status).toBe(200);
    expect(await estado(created.idVenta)).toBe('EN PREPARACION');
  });

  it('holds an order with a pending cash code until the code’s deadline, one with a card under review up to ORDER_RESERVATION_HOURS; a later approval revives it (issue 34, item 5)', async () => {
    const { efectivoMinutos, reservaHoras } = serverConfig({});
    const cash = await checkout('ursula');
    const card = await checkout('vilma');
    const report = async (id: string, idVenta: number, status: string, tipo: string) => {
      const [pedido] = await shop.database.db.select().from(pedidos).where(eq(pedidos.id, idVenta));
      stub.payments.set(id, {
        id: Number(id),
        status,
        status_detail: status === 'pending' ? 'pending_waiting_payment' : status === 'approved' ? 'accredited' : 'pending_review_manual',
        external_reference: String(idVenta),
        currency_id: 'PEN',
        transaction_amount: pedido!.total / 100,
        payment_type_id: tipo,
        date_of_expiration: new Date(pedido!.creado.getTime() + efectivoMinutos * 60_000).toISOString(),
      });
      expect((await notify(id)).status).toBe(200);
      return pedido!;
    };
    const pedido = await report('7001', cash.created.idVenta, 'pending', 'atm');
    await report('7002', card.created.idVenta, 'in_process', 'credit_card');
    const later = (minutes: number) => new Date(pedido.creado.getTime() + minutes * 60_000);
    await expireOrders(shop.database.db, later(efectivoMinutos - 1), reservaHoras, efectivoMinutos);
    expect([await estado(cash.created.idVenta), await estado(card.created.idVenta)]).toEqual(['PENDIENTE', 'PENDIENTE']);
    await expireOrders(shop.database.db, later(efectivoMinutos + 1), reservaHoras, efectivoMinutos);
    expect([await estado(cash.created.idVenta), await estado(card.created.idVenta)]).toEqual(['CANCELADO', 'PENDIENTE']);
    await expireOrders(shop.database.db, later(reservaHoras * 60 + 1), reservaHoras, efectivoMinutos);
    expect(await estado(card.created.idVenta)).toBe('CANCELADO');
    // Paid at the agent just before the deadline, credited after it: the stock is still there, so the order is paid.
    await report('7001', cash.created.idVenta, 'approved', 'atm');
    expect(await estado(cash.created.idVenta)).toBe('EN PREPARACION');
  });

  it('retries from the job queue when Mercado Pago cannot be reached', async () => {
    const { created } = await checkout('teresa');
    const [pedido] = await shop.database.db.select().from(pedidos).where(eq(pedidos.id, created.idVenta));
    stub.payments.set('6001', {
      id: 6001,
      status: 'approved',
      status_detail: 'accredited',
      external_reference: String(created.idVenta),
      currency_id: 'PEN',
      transaction_amount: pedido!.total / 100,
      payment_type_id: 'account_money',
    });
    stub.setDown(true);
    expect((await notify('6001')).status).toBe(200);
    expect(await estado(created.idVenta)).toBe('PENDIENTE');
    const [job] = await shop.database.db.select().from(trabajos).where(eq(trabajos.tipo, 'procesar-pago'));
    expect(job!.datos).toEqual({ id: '6001' });
    stub.setDown(false);
    await runBackgroundOnce(shop.services);
    expect(await estado(created.idVenta)).toBe('EN PREPARACION');
  });
});
