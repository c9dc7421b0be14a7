import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetallePedido } from '../../src/lib/api/checkout-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { OPERACION_INVALIDA, type TransferenciaConfirmada, type TransferenciaReservada } from '../../src/lib/api/transferencia-schemas.ts';
import { toCentimos } from '../../src/lib/pricing/money.ts';
import { TRANSFERENCIA } from '../../src/lib/tienda.ts';
import { runShop } from '../../src/cli/shop.ts';
import { serverConfig, transferenciaAviso, transferenciaFromEnv } from '../../src/server/config.ts';
import { auditoria, comprobantes, pagos, pedidos, transferencias } from '../../src/server/db/schema/index.ts';
import { runBackgroundOnce } from '../../src/server/services.ts';
import { describeEachDatabase } from './databases.ts';
import { lineOf, newKey, openShop, placeOrder, plainProducts, preferenceBody, runJobsUntilIdle, validBody, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';
const TIENDA_CORREO = 'avisos@example.pe';

describe('the transfer settings', () => {
  it('show the demo accounts outside production, none in production without TRANSFERENCIA_CUENTAS (and say so at start)', () => {
    expect(transferenciaFromEnv({}).cuentas.map((c) => c.banco)).toEqual(['BCP', 'Interbank', 'BBVA']);
    expect(transferenciaFromEnv({}).horas).toBe(TRANSFERENCIA.reservaHoras);
    const produccion = transferenciaFromEnv({ NODE_ENV: 'production' });
    expect(produccion.cuentas).toEqual([]);
    expect(transferenciaAviso({ production: true, transferencia: produccion })).toMatch(
      /^La transferencia bancaria no se ofrece: define TRANSFERENCIA_CUENTAS/,
    );
    expect(transferenciaAviso({ production: false, transferencia: produccion })).toBeUndefined();
  });

  it('read TRANSFERENCIA_CUENTAS and TRANSFERENCIA_HORAS, refusing a malformed account in Spanish', () => {
    const config = transferenciaFromEnv({
      NODE_ENV: 'production',
      TRANSFERENCIA_HORAS: '12',
      TRANSFERENCIA_CUENTAS: 'BCP|191-7654321-0-99|002-191-007654321099-55|Tienda S.A.C.',
    });
    expect(config).toEqual({
      cuentas: [{ banco: 'BCP', cuenta: '191-7654321-0-99', cci: '00219100765432109955', titular: 'Tienda S.A.C.' }],
      horas: 12,
      demo: false,
    });
    expect(() => transferenciaFromEnv({ TRANSFERENCIA_CUENTAS: 'BCP|123|456|Yo' })).toThrow(/^TRANSFERENCIA_CUENTAS debe ser una lista/);
    expect(() => serverConfig({ TRANSFERENCIA_HORAS: 'mañana' })).toThrow('TRANSFERENCIA_HORAS debe ser un número positivo');
  });

  it('keep the checkout’s line and the reservation in one place', () => {
    expect(TRANSFERENCIA.cuentasDemo.every((c) => /^\d{20}$/.test(c.cci))).toBe(true);
  });
});

describeEachDatabase('bank transfer', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let next = 0;

  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN, correoTienda: TIENDA_CORREO } });
    plain = plainProducts(await shop.catalogue()).slice(0, 10);
  });
  afterAll(() => shop?.close());

  const admin = (path: string, body?: unknown) => shop.call('POST', path, { token: TOKEN, body, headers: { 'X-Operador': 'Ana' } });
  const confirmar = (id: number, operacion: unknown = `OP${id}X99`) =>
    admin(`/admin/api/pedidos/${id}/confirmar-transferencia`, { operacion });
  const orderOf = async (id: number) => (await shop.database.db.select().from(pedidos).where(eq(pedidos.id, id)))[0]!;

  /** A transfer order of a new customer for one unit of `producto`. */
  async function transferOrder(producto: Producto = plain[next % plain.length]!) {
    const customer = await shop.customer(`transfiere${++next}`);
    const body = await validBody(shop, customer, preferenceBody(customer.id, [lineOf(producto, 1)]));
    const res = await shop.call('POST', `/carrito/transferencia/${customer.id}`, {
      token: customer.token,
      body,
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.status).toBe(200);
    return { customer, producto, body, orden: (await res.json()) as TransferenciaReservada };
  }

  it('is offered with the shop’s accounts, and an order placed with it is reserved 24 h, shown with the accounts and the exact amount', async () => {
    expect(await (await shop.call('GET', '/carrito/metodos-pago')).json()).toEqual({ metodos: ['mercadopago', 'yape', 'transferencia'] });
    const disponible = await (await shop.call('GET', '/carrito/transferencia')).json();
    expect(disponible).toMatchObject({ disponible: true, horas: 24, demo: true });

    const stock = await shop.stockOf(plain[0]!.idProducto);
    const antes = Date.now();
    const { customer, orden, body } = await transferOrder(plain[0]);
    expect(orden).toMatchObject({
      idVenta: expect.any(Number),
      preferenciaId: null,
      urlPago: `/pending?external_reference=${orden.idVenta}&metodo=transferencia`,
    });
    expect(orden.transferencia.monto).toBe(body.total);
    expect(orden.transferencia.cuentas).toEqual(TRANSFERENCIA.cuentasDemo);
    const pedido = await orderOf(orden.idVenta);
    expect(pedido).toMatchObject({ estado: 'PENDIENTE', metodoPago: 'transferencia', total: toCentimos(body.total!), pagado: null });
    const horas = (pedido.expira.getTime() - antes) / 3_600_000;
    expect(horas).toBeGreaterThan(23.99);
    expect(horas).toBeLessThan(24.01);
    expect(await shop.stockOf(plain[0]!.idProducto)).toBe(stock - 1);

    // Mis Compras (the order detail) shows where to pay while it waits.
    const detalle = (await (await shop.call('GET', `/api/detalle-pedido/${orden.idVenta}`, { token: customer.token })).json()) as {
      mensaje: DetallePedido;
    };
    expect(detalle.mensaje.transferencia).toEqual(orden.transferencia);

    // The instructions e-mail: the amount, each account's number and CCI, the order number.
    await runJobsUntilIdle(shop);
    const correo = shop.sent.find((m) => m.to === `transfiere${next}@example.pe` && m.subject.includes('transfiere'))!;
    expect(correo.subject).toContain(`pedido N.° ${orden.idVenta}`);
    expect(correo.text).toContain(`S/ ${body.total!.toFixed(2)}`);
    for (const cuenta of TRANSFERENCIA.cuentasDemo) expect(correo.text).toContain(cuenta.cci);

    // A new checkout of the same customer does not replace it (they may have transferred already).
    await placeOrder(shop, customer, plain[1]!);
    expect((await orderOf(orden.idVenta)).estado).toBe('PENDIENTE');
  });

  it('confirmed by staff with the operation number: paid through the paid path (receipt, e-mails), stock stays taken, audited', async () => {
    const { customer, orden, producto } = await transferOrder();
    const stock = await shop.stockOf(producto.idProducto);
    const res = await confirmar(orden.idVenta, 'op-12345678'.replace('-', ''));
    expect(res.status).toBe(200);
    const answer = (await res.json()) as TransferenciaConfirmada;
    expect(answer.mensaje).toContain('transferencia confirmada (operación OP12345678)');
    expect(answer.pedido).toMatchObject({ idVenta: orden.idVenta, estado: 'EN PREPARACION', pagado: true });

    const pedido = await orderOf(orden.idVenta);
    expect(pedido).toMatchObject({ estado: 'EN PREPARACION', pagoId: `transferencia-${orden.idVenta}` });
    expect(await shop.database.db.select().from(pagos).where(eq(pagos.pedidoId, orden.idVenta))).toEqual([
      expect.objectContaining({ estado: 'approved', monto: pedido.total, pasarela: 'transferencia', tipo: 'bank_transfer' }),
    ]);
    expect(await shop.database.db.select().from(transferencias).where(eq(transferencias.pedidoId, orden.idVenta))).toEqual([
      expect.objectContaining({ operacion: 'OP12345678', monto: pedido.total, confirmadoPor: 'token de operador (Ana)' }),
    ]);
    expect(await shop.stockOf(producto.idProducto)).toBe(stock);
    // The receipt numbered with the payment, and issued through the test provider by the jobs.
    await runJobsUntilIdle(shop);
    const [boleta] = await shop.database.db.select().from(comprobantes).where(eq(comprobantes.pedidoId, orden.idVenta));
    expect(boleta).toMatchObject({ tipo: '03' });
    expect(boleta!.estado).not.toBe('pendiente');
    // The customer's confirmation, the shop's notice of a paid order.
    expect(
      shop.sent.some((m) => m.to === `${customer.usuario}@example.pe` && m.subject.includes(`confirmamos tu pedido N.° ${orden.idVenta}`)),
    ).toBe(true);
    expect(shop.sent.some((m) => m.to === TIENDA_CORREO && m.subject.includes(`nuevo pedido pagado N.° ${orden.idVenta} `))).toBe(true);
    const [entrada] = await shop.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'pedido.transferencia'), eq(auditoria.objetivo, `pedido ${orden.idVenta}`)));
    expect(entrada).toMatchObject({ operador: 'token de operador (Ana)', despues: expect.objectContaining({ operacion: 'OP12345678' }) });
    // The customer's detail no longer shows the accounts.
    const detalle = (await (await shop.call('GET', `/api/detalle-pedido/${orden.idVenta}`, { token: customer.token })).json()) as {
      mensaje: DetallePedido;
    };
    expect(detalle.mensaje.transferencia).toBeUndefined();
  });

  it('is confirmed once: a second confirmation is 409 and records nothing; two at once make exactly one payment', async () => {
    const { orden } = await transferOrder();
    expect((await confirmar(orden.idVenta, 'ABCD1111')).status).toBe(200);
    const again = await confirmar(orden.idVenta, 'ABCD2222');
    expect(again.status).toBe(409);
    expect(((await again.json()) as { mensaje: string }).mensaje).toMatch(
      /ya se confirmó \(operación ABCD1111, por token de operador \(Ana\)\)/,
    );
    expect(await shop.database.db.select().from(pagos).where(eq(pagos.pedidoId, orden.idVenta))).toHaveLength(1);
    expect(await shop.database.db.select().from(transferencias).where(eq(transferencias.pedidoId, orden.idVenta))).toHaveLength(1);

    const { orden: otra } = await transferOrder();
    const [a, b] = await Promise.all([confirmar(otra.idVenta, 'CONC0001'), confirmar(otra.idVenta, 'CONC0002')]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await shop.database.db.select().from(pagos).where(eq(pagos.pedidoId, otra.idVenta))).toHaveLength(1);
    expect(await shop.database.db.select().from(transferencias).where(eq(transferencias.pedidoId, otra.idVenta))).toHaveLength(1);

    // One operation number pays one order.
    const { orden: tercera } = await transferOrder();
    const repetida = await confirmar(tercera.idVenta, 'ABCD1111');
    expect(repetida.status).toBe(409);
    expect(((await repetida.json()) as { mensaje: string }).mensaje).toContain(`ya se registró en el pedido N.° ${orden.idVenta}`);
    expect((await orderOf(tercera.idVenta)).estado).toBe('PENDIENTE');
  });

  it('expires after its 24 h like any unpaid order (stock back), and then cannot be confirmed', async () => {
    const { orden, producto } = await transferOrder();
    const stock = await shop.stockOf(producto.idProducto);
    // Past a preference's 30 minutes, well within the day: still reserved.
    await runBackgroundOnce(shop.services, new Date(Date.now() + 23 * 3_600_000));
    expect((await orderOf(orden.idVenta)).estado).toBe('PENDIENTE');
    await runBackgroundOnce(shop.services, new Date(Date.now() + 25 * 3_600_000));
    expect((await orderOf(orden.idVenta)).estado).toBe('CANCELADO');
    expect(await shop.stockOf(producto.idProducto)).toBe(stock + 1);
    const tarde = await confirmar(orden.idVenta, 'TARDE001');
    expect(tarde.status).toBe(409);
    expect(((await tarde.json()) as { mensaje: string }).mensaje).toMatch(/está CANCELADO \(su reserva venció o se canceló\)/);
    expect(await shop.database.db.select().from(pagos).where(eq(pagos.pedidoId, orden.idVenta))).toEqual([]);
    expect((await orderOf(orden.idVenta)).estado).toBe('CANCELADO');
  });

  it('is confirmed from the command line too (npm run shop -- pedidos confirmar-transferencia N OPERACIÓN), once', async () => {
    const { orden } = await transferOrder();
    const cli = async (args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runShop(args, {
        fetch: async (url, init) => shop.app.request(url, init),
        baseUrl: 'http://localhost:4321',
        token: TOKEN,
        out: (t) => out.push(t),
        err: (t) => err.push(t),
      });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const hecho = await cli(['pedidos', 'confirmar-transferencia', String(orden.idVenta), 'CLI00123', '--banco', 'BCP']);
    expect(hecho).toMatchObject({
      code: 0,
      out: expect.stringContaining(`Pedido N.° ${orden.idVenta}: transferencia confirmada (operación CLI00123)`),
    });
    expect((await orderOf(orden.idVenta)).estado).toBe('EN PREPARACION');
    const otra = await cli(['pedidos', 'confirmar-transferencia', String(orden.idVenta), 'CLI00124']);
    expect(otra.code).toBe(1);
    expect(otra.err).toContain('ya se confirmó (operación CLI00123');
    expect((await cli(['pedidos', 'confirmar-transferencia', String(orden.idVenta)])).err).toContain(
      'Indica el pedido y el número de operación',
    );
  });

  it('refuses a bad operation number (400, Spanish), another method’s order (409) and a missing order (404)', async () => {
    const { orden, customer } = await transferOrder();
    for (const operacion of ['12', 'abc 1234', 'x'.repeat(31), '1234-5678', 42, '']) {
      const res = await confirmar(orden.idVenta, operacion);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { mensaje: string }).mensaje).toBe(OPERACION_INVALIDA);
    }
    expect((await admin(`/admin/api/pedidos/${orden.idVenta}/confirmar-transferencia`, {})).status).toBe(400);
    const otro = await placeOrder(shop, await shop.customer(`checkoutpro${next}`), plain[2]!);
    const res = await confirmar(otro.idVenta, 'ABCDEFGH');
    expect(res.status).toBe(409);
    expect(((await res.json()) as { mensaje: string }).mensaje).toContain('no se paga por transferencia bancaria');
    expect((await confirmar(999_999, 'ABCDEFGH')).status).toBe(404);
    // Without the operator's credential, nothing: neither anonymous nor with the customer's own session.
    const anon = await shop.call('POST', `/admin/api/pedidos/${orden.idVenta}/confirmar-transferencia`, {
      body: { operacion: 'ABCDEFGH' },
    });
    expect(anon.status).toBe(401);
    const propia = await shop.call('POST', `/admin/api/pedidos/${orden.idVenta}/confirmar-transferencia`, {
      token: customer.token,
      body: { operacion: 'ABCDEFGH' },
    });
    expect(propia.status).toBe(401);
    // Nor may a customer reserve a transfer order in another's name.
    const ajeno = await shop.customer(`ajeno${next}`);
    const ajena = await shop.call('POST', `/carrito/transferencia/${ajeno.id}`, {
      token: customer.token,
      body: preferenceBody(ajeno.id, [lineOf(plain[0]!, 1)]),
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(ajena.status).toBe(403);
    expect((await orderOf(orden.idVenta)).estado).toBe('PENDIENTE');
  });
});
