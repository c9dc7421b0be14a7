import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ESTADOS_PEDIDO, type DetallePedido, type EstadoPedido } from '../../src/lib/api/checkout-schemas.ts';
import type { CambioEstadoRespuesta, PedidoResumen } from '../../src/lib/api/orders-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { cuponesUsuario, pagosPrueba, pedidoHistorial, pedidoLineas, pedidos, trabajos } from '../../src/server/db/schema/index.ts';
import { runDueJobs } from '../../src/server/jobs/queue.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { orderJobs } from '../../src/server/orders/jobs.ts';
import { expireOrders } from '../../src/server/payments/vencimiento.ts';
import { signNotification } from '../../src/server/payments/signature.ts';
import { decodeParts, startTestSmtp } from '../fixtures/smtp.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, payDePrueba, placeOrder, plainProducts, PROVINCIA, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-0123456789';

describeEachDatabase('orders', (target) => {
  let shop: TestShop;
  let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  let plain: Producto[];
  let next = 0;

  const move = (id: number, estado: string, nota?: string, envio: { courier?: string; guia?: string } = {}) =>
    shop.call('POST', `/admin/api/pedidos/${id}/estado`, { token: TOKEN, body: { estado, nota, ...envio } });
  const orderOf = async (id: number) => (await shop.database.db.select().from(pedidos).where(eq(pedidos.id, id)))[0]!;
  const historyOf = (id: number) =>
    shop.database.db.select().from(pedidoHistorial).where(eq(pedidoHistorial.pedidoId, id)).orderBy(pedidoHistorial.id);
  const detailOf = async (id: number, token: string) =>
    ((await (await shop.call('GET', `/api/detalle-pedido/${id}`, { token })).json()) as { mensaje: DetallePedido }).mensaje;
  /** Runs every due job (e-mails), then answers the decoded messages the SMTP server got for `to`. */
  const mailsTo = async (to: string) => {
    while ((await runDueJobs(shop.database.db, orderJobs({ db: shop.database.db, mailer: shop.services.mailer }))) > 0);
    return smtp.messages.filter((m) => m.to.includes(to)).map((m) => ({ raw: m.raw, body: decodeParts(m.raw) }));
  };

  /** A customer with a paid order (EN PREPARACION) for `cantidad` units of a fresh product. */
  async function paidOrder(options: { metodo?: string; cantidad?: number; codigo?: 'bienvenida'; pagar?: boolean } = {}) {
    const customer = await shop.customer(`pedidos${++next}`);
    const producto = plain[next % plain.length]!;
    const codigo = options.codigo ? `BIENVENIDA-${customer.usuario.toUpperCase()}` : undefined;
    const preferencia = await placeOrder(shop, customer, producto, { cantidad: options.cantidad ?? 2, metodo: options.metodo, codigo });
    if (options.pagar !== false) expect((await payDePrueba(shop, preferencia.id, 'approved')).status).toBe(200);
    return { customer, producto, preferencia, id: preferencia.idVenta, correo: `${customer.usuario}@example.pe` };
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'tienda@example.pe' });
    shop = await openShop(target, { config: { adminToken: TOKEN }, mailer });
    plain = plainProducts(await shop.catalogue())
      .sort((a, b) => a.precio - b.precio)
      .slice(0, 12);
  });
  afterAll(async () => {
    await shop?.close();
    await smtp?.close();
  });

  it("lists only the customer's own orders, every state, newest first, with the list fields and their types", async () => {
    const customer = await shop.customer('historial');
    const [a, b, c] = plain;
    const replaced = await placeOrder(shop, customer, a!);
    const paid = await placeOrder(shop, customer, b!, { cantidad: 2 });
    await payDePrueba(shop, paid.id, 'approved');
    const delivery = await placeOrder(shop, customer, c!, { metodo: PROVINCIA });
    await payDePrueba(shop, delivery.id, 'approved');
    const pending = await placeOrder(shop, customer, a!);
    // The oldest id placed last, and a tie broken by the newer id: the order is by date, then id.
    const hour = 3_600_000;
    const at = async (id: number, ago: number) =>
      shop.database.db
        .update(pedidos)
        .set({ creado: new Date(Date.now() - ago * hour) })
        .where(eq(pedidos.id, id));
    await at(replaced.idVenta, 3);
    await at(delivery.idVenta, 2);
    await at(pending.idVenta, 2);
    await at(paid.idVenta, 1);

    const res = await shop.call('GET', `/web/ListPedidos/${customer.id}`, { token: customer.token });
    expect(res.status).toBe(200);
    const list = (await res.json()) as PedidoResumen[];
    expect(list.map((p) => p.idVenta)).toEqual([paid.idVenta, pending.idVenta, delivery.idVenta, replaced.idVenta]);
    expect(list.map((p) => p.estado)).toEqual(['EN PREPARACION', 'PENDIENTE', 'EN PREPARACION', 'CANCELADO']);
    for (const item of list) {
      expect(Object.keys(item).sort()).toEqual([
        'estado',
        'fecha',
        'fechaEntrega',
        'idVenta',
        'idVenta_estado',
        'imagenes',
        'recojo',
        'total',
      ]);
      const detail = await detailOf(item.idVenta_estado, customer.token);
      const lines = await shop.database.db.select().from(pedidoLineas).where(eq(pedidoLineas.pedidoId, item.idVenta));
      expect(item).toEqual({
        idVenta: detail.idVenta,
        idVenta_estado: detail.idVenta,
        fecha: detail.fecha,
        fechaEntrega: null,
        total: detail.total,
        estado: detail.estado,
        recojo: detail.recojo,
        imagenes: lines
          .map((l) => l.img)
          .filter(Boolean)
          .join(','),
      });
      expect(typeof item.total).toBe('number');
      expect(item.total).toBe((await orderOf(item.idVenta)).total / 100);
      expect(new Date(item.fecha).toISOString()).toBe(item.fecha);
      expect(ESTADOS_PEDIDO).toContain(item.estado);
      expect(item.imagenes).not.toBe('');
    }
    expect(list.find((p) => p.idVenta === delivery.idVenta)!.recojo).toBe(false);
    expect(list.find((p) => p.idVenta === paid.idVenta)!.recojo).toBe(true);

    const other = await shop.customer('vecina');
    const forbidden = await shop.call('GET', `/web/ListPedidos/${customer.id}`, { token: other.token });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ mensaje: 'No tienes permiso para acceder a los datos de otro usuario.' });
    expect((await shop.call('GET', `/web/ListPedidos/${customer.id}`)).status).toBe(401);
    expect(await (await shop.call('GET', `/web/ListPedidos/${other.id}`, { token: other.token })).json()).toEqual([]);

    // Another customer's order answers exactly like one that does not exist.
    const theirs = await shop.call('GET', `/api/detalle-pedido/${paid.idVenta}`, { token: other.token });
    const missing = await shop.call('GET', '/api/detalle-pedido/99999999', { token: other.token });
    expect(theirs.status).toBe(404);
    expect([missing.status, await missing.text()]).toEqual([404, await theirs.text()]);
  });

  it('moves a delivery order EN TRANSITO then ENTREGADO, recording each change with its time and e-mailing each', async () => {
    const { id, customer, correo } = await paidOrder({ metodo: PROVINCIA });
    const refused = await move(id, 'LISTO PARA RECOGER');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      mensaje: `El pedido N.° ${id} es de envío a domicilio: no se recoge en tienda; cuando salga, pásalo a EN TRANSITO.`,
    });

    // Dispatch needs the courier and the guía (issue 25), and nothing changes without them.
    const sinGuia = await move(id, 'EN TRANSITO');
    expect([sinGuia.status, ((await sinGuia.json()) as { mensaje: string }).mensaje]).toEqual([
      400,
      `Para pasar el pedido N.° ${id} a EN TRANSITO indica el courier y el número de guía (por ejemplo: --courier Olva --guia 123456789).`,
    ]);
    expect((await move(id, 'EN TRANSITO', undefined, { courier: 'Olva', guia: '12 34' })).status).toBe(400);
    expect((await orderOf(id)).estado).toBe('EN PREPARACION');
    const shipped = await move(id, 'EN TRANSITO', undefined, { courier: 'Olva', guia: '123456789' });
    expect(shipped.status).toBe(200);
    const body = (await shipped.json()) as CambioEstadoRespuesta;
    expect(body.mensaje).toBe(`Pedido N.° ${id}: pasó a EN TRANSITO. Avisaremos a ${correo} por correo.`);
    expect(body.pedido).toMatchObject({ idVenta: id, estado: 'EN TRANSITO', fechaEntrega: null, siguientes: ['ENTREGADO'] });
    expect(await detailOf(id, customer.token)).toMatchObject({
      estado: 'EN TRANSITO',
      fechaEntrega: null,
      seguimiento: { courier: 'Olva Courier', guia: '123456789', url: 'https://www.olvacourier.com/' },
    });
    expect((await move(id, 'ENTREGADO', undefined, { courier: 'Olva', guia: '987654321' })).status).toBe(400);

    const before = Date.now();
    expect((await move(id, 'ENTREGADO')).status).toBe(200);
    const delivered = await detailOf(id, customer.token);
    expect(delivered.estado).toBe('ENTREGADO');
    expect(Date.parse(delivered.fechaEntrega!)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(delivered.fechaEntrega!)).toBeLessThanOrEqual(Date.now() + 1000);
    const [listed] = (await (
      await shop.call('GET', `/web/ListPedidos/${customer.id}`, { token: customer.token })
    ).json()) as PedidoResumen[];
    expect(listed).toMatchObject({ idVenta: id, estado: 'ENTREGADO', fechaEntrega: delivered.fechaEntrega });
    expect(delivered.historial.map((h) => h.estado)).toEqual(['PENDIENTE', 'EN PREPARACION', 'EN TRANSITO', 'ENTREGADO']);
    const times = delivered.historial.map((h) => Date.parse(h.fecha));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect((await move(id, 'EN TRANSITO')).status).toBe(409);

    const mails = await mailsTo(correo);
    expect(mails).toHaveLength(3);
    expect(mails[0]!.body).toContain('Recibimos tu pago');
    expect(mails[1]!.body).toContain(`¡Tu pedido N.° ${id} ya salió de nuestra tienda y está en camino!`);
    expect(mails[1]!.body).toContain('Llegará en 2 a 5 días hábiles.');
    expect(mails[1]!.body).toContain('Olva Courier · Guía N.° 123456789');
    expect(mails[1]!.body).toContain('Rastrear en Olva Courier: https://www.olvacourier.com/');
    expect(mails[2]!.body).toContain(`Entregamos tu pedido N.° ${id} el `);
    for (const { raw } of mails) {
      expect(raw).toMatch(/Content-Type: text\/plain/);
      expect(raw).toMatch(/Content-Type: text\/html/);
    }
    expect(await mailsTo(correo)).toHaveLength(3);
  });

  it('moves a pickup order LISTO PARA RECOGER then ENTREGADO, and its e-mail says where and when to pick it up', async () => {
    const { id, correo } = await paidOrder();
    const refused = await move(id, 'EN TRANSITO');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { mensaje: string }).mensaje).toBe(
      `El pedido N.° ${id} es para recojo en tienda: no pasa por EN TRANSITO; cuando esté listo, pásalo a LISTO PARA RECOGER.`,
    );
    expect((await move(id, 'LISTO PARA RECOGER')).status).toBe(200);
    const pedido = await orderOf(id);
    const [, ready] = await mailsTo(correo);
    expect(ready!.body).toContain(`¡Tu pedido N.° ${id} ya te espera en Miraflores!`);
    expect(ready!.body).toContain(pedido.direccion);
    expect(ready!.body).toContain(`Horario: ${pedido.horario}`);
    expect(ready!.body).toContain('Lleva tu DNI (terminado en 5678)');
    expect((await move(id, 'ENTREGADO')).status).toBe(200);
    expect((await orderOf(id)).fechaEntrega).not.toBeNull();
    expect((await mailsTo(correo)).at(-1)!.body).toContain(`Entregamos tu pedido N.° ${id} en Miraflores el `);
  });

  it('allows exactly the moves of checkout §4 and refuses every other one without changing anything', async () => {
    const ALLOWED = {
      recojo: ['PENDIENTE>CANCELADO', 'EN PREPARACION>LISTO PARA RECOGER', 'EN PREPARACION>CANCELADO', 'LISTO PARA RECOGER>ENTREGADO'],
      envio: ['PENDIENTE>CANCELADO', 'EN PREPARACION>EN TRANSITO', 'EN PREPARACION>CANCELADO', 'EN TRANSITO>ENTREGADO'],
    };
    for (const kind of ['recojo', 'envio'] as const) {
      const { id, correo } = await paidOrder({ metodo: kind === 'envio' ? PROVINCIA : undefined });
      const reachable = ESTADOS_PEDIDO.filter((e) => e !== (kind === 'recojo' ? 'EN TRANSITO' : 'LISTO PARA RECOGER'));
      const mailsBefore = (await mailsTo(correo)).length;
      let moved = 0;
      for (const desde of reachable) {
        for (const hacia of ESTADOS_PEDIDO) {
          await shop.database.db.update(pedidos).set({ estado: desde, fechaEntrega: null }).where(eq(pedidos.id, id));
          const entries = (await historyOf(id)).length;
          // Dispatch carries its courier and guía (issue 25); every other move carries none.
          const res = await move(id, hacia, undefined, hacia === 'EN TRANSITO' ? { courier: 'Shalom', guia: `SH-${id}` } : {});
          const allowed = ALLOWED[kind].includes(`${desde}>${hacia}`);
          expect([`${kind} ${desde}>${hacia}`, res.status]).toEqual([`${kind} ${desde}>${hacia}`, allowed ? 200 : 409]);
          const after = await historyOf(id);
          if (allowed) {
            moved++;
            expect((await orderOf(id)).estado).toBe(hacia);
            expect(after.at(-1)).toMatchObject({ estado: hacia });
            expect(after).toHaveLength(entries + 1);
          } else {
            expect(((await res.json()) as { mensaje: string }).mensaje).toMatch(new RegExp(`N\\.° ${id}`));
            expect((await orderOf(id)).estado).toBe(desde);
            expect(after).toHaveLength(entries);
          }
        }
      }
      expect(moved).toBe(4);
      const jobs = await shop.database.db
        .select({ n: count() })
        .from(trabajos)
        .where(and(eq(trabajos.tipo, 'correo-estado'), sql`${trabajos.datos}->>'pedidoId' = ${String(id)}`));
      expect(jobs[0]!.n).toBe(moved);
      expect((await mailsTo(correo)).length - mailsBefore).toBe(moved);
    }
  });

  it('refuses PENDIENTE → EN PREPARACION by hand: only an approved payment does that', async () => {
    const { id, producto } = await paidOrder({ pagar: false });
    const reserved = await shop.stockOf(producto.idProducto);
    const res = await move(id, 'EN PREPARACION');
    expect(res.status).toBe(409);
    expect(((await res.json()) as { mensaje: string }).mensaje).toBe(
      `No se puede pasar el pedido N.° ${id} de PENDIENTE a EN PREPARACION: solo un pago aprobado lo pone en preparación.`,
    );
    expect(await orderOf(id)).toMatchObject({ estado: 'PENDIENTE', pagado: null });
    expect(await shop.stockOf(producto.idProducto)).toBe(reserved);
  });

  it('cancels an unpaid order by hand, releasing its stock, and tells the customer nothing was charged', async () => {
    const { id, producto, correo } = await paidOrder({ pagar: false, cantidad: 3 });
    const reserved = await shop.stockOf(producto.idProducto);
    expect((await move(id, 'CANCELADO', 'El cliente pidió anularlo por WhatsApp.')).status).toBe(200);
    expect(await shop.stockOf(producto.idProducto)).toBe(reserved + 3);
    expect((await historyOf(id)).at(-1)).toMatchObject({ estado: 'CANCELADO', nota: 'El cliente pidió anularlo por WhatsApp.' });
    const [mail] = await mailsTo(correo);
    expect(mail!.body).toContain(`Cancelamos tu pedido N.° ${id}.`);
    expect(mail!.body).toContain('Motivo: El cliente pidió anularlo por WhatsApp.');
    expect(mail!.body).toContain('No se te cobró nada.');
  });

  it('cancels a paid order once, releasing its stock and coupon, noting the refund and telling the customer', async () => {
    const { id, customer, producto, correo } = await paidOrder({ cantidad: 4, codigo: 'bienvenida' });
    const reserved = await shop.stockOf(producto.idProducto);
    const coupon = async () =>
      (await shop.database.db.select().from(cuponesUsuario).where(eq(cuponesUsuario.clienteId, customer.id)))[0]!.usado;
    expect(await coupon()).toBe(true);
    const answers = await Promise.all([
      move(id, 'CANCELADO', 'Producto dañado en almacén.'),
      move(id, 'CANCELADO', 'Producto dañado en almacén.'),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await shop.stockOf(producto.idProducto)).toBe(reserved + 4);
    expect(await coupon()).toBe(false);
    const pedido = await orderOf(id);
    expect((await historyOf(id)).filter((h) => h.estado === 'CANCELADO').map((h) => h.nota)).toEqual([
      `Producto dañado en almacén. Pedido pagado (pago ${pedido.pagoId}): hay que devolver el pago.`,
    ]);
    const mails = await mailsTo(correo);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.body).toContain(`Cancelamos tu pedido N.° ${id}, que ya habías pagado.`);
    expect(mails[1]!.body).toContain(`Te devolveremos S/ ${(pedido.total / 100).toFixed(2)} al mismo medio con el que pagaste`);
    for (const estado of ESTADOS_PEDIDO) expect((await move(id, estado as EstadoPedido)).status).toBe(409);
  });

  it('e-mails the customer when a payment is rejected or the reservation runs out, but not for an order they replaced', async () => {
    const rejected = await paidOrder({ pagar: false });
    await payDePrueba(shop, rejected.preferencia.id, 'rejected');
    const [rejection] = await mailsTo(rejected.correo);
    expect(rejection!.body).toContain(`El pago de tu pedido N.° ${rejected.id} fue rechazado`);
    expect(rejection!.body).toContain('Puedes volver a comprar');

    const expired = await paidOrder({ pagar: false });
    await expireOrders(shop.database.db, new Date(Date.now() + 25 * 3_600_000));
    expect((await orderOf(expired.id)).estado).toBe('CANCELADO');
    const [expiry] = await mailsTo(expired.correo);
    expect(expiry!.body).toContain(`La reserva de tu pedido N.° ${expired.id} venció sin que recibiéramos el pago`);
    expect(expiry!.body).toContain('No se te cobró nada.');
    expect(await mailsTo(expired.correo)).toHaveLength(1);

    const replaced = await paidOrder({ pagar: false });
    await placeOrder(shop, replaced.customer, replaced.producto);
    expect((await orderOf(replaced.id)).estado).toBe('CANCELADO');
    expect(await mailsTo(replaced.correo)).toHaveLength(0);
  });

  it('e-mails a refund when a payment is approved after expiry and the products sold out meanwhile', async () => {
    const late = await paidOrder({ pagar: false });
    await payDePrueba(shop, late.preferencia.id, 'pending');
    await expireOrders(shop.database.db, new Date(Date.now() + 25 * 3_600_000));
    await shop.setStock(late.producto.idProducto, 0);
    const [pago] = await shop.database.db.select().from(pagosPrueba).where(eq(pagosPrueba.preferenciaId, late.preferencia.id));
    await shop.database.db.update(pagosPrueba).set({ estado: 'approved', detalle: 'accredited' }).where(eq(pagosPrueba.id, pago!.id));
    const dataId = String(pago!.id);
    const secret = await shop.services.pagos.webhookSecret();
    const res = await shop.call('POST', `/webhooks/mercadopago?data.id=${dataId}&type=payment`, {
      headers: { 'x-request-id': 'tarde', 'x-signature': signNotification(secret, { dataId, requestId: 'tarde' }) },
      body: { type: 'payment', data: { id: dataId } },
    });
    expect(res.status).toBe(200);
    expect((await orderOf(late.id)).estado).toBe('CANCELADO');
    const mails = await mailsTo(late.correo);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.body).toContain(`La reserva de tu pedido N.° ${late.id} venció`);
    expect(mails[1]!.body).toContain(`Recibimos el pago de tu pedido N.° ${late.id} cuando su reserva ya había vencido`);
    expect(mails[1]!.body).toContain(`Te devolveremos S/ ${((await orderOf(late.id)).total / 100).toFixed(2)}`);
  });
});
