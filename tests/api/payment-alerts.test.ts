import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIENDA } from '../../src/lib/tienda.ts';
import { serverConfig } from '../../src/server/config.ts';
import type { ListaPedidosOperador, PedidoOperadorRespuesta } from '../../src/lib/api/orders-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { runShop } from '../../src/cli/shop.ts';
import { pagosPrueba, pedidos } from '../../src/server/db/schema/index.ts';
import { signNotification } from '../../src/server/payments/signature.ts';
import { runBackgroundOnce } from '../../src/server/services.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, payDePrueba, placeOrder, plainProducts, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';
const TIENDA_CORREO = 'alertas@example.pe';

describe('the shop address of payment alerts', () => {
  it('is SHOP_EMAIL, or the shop contact address, and refuses something that is not an address', () => {
    expect(serverConfig({}).correoTienda).toBe(TIENDA.correo);
    expect(serverConfig({ SHOP_EMAIL: ' caja@kbeautyperu.pe ' }).correoTienda).toBe('caja@kbeautyperu.pe');
    expect(() => serverConfig({ SHOP_EMAIL: 'caja' })).toThrow(
      'SHOP_EMAIL debe ser una dirección de correo, por ejemplo pedidos@tutienda.pe (recibido: "caja").',
    );
  });
});

