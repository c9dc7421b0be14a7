import { and, asc, eq, exists, gte, inArray, lt, not, notInArray, or } from 'drizzle-orm';
import { PEDIDOS } from '../../lib/tienda.ts';
import type { Db } from '../db/client.ts';
import { pagos, pedidos } from '../db/schema/index.ts';
import { cancelOrder } from '../orders/life.ts';
import { PAGO_EN_CURSO, PAGO_EN_EFECTIVO } from './gateway.ts';

/**
 * Cancels the orders still unpaid when their reservation ran out (`expira`, their preference's
 * expiration) through the order's life (`cancelOrder`): their stock and coupon released, their customers
 * e-mailed. An order with a payment
 * under way is kept longer: with a cash code (PagoEfectivo) until the code's own deadline, `efectivoMinutos`
 * after the order was created (the preference's date_of_expiration: Mercado Pago takes no payment after it);
 * with another payment under way (a card under review) up to `reservaHoras`. A payment approved after that
 * takes the late-approval path of `applyPayment`.
 */
export async function expireOrders(
  db: Db,
  now = new Date(),
  reservaHoras: number = PEDIDOS.reservaHoras,
  efectivoMinutos = Math.min(PEDIDOS.efectivoMinutos, reservaHoras * 60),
): Promise<number> {
  const enCurso = (efectivo: boolean) =>
    db
      .select({ id: pagos.id })
      .from(pagos)
      .where(
        and(
          eq(pagos.pedidoId, pedidos.id),
          inArray(pagos.estado, [...PAGO_EN_CURSO]),
          efectivo ? inArray(pagos.tipo, [...PAGO_EN_EFECTIVO]) : notInArray(pagos.tipo, [...PAGO_EN_EFECTIVO]),
        ),
      );
  const tope = new Date(now.getTime() - reservaHoras * 3_600_000);
  const topeEfectivo = new Date(now.getTime() - Math.min(efectivoMinutos, reservaHoras * 60) * 60_000);
  const retenido = or(
    and(exists(enCurso(false)), gte(pedidos.creado, tope)),
    and(exists(enCurso(true)), gte(pedidos.creado, topeEfectivo)),
  );
  const vencidos = await db
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(and(eq(pedidos.estado, 'PENDIENTE'), lt(pedidos.expira, now), not(retenido!)))
    .orderBy(asc(pedidos.expira))
    .limit(200);
  let count = 0;
  for (const { id } of vencidos) {
    if (
      await db.transaction((tx) =>
        cancelOrder(tx, id, 'Reserva vencida: el pedido no se pagó a tiempo y su stock se liberó.', 'reserva-vencida'),
      )
    )
      count++;
  }
  return count;
}
