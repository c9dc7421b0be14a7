import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { EstadoPedido } from '../../lib/api/checkout-schemas.ts';
import { toCentimos } from '../../lib/pricing/money.ts';
import { TIENDA } from '../../config.ts';
import type { Db } from '../db/client.ts';
import { cuponesUsuario, pagos, pedidoHistorial, pedidoLineas, pedidos, type Pedido } from '../db/schema/index.ts';
import { enqueue } from '../jobs/queue.ts';
import { PAGO_FALLIDO, type PagoRemoto } from '../payments/gateway.ts';
import { releaseStock, reserveStock, type Tx } from './stock.ts';

/**
 * Every change of an order's state, in one place (DESIGN.md, orders): payment outcomes, expiry and
 * their stock and coupon effects and e-mails. Each runs inside a transaction with the order locked.
 */

/** Records a state (or a note on the current one) in the order's timeline. */
export async function record(tx: Tx, pedidoId: number, estado: EstadoPedido, nota = ''): Promise<void> {
  await tx.insert(pedidoHistorial).values({ pedidoId, estado, nota });
}

/** PENDIENTE → CANCELADO with its stock released; false when the order was no longer pending. */
export async function cancelOrder(tx: Tx, pedidoId: number, nota: string): Promise<boolean> {
  const cancelled = await tx
    .update(pedidos)
    .set({ estado: 'CANCELADO', actualizado: new Date() })
    .where(and(eq(pedidos.id, pedidoId), eq(pedidos.estado, 'PENDIENTE')))
    .returning({ id: pedidos.id });
  if (cancelled.length === 0) return false;
  await releaseStock(tx, pedidoId);
  await record(tx, pedidoId, 'CANCELADO', nota);
  return true;
}

/** Paid: EN PREPARACION, the customer's coupon used, the confirmation e-mail queued. */
async function markPaid(tx: Tx, pedido: Pedido, pagoId: string, nota: string): Promise<void> {
  const now = new Date();
  await tx.update(pedidos).set({ estado: 'EN PREPARACION', pagado: now, pagoId, actualizado: now }).where(eq(pedidos.id, pedido.id));
  if (pedido.cuponUsuarioId) await tx.update(cuponesUsuario).set({ usado: true }).where(eq(cuponesUsuario.id, pedido.cuponUsuarioId));
  await record(tx, pedido.id, 'EN PREPARACION', nota);
  await enqueue(tx, 'correo-confirmacion', { pedidoId: pedido.id }, { clave: `correo-confirmacion:${pedido.id}` });
}

/** Thrown inside a savepoint to undo a partial re-reservation. */
class SinStock extends Error {}

/** What applying a payment did. */
export type Aplicacion = 'aprobado' | 'cancelado' | 'pendiente' | 'repetido' | 'sin-stock' | 'no-coincide' | 'sin-pedido' | 'sin-cambio';

/**
 * Applies a payment as the provider reports it, once per payment id and status: only when its
 * external_reference names an order, it is in PEN and its amount is the order's total. Approved →
 * paid (an order already cancelled by expiry is revived when its stock is still there); rejected or
 * cancelled → CANCELADO with the stock released and the coupon untouched; pending → stays PENDIENTE.
 */
export async function applyPayment(db: Db, pago: PagoRemoto, pasarela: string): Promise<Aplicacion> {
  const pedidoId = /^\d{1,9}$/.test(pago.external_reference ?? '') ? Number(pago.external_reference) : 0;
  return db.transaction(async (tx) => {
    const [pedido] = pedidoId ? await tx.select().from(pedidos).where(eq(pedidos.id, pedidoId)).for('update') : [];
    if (!pedido) {
      console.error(`Pago ${pago.id}: su referencia externa "${pago.external_reference}" no es un pedido de la tienda.`);
      return 'sin-pedido';
    }
    const monto = toCentimos(pago.transaction_amount);
    const coincide = pago.currency_id === TIENDA.moneda && monto === pedido.total;
    const estado = coincide ? pago.status : `no-coincide:${pago.status}`;
    const changed = await tx
      .insert(pagos)
      .values({ id: pago.id, pedidoId, pasarela, estado, detalle: pago.status_detail, monto, moneda: pago.currency_id, tipo: pago.payment_type_id })
      .onConflictDoUpdate({ target: pagos.id, set: { estado, detalle: pago.status_detail, actualizado: new Date() }, setWhere: sql`${pagos.estado} <> excluded.estado` })
      .returning({ id: pagos.id });
    if (changed.length === 0) return 'repetido';
    if (!coincide) {
      const nota = `Pago ${pago.id} rechazado por la tienda: ${pago.transaction_amount} ${pago.currency_id} no es el total del pedido.`;
      console.error(`Pedido ${pedidoId}: ${nota}`);
      await record(tx, pedidoId, pedido.estado as EstadoPedido, nota);
      return 'no-coincide';
    }
    if (pago.status === 'approved') return approve(tx, pedido, pago.id);
    if (PAGO_FALLIDO.has(pago.status)) {
      return (await cancelOrder(tx, pedidoId, `Pago ${pago.id} rechazado (${pago.status_detail || pago.status}).`)) ? 'cancelado' : 'sin-cambio';
    }
    return pago.status === 'pending' || pago.status === 'in_process' ? 'pendiente' : 'sin-cambio';
  });
}

async function approve(tx: Tx, pedido: Pedido, pagoId: string): Promise<Aplicacion> {
  if (pedido.estado === 'PENDIENTE') {
    await markPaid(tx, pedido, pagoId, `Pago ${pagoId} aprobado.`);
    return 'aprobado';
  }
  if (pedido.estado !== 'CANCELADO') return 'sin-cambio';
  const lineas = await tx.select({ productoId: pedidoLineas.productoId, cantidad: pedidoLineas.cantidad }).from(pedidoLineas).where(eq(pedidoLineas.pedidoId, pedido.id));
  try {
    await tx.transaction(async (savepoint) => {
      if (await reserveStock(savepoint, lineas)) throw new SinStock();
    });
  } catch (error) {
    if (!(error instanceof SinStock)) throw error;
    const nota = `Pago ${pagoId} aprobado después de cancelado el pedido y ya no hay stock: hay que devolver el pago.`;
    console.error(`Pedido ${pedido.id}: ${nota}`);
    await record(tx, pedido.id, 'CANCELADO', nota);
    return 'sin-stock';
  }
  await markPaid(tx, pedido, pagoId, `Pago ${pagoId} aprobado después de cancelado el pedido; el stock se volvió a reservar.`);
  return 'aprobado';
}

/** Cancels the orders still unpaid when their reservation ran out, releasing their stock. */
export async function expireOrders(db: Db, now = new Date()): Promise<number> {
  const vencidos = await db
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(and(eq(pedidos.estado, 'PENDIENTE'), lt(pedidos.expira, now)))
    .orderBy(asc(pedidos.expira))
    .limit(200);
  let count = 0;
  for (const { id } of vencidos) {
    if (await db.transaction((tx) => cancelOrder(tx, id, 'Reserva vencida: el pedido no se pagó a tiempo y su stock se liberó.'))) count++;
  }
  return count;
}
