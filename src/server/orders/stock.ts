import { and, eq, ne, notExists, sql, sum } from 'drizzle-orm';
import { motivoStock } from '../catalogue/movimientos.ts';
import type { Tx } from '../db/client.ts';
import { cuponesUsuario, pedidoLineas, pedidos, productos } from '../db/schema/index.ts';

export interface Reserva {
  productoId: number;
  cantidad: number;
}

/** What a reservation found: a product with too few units, or (`reservables`) whose unpaid orders would hold more than their share. */
export interface Faltante {
  productoId: number;
  quedan: number;
  /** Set when the units are there but unpaid orders hold their share: how many this order could still take. */
  reservables?: number;
}

/**
 * The most units of a product all unpaid orders together may hold: `porcentaje` of its units for sale
 * (in stock plus held unpaid), rounded up, at least 1.
 */
export const topeSinPagar = (paraVenta: number, porcentaje: number) => Math.max(1, Math.ceil((paraVenta * porcentaje) / 100));

/**
 * Takes the units out of stock with one conditional update per product (never below 0), in product
 * order so concurrent checkouts lock rows in the same order. With `porcentajeSinPagar` (a checkout: the
 * order will wait for its payment) the product's row is locked first and the units all unpaid orders hold
 * are counted under that lock, so concurrent checkouts from any accounts never pass the share together.
 * Returns the first product that had too few units or no share left (the caller rolls the transaction
 * back), or null when everything was reserved.
 */
export async function reserveStock(tx: Tx, reservas: Reserva[], porcentajeSinPagar?: number): Promise<Faltante | null> {
  for (const { productoId, cantidad } of merge(reservas)) {
    if (porcentajeSinPagar !== undefined && porcentajeSinPagar < 100) {
      const [row] = await tx.select({ stock: productos.stock }).from(productos).where(eq(productos.id, productoId)).for('update');
      const quedan = row?.stock ?? 0;
      if (quedan < cantidad) return { productoId, quedan };
      const retenidas = await unpaidUnitsOf(tx, productoId);
      const tope = topeSinPagar(quedan + retenidas, porcentajeSinPagar);
      if (retenidas + cantidad > tope) return { productoId, quedan, reservables: Math.max(0, tope - retenidas) };
    }
    const updated = await tx
      .update(productos)
      .set({ stock: sql`${productos.stock} - ${cantidad}`, stockTotal: sql`greatest(${productos.stockTotal} - ${cantidad}, 0)` })
      .where(sql`${productos.id} = ${productoId} AND ${productos.stock} >= ${cantidad}`)
      .returning({ id: productos.id });
    if (updated.length === 0) {
      const [row] = await tx.select({ stock: productos.stock }).from(productos).where(eq(productos.id, productoId));
      return { productoId, quedan: row?.stock ?? 0 };
    }
  }
  return null;
}

/** Units of a product in orders still awaiting payment, whoever's. */
async function unpaidUnitsOf(tx: Tx, productoId: number): Promise<number> {
  const [row] = await tx
    .select({ unidades: sum(pedidoLineas.cantidad) })
    .from(pedidoLineas)
    .innerJoin(pedidos, eq(pedidoLineas.pedidoId, pedidos.id))
    .where(and(eq(pedidos.estado, 'PENDIENTE'), eq(pedidoLineas.productoId, productoId)));
  return Number(row?.unidades ?? 0);
}

/**
 * Puts an order's units back in stock (a product removed from the catalogue meanwhile is skipped),
 * recorded in the stock history as a 'cancelacion' of the order by `actor`.
 */
export async function releaseStock(tx: Tx, pedidoId: number, actor: string): Promise<void> {
  await motivoStock(tx, { motivo: 'cancelacion', actor, pedidoId });
  const lineas = await tx
    .select({ productoId: pedidoLineas.productoId, cantidad: pedidoLineas.cantidad })
    .from(pedidoLineas)
    .where(eq(pedidoLineas.pedidoId, pedidoId));
  for (const { productoId, cantidad } of merge(lineas)) {
    await tx
      .update(productos)
      .set({ stock: sql`${productos.stock} + ${cantidad}`, stockTotal: sql`${productos.stockTotal} + ${cantidad}` })
      .where(eq(productos.id, productoId));
  }
}

/**
 * Takes the customer's one-use coupon for an order with a conditional update (only while unused), so
 * two orders never hold it together; false when it was already taken.
 */
export async function claimCoupon(tx: Tx, cuponUsuarioId: number): Promise<boolean> {
  const claimed = await tx
    .update(cuponesUsuario)
    .set({ usado: true })
    .where(and(eq(cuponesUsuario.id, cuponUsuarioId), eq(cuponesUsuario.usado, false)))
    .returning({ id: cuponesUsuario.id });
  return claimed.length > 0;
}

/** Gives a cancelled order's coupon back, unless another order that is not cancelled holds it. */
export async function releaseCoupon(tx: Tx, pedido: { id: number; cuponUsuarioId: number | null }): Promise<void> {
  if (!pedido.cuponUsuarioId) return;
  const otro = tx
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(and(eq(pedidos.cuponUsuarioId, pedido.cuponUsuarioId), ne(pedidos.id, pedido.id), ne(pedidos.estado, 'CANCELADO')));
  await tx
    .update(cuponesUsuario)
    .set({ usado: false })
    .where(and(eq(cuponesUsuario.id, pedido.cuponUsuarioId), notExists(otro)));
}

/** One entry per product, in product order. */
function merge(reservas: Reserva[]): Reserva[] {
  const totals = new Map<number, number>();
  for (const { productoId, cantidad } of reservas) totals.set(productoId, (totals.get(productoId) ?? 0) + cantidad);
  return [...totals].sort(([a], [b]) => a - b).map(([productoId, cantidad]) => ({ productoId, cantidad }));
}
