import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DetallePedido, EstadoPedido } from '../../lib/api/checkout-schemas.ts';
import { metodoPagoInfo } from '../../lib/api/metodos-pago.ts';
import type { PedidoResumen } from '../../lib/api/orders-schemas.ts';
import { toSoles } from '../../lib/pricing/money.ts';
import { comprobantePedido, comprobantesDePedido } from '../comprobantes/queries.ts';
import type { Db } from '../db/client.ts';
import { pedidoHistorial, pedidoLineas, pedidos, type Pedido, type PedidoLinea } from '../db/schema/index.ts';
import { seguimientoDe } from '../../lib/orders/couriers.ts';
import { devolucionesCliente } from './devoluciones-vista.ts';

/** The order's returns (issue 36) as an optional field: absent while it has none. */
async function conDevoluciones(db: Db, pedidoId: number): Promise<Pick<DetallePedido, 'devoluciones'>> {
  const devoluciones = await devolucionesCliente(db, pedidoId);
  return devoluciones.length > 0 ? { devoluciones } : {};
}

/** An order with its lines, when it belongs to the customer (or to anyone, without `clienteId`). */
export async function orderWithLines(
  db: Db,
  pedidoId: number,
  clienteId?: number,
): Promise<{ pedido: Pedido; lineas: PedidoLinea[] } | undefined> {
  const [pedido] = await db
    .select()
    .from(pedidos)
    .where(clienteId === undefined ? eq(pedidos.id, pedidoId) : and(eq(pedidos.id, pedidoId), eq(pedidos.clienteId, clienteId)));
  if (!pedido) return undefined;
  const lineas = await db.select().from(pedidoLineas).where(eq(pedidoLineas.pedidoId, pedidoId)).orderBy(asc(pedidoLineas.id));
  return { pedido, lineas };
}

/** The customer's orders as GET /web/ListPedidos lists them (checkout §3), newest first, every state. */
export async function listOrders(db: Db, clienteId: number): Promise<PedidoResumen[]> {
  const rows = await db
    .select({
      id: pedidos.id,
      creado: pedidos.creado,
      fechaEntrega: pedidos.fechaEntrega,
      total: pedidos.total,
      estado: pedidos.estado,
      recojo: pedidos.recojo,
      imagenes: sql<string | null>`string_agg(nullif(${pedidoLineas.img}, ''), ',' ORDER BY ${pedidoLineas.id})`,
    })
    .from(pedidos)
    .leftJoin(pedidoLineas, eq(pedidoLineas.pedidoId, pedidos.id))
    .where(eq(pedidos.clienteId, clienteId))
    .groupBy(pedidos.id)
    .orderBy(desc(pedidos.creado), desc(pedidos.id));
  return rows.map((row) => ({
    idVenta: row.id,
    idVenta_estado: row.id,
    fecha: row.creado.toISOString(),
    fechaEntrega: row.fechaEntrega?.toISOString() ?? null,
    total: toSoles(row.total),
    estado: row.estado as EstadoPedido,
    recojo: row.recojo,
    imagenes: row.imagenes ?? '',
  }));
}

/** The order detail of checkout §3, in soles, with its timeline and electronic receipts: the customer's own (any order without `clienteId`). */
export async function orderDetail(db: Db, pedidoId: number, clienteId?: number): Promise<DetallePedido | undefined> {
  const found = await orderWithLines(db, pedidoId, clienteId);
  if (!found) return undefined;
  const { pedido, lineas } = found;
  const historial = await db
    .select({ estado: pedidoHistorial.estado, fecha: pedidoHistorial.fecha })
    .from(pedidoHistorial)
    .where(eq(pedidoHistorial.pedidoId, pedidoId))
    .orderBy(asc(pedidoHistorial.fecha), asc(pedidoHistorial.id));
  return {
    idVenta: pedido.id,
    fecha: pedido.creado.toISOString(),
    fechaEntrega: pedido.fechaEntrega?.toISOString() ?? null,
    total: toSoles(pedido.total),
    subtotal: toSoles(pedido.subtotal),
    descuento: toSoles(pedido.descuento),
    envio: toSoles(pedido.envio),
    estado: pedido.estado as EstadoPedido,
    // The list's name of the order's method (an id it lacks, as stored).
    metodo_pago: `${metodoPagoInfo(pedido.metodoPago)?.nombre ?? pedido.metodoPago}${pedido.pasarela === 'prueba' ? ' (modo de prueba)' : ''}`,
    metodo_envio: pedido.metodoEnvio,
    recojo: pedido.recojo,
    direccion: pedido.direccion,
    productos: lineas.map((linea) => ({
      nombreProducto: linea.nombre,
      idProducto: linea.productoId,
      img: linea.img,
      cantidad: linea.cantidad,
      color: linea.color,
      tamano: linea.tamano,
      precio_unitario: toSoles(linea.precioUnitario),
      precio_con_descuento: toSoles(linea.precioCobrado),
    })),
    productos_comprados: lineas.reduce((sum, linea) => sum + linea.cantidad, 0),
    codigo_descuento: pedido.codigoDescuento,
    porcentaje_descuento: pedido.porcentajeDescuento / 100,
    pagado: pedido.pagado !== null,
    historial: historial
      .filter((entry, index, all) => index === 0 || entry.estado !== all[index - 1]!.estado)
      .map((entry) => ({ estado: entry.estado as EstadoPedido, fecha: entry.fecha.toISOString() })),
    seguimiento: seguimientoDe(pedido.courier, pedido.guia),
    comprobantes: (await comprobantesDePedido(db, pedidoId)).map(comprobantePedido),
    ...(await conDevoluciones(db, pedidoId)),
  };
}
