import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DetallePedido } from '../../src/lib/api/checkout-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { toCentimos } from '../../src/lib/pricing/money.ts';
import { METODOS_SERVIDOR } from '../../src/server/checkout/metodos/index.ts';
import { pedidos } from '../../src/server/db/schema/index.ts';
import { BILLETERA } from '../fixtures/metodo-billetera/lista.ts';
import { billetera } from '../fixtures/metodo-billetera/servidor.ts';
import { describeEachDatabase } from './databases.ts';
import { lineOf, newKey, openShop, plainProducts, preferenceBody, validBody, type TestShop } from './shop.ts';

/**
 * Issue 35's proof of the payment-method seam: a fourth method (a wallet paid on the checkout page) made of
 * a list entry, a server file and an island file, all in tests/fixtures/metodo-billetera/ and handed to the
 * seam, is offered, creates its order through createOrder (priced once, its own ceiling checked in the
 * reservation, no preference), and completes a prueba order to paid, with no file of the shop touched.
 */
describeEachDatabase('a payment method added through the seam', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let next = 0;
  beforeAll(async () => {
    shop = await openShop(target, { metodosPago: [...METODOS_SERVIDOR, billetera] });
    plain = plainProducts(await shop.catalogue()).sort((a, b) => a.precio - b.precio);
  });
  afterAll(() => shop?.close());

  async function checkout(producto: Producto, cantidad = 1) {
    const customer = await shop.customer(`billetera${++next}`);
    const body = await validBody(shop, customer, preferenceBody(customer.id, [lineOf(producto, cantidad)]));
    return { customer, body };
  }

  it('is listed by GET /carrito/metodos-pago after the shop’s own, while the prueba is the provider', async () => {
    expect(await (await shop.call('GET', '/carrito/metodos-pago')).json()).toEqual({
      metodos: ['mercadopago', 'yape', 'transferencia', BILLETERA.id],
    });
  });

  it('creates its order without a preference, then pays it: the order is paid and says how', async () => {
    const producto = plain.find((p) => p.precio <= BILLETERA.maximoSoles)!;
    const { customer, body } = await checkout(producto);
    const stock = await shop.stockOf(producto.idProducto);
    const key = newKey();
    const creado = await shop.call('POST', `/carrito/billetera/${customer.id}`, {
      token: customer.token,
      body,
      headers: { 'Idempotency-Key': key },
    });
    expect(creado.status).toBe(200);
    const orden = (await creado.json()) as { idVenta: number; preferenciaId: string | null; urlPago: string };
    expect(orden).toEqual({ idVenta: expect.any(Number), preferenciaId: null, urlPago: '/procesoDePago' });
    const [pedido] = await shop.database.db.select().from(pedidos).where(eq(pedidos.id, orden.idVenta));
    expect(pedido).toMatchObject({
      estado: 'PENDIENTE',
      metodoPago: BILLETERA.id,
      preferenciaId: null,
      pasarela: 'prueba',
      total: toCentimos(body.total!),
    });
    expect(await shop.stockOf(producto.idProducto)).toBe(stock - 1);

    // A resend of the same key answers the same order; Checkout Pro's call with that key is refused (another method's order).
    const otraVez = await shop.call('POST', `/carrito/billetera/${customer.id}`, {
      token: customer.token,
      body,
      headers: { 'Idempotency-Key': key },
    });
    expect(((await otraVez.json()) as { idVenta: number }).idVenta).toBe(orden.idVenta);
    const conOtroMetodo = await shop.call('POST', `/carrito/create-preference/${customer.id}`, {
      token: customer.token,
      body,
      headers: { 'Idempotency-Key': key },
    });
    expect(conOtroMetodo.status).toBe(409);
    expect(((await conOtroMetodo.json()) as { mensaje: string }).mensaje).toBe(
      'Esta clave de pago es de un pago con billetera: vuelve a intentarlo desde tu carrito.',
    );

    const pagado = await shop.call('POST', `/carrito/billetera/${customer.id}/pagar`, {
      token: customer.token,
      body: { idVenta: orden.idVenta },
    });
    expect(pagado.status).toBe(200);
    const pago = (await pagado.json()) as { aplicado: string; payment_id: string };
    expect(pago.aplicado).toBe('aprobado');
    const detalle = (await (await shop.call('GET', `/api/detalle-pedido/${orden.idVenta}`, { token: customer.token })).json()) as {
      mensaje: DetallePedido;
    };
    expect(detalle.mensaje).toMatchObject({ estado: 'EN PREPARACION', pagado: true, metodo_pago: `${BILLETERA.id} (modo de prueba)` });
    const [paid] = await shop.database.db.select().from(pedidos).where(eq(pedidos.id, orden.idVenta));
    expect(paid).toMatchObject({ estado: 'EN PREPARACION', pagoId: pago.payment_id });
    expect(await shop.stockOf(producto.idProducto)).toBe(stock - 1);
  });

  it('refuses an order above its own ceiling in the reservation, with its message, reserving nothing', async () => {
    const producto = plain.find((p) => p.precio > BILLETERA.maximoSoles && p.stock >= 1)!;
    const { customer, body } = await checkout(producto);
    const stock = await shop.stockOf(producto.idProducto);
    const res = await shop.call('POST', `/carrito/billetera/${customer.id}`, {
      token: customer.token,
      body,
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { mensaje: string }).mensaje).toBe(BILLETERA.mensajeMaximo);
    expect(await shop.stockOf(producto.idProducto)).toBe(stock);
    expect(await shop.database.db.select().from(pedidos).where(eq(pedidos.clienteId, customer.id))).toEqual([]);
    // The same order through Checkout Pro, which has no ceiling, is taken.
    expect(
      (
        await shop.call('POST', `/carrito/create-preference/${customer.id}`, {
          token: customer.token,
          body,
          headers: { 'Idempotency-Key': newKey() },
        })
      ).status,
    ).toBe(200);
  });
});

it('the shop itself does not offer the test’s method', () => {
  expect(METODOS_SERVIDOR.map((metodo) => metodo.info.id)).toEqual(['mercadopago', 'yape', 'transferencia']);
});
