import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DetallePedido } from '../../src/lib/api/checkout-schemas.ts';
import type { CambioEstadoRespuesta } from '../../src/lib/api/orders-schemas.ts';
import type { Producto } from '../../src/lib/api/schemas.ts';
import { serverConfig } from '../../src/server/config.ts';
import { nubefactProveedor } from '../../src/server/comprobantes/nubefact.ts';
import {
  comprobantes,
  devoluciones,
  pedidoLineas,
  pedidos,
  reembolsos,
  reembolsosPrueba,
  type Comprobante,
  type PedidoLinea,
} from '../../src/server/db/schema/index.ts';
import { describeEachDatabase } from './databases.ts';
import { entregar, operador, pedidoPagado, pedidoRow } from './dinero.ts';
import { startNubefactStub, type NubefactStub } from './nubefact-stub.ts';
import { openShop, plainProducts, PROVINCIA, runJobsUntilIdle, type TestShop } from './shop.ts';

/**
 * Returns after delivery (issue 36, item 5): POST /admin/api/pedidos/{id}/devolucion takes back units of
 * a delivered order within the return window: stock back when resellable, a partial nota de crédito for
 * exactly those units (through a local stub of Nubefact's API), their refund, the customer e-mailed and
 * shown the return in Mis Compras. Totals exact to the céntimo.
 */
