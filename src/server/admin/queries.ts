import { asc, desc, eq, sql } from 'drizzle-orm';
import type { EstadoPedido } from '../../lib/api/checkout-schemas.ts';
import type { DetallePedidoOperador, PagoOperador, PedidoOperador } from '../../lib/api/orders-schemas.ts';
import { toSoles } from '../../lib/pricing/money.ts';
import { PEDIDOS } from '../../lib/tienda.ts';
import { comprobantesDePedido, comprobantesOperador } from '../comprobantes/queries.ts';
import type { Db } from '../db/client.ts';
import { pedidoHistorial, pedidoLineas, pedidos } from '../db/schema/index.ts';
import { paymentFlag, paymentsOfOrders } from '../orders/payment-alerts.ts';
import { orderDetail } from '../orders/queries.ts';
import { nextStates } from '../orders/life.ts';
import { reembolsosOperador } from '../orders/devoluciones-vista.ts';

/** The newest orders (all, or those in `estado`) as the operator lists them. */
export async function operatorOrders(db: Db, estado?: EstadoPedido): Promise<PedidoOperador[]> {
  const rows = await db
    .select({
      id: pedidos.id,
      creado: pedidos.creado,
      estado: pedidos.estado,
      nombre: pedidos.nombre,
      apellido: pedidos.apellido,
      correo: pedidos.correo,
      total: pedidos.total,
      recojo: pedidos.recojo,
      metodoEnvio: pedidos.metodoEnvio,
      pagoId: pedidos.pagoId,
      unidades: sql<number>`coalesce(sum(${pedidoLineas.cantidad}), 0)::int`,
    })
    .from(pedidos)
    .leftJoin(pedidoLineas, eq(pedidoLineas.pedidoId, pedidos.id))
    .where(estado ? eq(pedidos.estado, estado) : undefined)
    .groupBy(pedidos.id)
    .orderBy(desc(pedidos.creado), desc(pedidos.id))
    .limit(PEDIDOS.listaOperadorMaxima);
  const pagosDe = await paymentsOfOrders(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    idVenta: row.id,
    fecha: row.creado.toISOString(),
    estado: row.estado as EstadoPedido,
    cliente: [row.nombre, row.apellido].filter(Boolean).join(' '),
    correo: row.correo,
    total: toSoles(row.total),
    recojo: row.recojo,
    metodo_envio: row.metodoEnvio,
    productos: Number(row.unidades),
    ...alertaDe(row, pagosDe.get(row.id) ?? []),
  }));
}

/** Any order's detail for the operator: the customer's detail plus contact, delivery snapshot, notes, next states and receipts (their pages on `siteUrl`). */
export async function operatorOrderDetail(db: Db, pedidoId: number, siteUrl: string): Promise<DetallePedidoOperador | undefined> {
  const detalle = await orderDetail(db, pedidoId);
  const [pedido] = detalle ? await db.select().from(pedidos).where(eq(pedidos.id, pedidoId)) : [];
  if (!detalle || !pedido) return undefined;
  const notas = await db
    .select({ estado: pedidoHistorial.estado, fecha: pedidoHistorial.fecha, nota: pedidoHistorial.nota })
    .from(pedidoHistorial)
    .where(eq(pedidoHistorial.pedidoId, pedidoId))
    .orderBy(asc(pedidoHistorial.fecha), asc(pedidoHistorial.id));
  const lista = (await paymentsOfOrders(db, [pedidoId])).get(pedidoId) ?? [];
  return {
    ...detalle,
    cliente: {
      nombre: pedido.nombre,
      apellido: pedido.apellido,
      correo: pedido.correo,
      telefono: pedido.telefono,
      documento_tipo: pedido.documentoTipo,
      documento_numero: pedido.documentoNumero,
    },
    instrucciones: pedido.instrucciones,
    horario: pedido.horario,
    notas: notas.map((n) => ({ estado: n.estado as EstadoPedido, fecha: n.fecha.toISOString(), nota: n.nota })),
    siguientes: nextStates(pedido),
    ...alertaDe(pedido, lista),
    pagos: lista,
    comprobantes: await comprobantesOperador(db, await comprobantesDePedido(db, pedidoId), siteUrl),
    reembolsos: await reembolsosOperador(db, pedidoId),
  };
}

/** The order's payment flag as an optional field: absent while its payments are in order. */
function alertaDe(pedido: { estado: string; pagoId: string | null }, lista: PagoOperador[]): { alerta?: string } {
  const alerta = paymentFlag(pedido, lista);
  return alerta ? { alerta } : {};
}