describeEachDatabase('payments the operator must see', (target) => {
  let shop: TestShop;
  let plain: Producto[];
  let next = 0;
  let request = 0;

  const admin = (path: string) => shop.call('GET', path, { token: TOKEN });
  const orderOf = async (id: number) => (await shop.database.db.select().from(pedidos).where(eq(pedidos.id, id)))[0]!;
  /** Mercado Pago's signed notification of payment `id`, as the webhook gets it (a fresh request id each time). */
  const notify = async (id: string) => {
    const requestId = `alerta-${++request}`;
    const res = await shop.call('POST', `/webhooks/mercadopago?data.id=${id}&type=payment`, {
      headers: {
        'x-request-id': requestId,
        'x-signature': signNotification(await shop.services.pagos.webhookSecret(), { dataId: id, requestId }),
      },
      body: { action: 'payment.updated', type: 'payment', data: { id } },
    });
    expect(res.status).toBe(200);
  };
  /** The provider's side of a payment changes status (a refund, a chargeback…): what its API now answers. */
  const providerSays = (id: string, estado: string, detalle: string) =>
    shop.database.db
      .update(pagosPrueba)
      .set({ estado, detalle })
      .where(eq(pagosPrueba.id, Number(id)));
  /** The notes of the order's timeline as the operator reads them. */
  const notesOf = async (id: number) =>
    ((await (await admin(`/admin/api/pedidos/${id}`)).json()) as PedidoOperadorRespuesta).pedido.notas.map((n) => n.nota);
  const detailOf = async (id: number) => ((await (await admin(`/admin/api/pedidos/${id}`)).json()) as PedidoOperadorRespuesta).pedido;
  const listed = async (id: number) =>
    ((await (await admin('/admin/api/pedidos')).json()) as ListaPedidosOperador).pedidos.find((p) => p.idVenta === id)!;
  /** Runs the background jobs (twice: a second run must send nothing new) and answers the shop's e-mails about order `id`. */
  const shopMailsAbout = async (id: number) => {
    await runBackgroundOnce(shop.services);
    await runBackgroundOnce(shop.services);
    // The alerts about the order (not the notice of a new paid order, issue 36).
    return shop.sent.filter((mail) => mail.to === TIENDA_CORREO && mail.subject.includes(`en el pedido N.° ${id}`));
  };
  /** `npm run shop -- …` against this shop's API. */
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

  /** A paid order (EN PREPARACION) and the id of the payment that paid it. */
  async function paidOrder() {
    const customer = await shop.customer(`alertado${++next}`);
    const preferencia = await placeOrder(shop, customer, plain[next % plain.length]!, { cantidad: 1 });
    expect((await payDePrueba(shop, preferencia.id, 'approved')).status).toBe(200);
    const pedido = await orderOf(preferencia.idVenta);
    expect(pedido.estado).toBe('EN PREPARACION');
    return {
      id: pedido.id,
      pagoId: pedido.pagoId!,
      preferenciaId: preferencia.id,
      total: pedido.total,
      correo: `${customer.usuario}@example.pe`,
    };
  }
  /** Another payment of the same order, approved by the provider (the customer paid twice). */
  async function secondPayment(order: { id: number; preferenciaId: string; total: number }) {
    const [pago] = await shop.database.db
      .insert(pagosPrueba)
      .values({
        preferenciaId: order.preferenciaId,
        referenciaExterna: String(order.id),
        estado: 'approved',
        detalle: 'accredited',
        monto: order.total,
        moneda: 'PEN',
        tipo: 'credit_card',
      })
      .returning({ id: pagosPrueba.id });
    return String(pago!.id);
  }

  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN, correoTienda: TIENDA_CORREO } });
    plain = plainProducts(await shop.catalogue()).slice(0, 8);
  });
  afterAll(() => shop?.close());

  it('notes a second approved payment of a paid order, flags it for the operator and e-mails the shop once, however often it is notified', async () => {
    const order = await paidOrder();
    const segundo = await secondPayment(order);
    await Promise.all([notify(segundo), notify(segundo)]);
    await notify(segundo);

    const pedido = await orderOf(order.id);
    expect(pedido).toMatchObject({ estado: 'EN PREPARACION', pagoId: order.pagoId });
    const nota = `Pago ${segundo} aprobado, pero el pedido ya estaba pagado con el pago ${order.pagoId}: hay que devolver uno de los dos.`;
    expect((await notesOf(order.id)).filter((n) => n === nota)).toHaveLength(1);
    expect(await listed(order.id)).toMatchObject({ idVenta: order.id, alerta: 'pago por devolver' });
    const detail = await detailOf(order.id);
    expect(detail.alerta).toBe('pago por devolver');
    expect(detail.pagos).toEqual([
      expect.objectContaining({ id: order.pagoId, estado: 'approved', del_pedido: true, monto: order.total / 100 }),
      expect.objectContaining({ id: segundo, estado: 'approved', del_pedido: false, monto: order.total / 100 }),
    ]);

    const mails = await shopMailsAbout(order.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`${TIENDA.nombre}: pago doble en el pedido N.° ${order.id}`);
    expect(mails[0]!.text).toContain(nota);
    expect(mails[0]!.text).toContain(`npm run shop -- pedido ${order.id}`);
    expect(mails[0]!.html).toContain(`Pago ${segundo} aprobado`);
    await notify(segundo);
    expect(await shopMailsAbout(order.id)).toHaveLength(1);

    // Refunding the extra payment settles it: the note stays, the flag goes.
    await providerSays(segundo, 'refunded', 'refunded');
    await notify(segundo);
    expect(await notesOf(order.id)).toContain(`Pago ${segundo} devuelto al cliente (refunded).`);
    expect((await listed(order.id)).alerta).toBeUndefined();
  });

  it('never revives a paid order the shop cancelled when another payment is approved', async () => {
    const order = await paidOrder();
    expect(
      (
        await shop.call('POST', `/admin/api/pedidos/${order.id}/estado`, {
          token: TOKEN,
          body: { estado: 'CANCELADO', nota: 'Sin stock en almacén.' },
        })
      ).status,
    ).toBe(200);
    const segundo = await secondPayment(order);
    await notify(segundo);
    expect(await orderOf(order.id)).toMatchObject({ estado: 'CANCELADO', pagoId: order.pagoId });
    expect(await notesOf(order.id)).toContain(
      `Pago ${segundo} aprobado, pero el pedido ya estaba pagado con el pago ${order.pagoId}: hay que devolver uno de los dos.`,
    );
    expect((await listed(order.id)).alerta).toBe('pago por devolver');
    expect(await shopMailsAbout(order.id)).toHaveLength(1);
  });

  const cases = [
    {
      estado: 'refunded',
      detalle: 'refunded',
      nota: (id: string) => `Pago ${id} devuelto al cliente (refunded). El pedido ya no está pagado: decide si se cancela.`,
      alerta: 'pago devuelto',
      asunto: 'pago devuelto',
    },
    {
      estado: 'charged_back',
      detalle: 'in_process',
      nota: (id: string) =>
        `Contracargo del pago ${id} (in_process): el cliente desconoció el cobro ante su banco; responde el reclamo en Mercado Pago.`,
      alerta: 'contracargo',
      asunto: 'contracargo',
    },
    {
      estado: 'in_mediation',
      detalle: 'pending',
      nota: (id: string) => `Pago ${id} en mediación (pending): el cliente abrió un reclamo en Mercado Pago; respóndelo allí.`,
      alerta: 'en mediación',
      asunto: 'reclamo',
    },
  ] as const;

  for (const caso of cases) {
    it(`notes a payment turned ${caso.estado}, flags the order in \`npm run shop -- pedidos\` and e-mails the shop once`, async () => {
      const order = await paidOrder();
      await providerSays(order.pagoId, caso.estado, caso.detalle);
      await Promise.all([notify(order.pagoId), notify(order.pagoId)]);
      await notify(order.pagoId);

      expect((await orderOf(order.id)).estado).toBe('EN PREPARACION');
      expect((await notesOf(order.id)).filter((n) => n === caso.nota(order.pagoId))).toHaveLength(1);
      expect((await listed(order.id)).alerta).toBe(caso.alerta);
      const mails = await shopMailsAbout(order.id);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`${TIENDA.nombre}: ${caso.asunto} en el pedido N.° ${order.id}`);
      expect(mails[0]!.text).toContain(caso.nota(order.pagoId));
      expect(shop.sent.filter((mail) => mail.to === order.correo)).toHaveLength(1);

      const list = await cli(['pedidos']);
      expect(list.code).toBe(0);
      expect(list.out).toMatch(/^N\.°\s+Fecha\s+Estado\s+.*\s+Total\s+Pago$/m);
      expect(list.out).toMatch(new RegExp(`^${order.id}\\s+.*EN PREPARACION\\s+.*S/\\s?[\\d.,]+\\s+⚠ ${caso.alerta}$`, 'm'));
      const shown = await cli(['pedido', String(order.id)]);
      expect(shown.out).toContain(`⚠ Pago: ${caso.alerta}. Revisa los pagos y el historial.`);
      expect(shown.out).toMatch(new RegExp(`^Pagos:\\n\\s+${order.pagoId}\\s+.*${caso.estado}`, 'm'));
      expect(shown.out).toContain(caso.nota(order.pagoId));
    });
  }

  it('clears the flag when a mediation ends with the payment approved again, and notes it', async () => {
    const order = await paidOrder();
    await providerSays(order.pagoId, 'in_mediation', 'pending');
    await notify(order.pagoId);
    expect((await listed(order.id)).alerta).toBe('en mediación');
    await providerSays(order.pagoId, 'approved', 'accredited');
    await notify(order.pagoId);
    expect(await orderOf(order.id)).toMatchObject({ estado: 'EN PREPARACION', pagoId: order.pagoId });
    expect(await notesOf(order.id)).toContain(`Pago ${order.pagoId} aprobado de nuevo (accredited).`);
    expect((await listed(order.id)).alerta).toBeUndefined();
    expect((await cli(['pedidos'])).out).toMatch(new RegExp(`^${order.id}\\s+.*S/\\s?[\\d.,]+$`, 'm'));
    expect(await shopMailsAbout(order.id)).toHaveLength(2);
  });

  it('e-mails the shop about an approved payment that cannot be applied: another amount, or a late one without stock', async () => {
    const customer = await shop.customer(`alertado${++next}`);
    const preferencia = await placeOrder(shop, customer, plain[0]!, { cantidad: 1 });
    const total = (await orderOf(preferencia.idVenta)).total;
    const [otro] = await shop.database.db
      .insert(pagosPrueba)
      .values({
        preferenciaId: preferencia.id,
        referenciaExterna: String(preferencia.idVenta),
        estado: 'approved',
        detalle: 'accredited',
        monto: total + 100,
        moneda: 'PEN',
        tipo: 'credit_card',
      })
      .returning({ id: pagosPrueba.id });
    await notify(String(otro!.id));
    expect((await orderOf(preferencia.idVenta)).estado).toBe('PENDIENTE');
    expect((await listed(preferencia.idVenta)).alerta).toBe('pago por devolver');
    const [mail] = await shopMailsAbout(preferencia.idVenta);
    expect(mail!.subject).toBe(`${TIENDA.nombre}: pago que no coincide en el pedido N.° ${preferencia.idVenta}`);

    const late = await shop.customer(`alertado${++next}`);
    const producto = plain[1]!;
    const tardio = await placeOrder(shop, late, producto, { cantidad: 1 });
    await shop.database.db
      .update(pedidos)
      .set({ expira: new Date(Date.now() - 1000) })
      .where(eq(pedidos.id, tardio.idVenta));
    await runBackgroundOnce(shop.services);
    expect((await orderOf(tardio.idVenta)).estado).toBe('CANCELADO');
    const stock = await shop.stockOf(producto.idProducto);
    await shop.setStock(producto.idProducto, 0);
    // The customer paid after the reservation ran out (a cash code paid late): the provider approves it.
    const [pagoTardio] = await shop.database.db
      .insert(pagosPrueba)
      .values({
        preferenciaId: tardio.id,
        referenciaExterna: String(tardio.idVenta),
        estado: 'approved',
        detalle: 'accredited',
        monto: (await orderOf(tardio.idVenta)).total,
        moneda: 'PEN',
        tipo: 'ticket',
      })
      .returning({ id: pagosPrueba.id });
    await notify(String(pagoTardio!.id));
    await shop.setStock(producto.idProducto, stock);
    expect((await orderOf(tardio.idVenta)).estado).toBe('CANCELADO');
    expect((await listed(tardio.idVenta)).alerta).toBe('pago por devolver');
    const mails = await shopMailsAbout(tardio.idVenta);
    expect(mails.map((m) => m.subject)).toEqual([`${TIENDA.nombre}: pago tardío por devolver en el pedido N.° ${tardio.idVenta}`]);
    expect(mails[0]!.text).toContain('hay que devolver el pago');
  });
});