describeEachDatabase('returns', (target) => {
  let shop: TestShop;
  let stub: NubefactStub;
  let plain: Producto[];

  beforeAll(async () => {
    stub = await startNubefactStub();
    const config = serverConfig({});
    shop = await openShop(target, {
      config: {
        comprobantes: { ...config.comprobantes, proveedor: 'nubefact', nubefactUrl: stub.url, nubefactToken: stub.token, timeoutMs: 2000 },
      },
      proveedorComprobantes: nubefactProveedor({ url: stub.url, token: stub.token, timeoutMs: 2000 }),
    });
    // Cheap products, so the order pays for its delivery (free above S/ 250).
    plain = plainProducts(await shop.catalogue()).sort((a, b) => a.precio - b.precio);
  });
  afterAll(async () => {
    await shop?.close();
    await stub?.close();
  });

  const lineasDe = (id: number) =>
    shop.database.db.select().from(pedidoLineas).where(eq(pedidoLineas.pedidoId, id)).orderBy(asc(pedidoLineas.id));
  const notasDe = (id: number) =>
    shop.database.db
      .select()
      .from(comprobantes)
      .where(and(eq(comprobantes.pedidoId, id), eq(comprobantes.tipo, '07')))
      .orderBy(asc(comprobantes.id));
  const refundsOf = (id: number) =>
    shop.database.db.select().from(reembolsos).where(eq(reembolsos.pedidoId, id)).orderBy(asc(reembolsos.id));
  const devolver = async (
    id: number,
    lineas: { linea: PedidoLinea; cantidad: number; revendible: boolean }[],
    motivo = 'Producto sellado, no lo quiso',
  ) =>
    (await operador(shop))('POST', `/pedidos/${id}/devolucion`, {
      motivo,
      lineas: lineas.map(({ linea, cantidad, revendible }) => ({
        idProducto: linea.productoId,
        color: linea.color,
        tamano: linea.tamano,
        cantidad,
        revendible,
      })),
    });

  /** The note squares: its lines to its totals, base plus IGV to each line. */
  function expectSquares(nota: Comprobante) {
    expect(nota.gravada + nota.igv).toBe(nota.total);
    expect(nota.items.reduce((s, i) => s + i.total, 0)).toBe(nota.total);
    expect(nota.items.reduce((s, i) => s + i.valor, 0)).toBe(nota.gravada);
    expect(nota.items.reduce((s, i) => s + i.igv, 0)).toBe(nota.igv);
    for (const item of nota.items) expect(item.valor + item.igv).toBe(item.total);
  }

  /** A delivered delivery order of two products (two units of the first) with the welcome coupon. */
  async function entregado() {
    const pedido = await pedidoPagado(
      shop,
      [
        [plain[0]!, 2],
        [plain[1]!, 1],
      ],
      { metodo: PROVINCIA, cupon: true },
    );
    await entregar(shop, pedido.idVenta, false);
    const row = await pedidoRow(shop, pedido.idVenta);
    expect(row.estado).toBe('ENTREGADO');
    expect(row.descuento).toBeGreaterThan(0);
    expect(row.envio).toBeGreaterThan(0);
    return { ...pedido, row, lineas: await lineasDe(pedido.idVenta) };
  }

  it('takes back one unit of one line: stock back, a partial credit note (07) and a refund of exactly its amount, the customer told and shown', async () => {
    const { idVenta, row, lineas, customer } = await entregado();
    const [a, b] = lineas;
    const stockA = await shop.stockOf(a!.productoId);
    const stockB = await shop.stockOf(b!.productoId);
    const res = await devolver(idVenta, [{ linea: a!, cantidad: 1, revendible: true }]);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as CambioEstadoRespuesta;
    const monto = a!.precioCobrado;
    expect(body.mensaje).toContain(`registrada por S/ ${(monto / 100).toFixed(2)}`);
    expect(body.mensaje).toContain('Se reembolsaron');
    expect(body.pedido.estado).toBe('ENTREGADO');
    expect(await shop.stockOf(a!.productoId)).toBe(stockA + 1);
    expect(await shop.stockOf(b!.productoId)).toBe(stockB);

    // Refunded: the unit's charged price (after the coupon), not its list price, through the provider.
    expect(monto).toBeLessThan(a!.precioConDescuento);
    expect(await refundsOf(idVenta)).toEqual([expect.objectContaining({ monto, estado: 'aprobado' })]);
    const enPrueba = await shop.database.db.select().from(reembolsosPrueba).where(eq(reembolsosPrueba.pagoId, row.pagoId!));
    expect(enPrueba.map((r) => r.monto)).toEqual([monto]);

    await runJobsUntilIdle(shop);
    const [nota] = await notasDe(idVenta);
    expect(nota).toMatchObject({ motivoCodigo: '07', motivo: 'Devolución por ítem', total: monto, estado: 'aceptado', serie: 'BC01' });
    expect(nota!.items).toHaveLength(1);
    expect(nota!.items[0]).toMatchObject({ codigo: String(a!.productoId), cantidad: 1, total: monto });
    expectSquares(nota!);
    const enviado = stub.recibidos.find((r) => r.tipo_de_comprobante === 3 && r.numero === nota!.correlativo && r.serie === nota!.serie)!;
    expect(enviado).toMatchObject({ tipo_de_nota_de_credito: 7, total: monto / 100, documento_que_se_modifica_tipo: 2 });
    expect(Math.round((enviado.items as { total: number }[]).reduce((s, i) => s + i.total * 100, 0))).toBe(monto);

    const correo = shop.sent.find((m) => m.to === `${customer.usuario}@example.pe` && /recibimos tu devolución/.test(m.subject));
    expect(correo?.text).toContain(`Te devolveremos S/ ${(monto / 100).toFixed(2)}`);
    expect(correo?.text).toContain(`1 × ${a!.nombre}`);
    expect(correo?.html).toContain('Productos devueltos');

    const detalle = await shop.call('GET', `/api/detalle-pedido/${idVenta}`, { token: customer.token });
    const { mensaje } = (await detalle.json()) as { mensaje: DetallePedido };
    expect(mensaje.devoluciones).toEqual([
      { fecha: expect.any(String), monto: monto / 100, lineas: [{ nombreProducto: a!.nombre, cantidad: 1 }] },
    ]);
  });

  it('keeps unsellable units out of stock, refuses returning more than bought or twice, and all lines one by one sum to what was paid', async () => {
    const { idVenta, row, lineas } = await entregado();
    const [a, b] = lineas;
    const stockB = await shop.stockOf(b!.productoId);
    expect((await devolver(idVenta, [{ linea: b!, cantidad: 1, revendible: false }])).status).toBe(200);
    expect(await shop.stockOf(b!.productoId)).toBe(stockB);
    // B is all returned: a second return of it is refused.
    const otraVez = await devolver(idVenta, [{ linea: b!, cantidad: 1, revendible: false }]);
    expect(otraVez.status).toBe(409);
    expect(((await otraVez.json()) as { mensaje: string }).mensaje).toMatch(/se compraron 1 y quedan 0 por devolver/);
    const demasiadas = await devolver(idVenta, [{ linea: a!, cantidad: 3, revendible: true }]);
    expect(demasiadas.status).toBe(409);
    expect(((await demasiadas.json()) as { mensaje: string }).mensaje).toMatch(
      /se compraron 2 y quedan 2 por devolver: no se pueden devolver 3/,
    );
    expect((await devolver(idVenta, [{ linea: a!, cantidad: 1, revendible: true }])).status).toBe(200);
    // The last unit completes the order: the delivery comes back with it.
    const ultima = await devolver(idVenta, [{ linea: a!, cantidad: 1, revendible: true }]);
    expect(ultima.status).toBe(200);
    expect(((await ultima.json()) as CambioEstadoRespuesta).mensaje).toContain('envío incluido');
    expect((await devolver(idVenta, [{ linea: a!, cantidad: 1, revendible: true }])).status).toBe(409);

    const hechas = await shop.database.db
      .select()
      .from(devoluciones)
      .where(eq(devoluciones.pedidoId, idVenta))
      .orderBy(asc(devoluciones.id));
    expect(hechas.map((d) => d.envio)).toEqual([0, 0, row.envio]);
    expect(hechas.reduce((s, d) => s + d.monto - d.envio, 0)).toBe(row.total - row.envio);
    expect(hechas.reduce((s, d) => s + d.monto, 0)).toBe(row.total);
    const refunds = await refundsOf(idVenta);
    expect(refunds.reduce((s, r) => s + r.monto, 0)).toBe(row.total);
    expect(refunds.every((r) => r.estado === 'aprobado')).toBe(true);
    await runJobsUntilIdle(shop);
    const notas = await notasDe(idVenta);
    expect(notas.map((n) => n.motivoCodigo)).toEqual(['07', '07', '07']);
    expect(notas.reduce((s, n) => s + n.total, 0)).toBe(row.total);
    expect(notas[2]!.items.map((i) => i.codigo)).toEqual([String(a!.productoId), 'ENVIO']);
    for (const nota of notas) expectSquares(nota);
    // The order's sale receipt and its notes: the notes never exceed it.
    const [boleta] = await shop.database.db
      .select()
      .from(comprobantes)
      .where(and(eq(comprobantes.pedidoId, idVenta), eq(comprobantes.tipo, '03')));
    expect(boleta!.total).toBe(row.total);
  });

  it('returns a whole order at once with one credit note for all of it (06 devolución total)', async () => {
    const { idVenta, row, lineas } = await entregado();
    const res = await devolver(
      idVenta,
      lineas.map((linea) => ({ linea, cantidad: linea.cantidad, revendible: true })),
    );
    expect(res.status).toBe(200);
    await runJobsUntilIdle(shop);
    const [nota] = await notasDe(idVenta);
    expect(nota).toMatchObject({ motivoCodigo: '06', motivo: 'Devolución total', total: row.total });
    const enviado = stub.recibidos.find((r) => r.tipo_de_comprobante === 3 && r.numero === nota!.correlativo && r.serie === nota!.serie)!;
    expect(enviado.tipo_de_nota_de_credito).toBe(6);
    expect((await refundsOf(idVenta)).map((r) => r.monto)).toEqual([row.total]);
  });

  it('refuses a return outside the window, of an order not delivered, or of a product it does not have, changing nothing', async () => {
    const { idVenta, lineas } = await entregado();
    const stock = await shop.stockOf(lineas[0]!.productoId);
    await shop.database.db
      .update(pedidos)
      .set({ fechaEntrega: new Date(Date.now() - 16 * 24 * 60 * 60 * 1000) })
      .where(eq(pedidos.id, idVenta));
    const tarde = await devolver(idVenta, [{ linea: lineas[0]!, cantidad: 1, revendible: true }]);
    expect(tarde.status).toBe(409);
    expect(((await tarde.json()) as { mensaje: string }).mensaje).toMatch(
      /El plazo de devolución del pedido N\.° \d+ venció el .*son 15 días desde la entrega/,
    );
    // Still inside on its last day.
    await shop.database.db
      .update(pedidos)
      .set({ fechaEntrega: new Date(Date.now() - 14 * 24 * 60 * 60 * 1000) })
      .where(eq(pedidos.id, idVenta));
    const extraño = await (
      await operador(shop)
    )('POST', `/pedidos/${idVenta}/devolucion`, {
      motivo: 'Otro',
      lineas: [{ idProducto: 999_999, color: '', tamano: '', cantidad: 1, revendible: true }],
    });
    expect(extraño.status).toBe(409);
    expect(((await extraño.json()) as { mensaje: string }).mensaje).toMatch(/no tiene el producto 999999/);
    expect(await shop.stockOf(lineas[0]!.productoId)).toBe(stock);
    expect(await refundsOf(idVenta)).toHaveLength(0);
    expect(await notasDe(idVenta)).toHaveLength(0);

    const enCamino = await pedidoPagado(shop, [[plain[2]!, 1]]);
    const [linea] = await lineasDe(enCamino.idVenta);
    const noEntregado = await devolver(enCamino.idVenta, [{ linea: linea!, cantidad: 1, revendible: true }]);
    expect(noEntregado.status).toBe(409);
    expect(((await noEntregado.json()) as { mensaje: string }).mensaje).toMatch(
      /Solo se reciben devoluciones de pedidos entregados.*cancélalo con reembolso/,
    );

    const admin = await operador(shop);
    expect((await admin('POST', `/pedidos/${idVenta}/devolucion`, { motivo: 'x', lineas: [] })).status).toBe(400);
    expect(
      (
        await admin('POST', `/pedidos/${idVenta}/devolucion`, {
          motivo: 'Dañado',
          lineas: [{ idProducto: lineas[0]!.productoId, cantidad: 0, revendible: true }],
        })
      ).status,
    ).toBe(400);
    expect((await shop.call('POST', `/admin/api/pedidos/${idVenta}/devolucion`, { body: { motivo: 'x', lineas: [] } })).status).toBe(401);
  });

  it('lets two returns of the same last unit at once take it once', async () => {
    const { idVenta, lineas } = await entregado();
    const b = lineas[1]!;
    const answers = await Promise.all([1, 2, 3].map(() => devolver(idVenta, [{ linea: b, cantidad: 1, revendible: true }])));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await refundsOf(idVenta)).toHaveLength(1);
  });
});
