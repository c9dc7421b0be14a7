import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PreferenciaBody, PreferenciaCreada } from '../../src/lib/api/checkout-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { pedidos } from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';
import { lineOf, newKey, openShop, plainProducts, preferenceBody, validBody, type TestShop } from './shop.ts';

/**
 * Issue 23, the receipt asked for at checkout: a factura's RUC, razón social and dirección fiscal are
 * stored on the order; a wrong one is a Spanish 400 that creates nothing; without `comprobante` (the
 * spec's client) the order gets a boleta to its identity document.
 */

const FACTURA = {
  tipo: 'factura',
  ruc: '20131312955',
  razon_social: 'Superintendencia Nacional de Aduanas',
  direccion_fiscal: 'Av. Garcilaso de la Vega 1472, Lima',
} as const;

describeEachDatabase('checkout: boleta or factura', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let next = 0;

  beforeAll(async () => {
    shop = await openShop(target);
    plain = plainProducts(await shop.catalogue()).slice(0, 8);
  });
  afterAll(() => shop?.close());

  /** A new customer with a DNI and a priced body for one unit of a product, with `comprobante` when given. */
  async function attempt(comprobante?: unknown) {
    const customer = await shop.customer(`factura${++next}`);
    const producto = plain[next % plain.length]!;
    const body = await validBody(shop, customer, preferenceBody(customer.id, [lineOf(producto)]));
    return { customer, producto, body: (comprobante === undefined ? body : { ...body, comprobante }) as PreferenciaBody };
  }
  const pay = (customer: { id: number; token: string }, body: PreferenciaBody, key: string | null = newKey()) =>
    shop.call('POST', `/carrito/create-preference/${customer.id}`, {
      token: customer.token,
      body,
      headers: key ? { 'Idempotency-Key': key } : {},
    });
  const ordersOf = (clienteId: number) => shop.database.db.select().from(pedidos).where(eq(pedidos.clienteId, clienteId));

  it('stores a factura’s RUC, razón social and dirección fiscal (trimmed) on the order, beside its document', async () => {
    const { customer, body } = await attempt({
      tipo: 'factura',
      ruc: ' 20131312955 ',
      razon_social: '  Superintendencia Nacional de Aduanas ',
      direccion_fiscal: ' Av. Garcilaso de la Vega 1472, Lima ',
    });
    const res = await pay(customer, body);
    expect(res.status).toBe(200);
    const { idVenta } = (await res.json()) as PreferenciaCreada;
    const [pedido] = await ordersOf(customer.id);
    expect(pedido).toMatchObject({
      id: idVenta,
      comprobanteTipo: '01',
      facturaRuc: FACTURA.ruc,
      facturaRazonSocial: FACTURA.razon_social,
      facturaDireccion: FACTURA.direccion_fiscal,
      documentoTipo: 'DNI',
      documentoNumero: '12345678',
    });
  });

  it('answers 400 with the RUC’s message for a wrong RUC, and creates no order nor holds stock', async () => {
    const { customer, producto, body } = await attempt({ ...FACTURA, ruc: '20131312954' });
    const stock = await shop.stockOf(producto.idProducto);
    const res = await pay(customer, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ mensaje: 'El RUC no es válido: revisa sus dígitos.' });
    expect(await ordersOf(customer.id)).toEqual([]);
    expect(await shop.stockOf(producto.idProducto)).toBe(stock);
  });

  it('answers 400 for a factura without razón social or dirección fiscal, or an unknown comprobante, and creates no order', async () => {
    const { razon_social: _razon, ...sinRazon } = FACTURA;
    const { customer, body } = await attempt(sinRazon);
    const refused = [
      [body, 'Escribe la razón social para tu factura.'],
      [{ ...body, comprobante: { ...FACTURA, direccion_fiscal: '   ' } }, 'Escribe la dirección fiscal para tu factura.'],
      [{ ...body, comprobante: { ...FACTURA, razon_social: 'x'.repeat(201) } }, 'La razón social puede tener como máximo 200 caracteres.'],
      [{ ...body, comprobante: { tipo: 'ticket' } }, 'Elige boleta o factura como comprobante de pago.'],
      [{ ...body, comprobante: 'factura' }, 'Elige boleta o factura como comprobante de pago.'],
    ] as const;
    for (const [sent, mensaje] of refused) {
      const res = await pay(customer, sent as PreferenciaBody);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ mensaje });
    }
    expect(await ordersOf(customer.id)).toEqual([]);
  });

  it('gives a boleta (03) to an order sent without comprobante, as the spec’s client sends it, or asking for one', async () => {
    for (const comprobante of [undefined, { tipo: 'boleta' }]) {
      const { customer, body } = await attempt(comprobante);
      expect('comprobante' in body).toBe(comprobante !== undefined);
      const res = await pay(customer, body);
      expect(res.status).toBe(200);
      const [pedido] = await ordersOf(customer.id);
      expect(pedido).toMatchObject({ comprobanteTipo: '03', facturaRuc: null, facturaRazonSocial: null, facturaDireccion: null });
    }
  });

  it('prices a body with a factura like any other', async () => {
    const { customer, body } = await attempt(FACTURA);
    const res = await shop.call('POST', `/carrito/cotizar/${customer.id}`, { token: customer.token, body });
    expect(res.status).toBe(200);
  });

  it('without Idempotency-Key, takes another comprobante as another attempt and a resend of the same as the same one', async () => {
    const { customer, body } = await attempt();
    const boleta = (await (await pay(customer, body, null)).json()) as PreferenciaCreada;
    const again = (await (await pay(customer, { ...body, comprobante: { tipo: 'boleta' } }, null)).json()) as PreferenciaCreada;
    expect(again.idVenta).toBe(boleta.idVenta);

    const res = await pay(customer, { ...body, comprobante: FACTURA }, null);
    expect(res.status).toBe(200);
    const factura = (await res.json()) as PreferenciaCreada;
    expect(factura.idVenta).not.toBe(boleta.idVenta);
    const resent = (await (await pay(customer, { ...body, comprobante: FACTURA }, null)).json()) as PreferenciaCreada;
    expect(resent.idVenta).toBe(factura.idVenta);
    const otraRazon = (await (
      await pay(customer, { ...body, comprobante: { ...FACTURA, razon_social: 'SUNAT' } }, null)
    ).json()) as PreferenciaCreada;
    expect(otraRazon.idVenta).not.toBe(factura.idVenta);

    const [row] = await shop.database.db.select().from(pedidos).where(eq(pedidos.id, factura.idVenta));
    expect(row).toMatchObject({ comprobanteTipo: '01', facturaRuc: FACTURA.ruc });
  });
});
