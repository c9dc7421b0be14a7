import { and, count, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { MENSAJES_CUPON } from '../../lib/pricing/coupons.ts';
import { toSoles } from '../../lib/pricing/money.ts';
import type { Db, Tx } from '../db/client.ts';
import { cuponesClientes, cuponesGlobales, pedidos } from '../db/schema/index.ts';

/**
 * The shop's coupons as one customer may use them (issue 37): the same list feeds the cart
 * (GET /api/descuentos) and the checkout's pricing (quote.ts), so both judge a code identically.
 * Uses are counted from orders that are not cancelled: a cancelled order gives its use back.
 */

type CuponRow = typeof cuponesGlobales.$inferSelect;

/** A shop coupon as the API sends it (storefront §3 Global discount; assignments as id lists in text), plus issue 37's rules. */
export const globalCouponWire = (row: CuponRow) => ({
  codigo: row.codigo,
  descuento: Number(row.descuento),
  fecha_inicio: row.fechaInicio,
  fecha_fin: row.fechaFin,
  activo: row.activo,
  usado: row.usado,
  assignedProducts: row.assignedProducts,
  assignedBrands: row.assignedBrands,
  tipo: row.tipo,
  monto: toSoles(row.monto),
  minimo: toSoles(row.minimo),
});

/** A coupon for one customer: whether they used it already (one use each) and whether its uses are all taken. */
export type CuponParaCliente = ReturnType<typeof globalCouponWire> & { id: number; usadoPorTi: boolean; agotado: boolean };

/** Orders that hold a use of a coupon: every order but the cancelled ones (and, when given, but these). */
const usosDe = (cuponId: number, excluir: number[] = []) =>
  and(eq(pedidos.cuponGlobalId, cuponId), ne(pedidos.estado, 'CANCELADO'), excluir.length ? notInArray(pedidos.id, excluir) : undefined);

/**
 * The coupons customer `clienteId` may type (paused and ended ones left out, as are those reserved
 * for other customers), optionally only the one of `codigo`. `reemplazables` are the customer's orders
 * the next checkout replaces: their uses come back then, so they are not counted.
 */
export async function cuponesParaCliente(
  db: Db | Tx,
  clienteId: number,
  { codigo, reemplazables = [] }: { codigo?: string; reemplazables?: number[] } = {},
): Promise<CuponParaCliente[]> {
  const asignado = db
    .select({ uno: sql`1` })
    .from(cuponesClientes)
    .where(and(eq(cuponesClientes.cuponId, cuponesGlobales.id), eq(cuponesClientes.clienteId, clienteId)));
  const reservado = db
    .select({ uno: sql`1` })
    .from(cuponesClientes)
    .where(eq(cuponesClientes.cuponId, cuponesGlobales.id));
  const rows = await db
    .select()
    .from(cuponesGlobales)
    .where(
      and(
        eq(cuponesGlobales.activo, true),
        isNull(cuponesGlobales.terminado),
        codigo === undefined ? undefined : sql`lower(${cuponesGlobales.codigo}) = lower(${codigo.trim()})`,
        sql`(NOT EXISTS ${reservado} OR EXISTS ${asignado})`,
      ),
    )
    .orderBy(cuponesGlobales.id);
  return Promise.all(
    rows.map(async (row) => {
      const { total, tuyos } = await contarUsos(db, row, clienteId, reemplazables);
      const usadoPorTi = row.unoPorCliente && tuyos > 0;
      const agotado = row.usosMaximos !== null && total >= row.usosMaximos;
      // `usado` as a client of the spec reads it (storefront §7: the first entry activo and not usado is used):
      // also true when this customer may not use it any more; usadoPorTi and agotado say why.
      return { id: row.id, ...globalCouponWire(row), usado: row.usado || usadoPorTi || agotado, usadoPorTi, agotado };
    }),
  );
}

/** Uses of a coupon in all and by one customer (only counted when a limit asks for them). */
async function contarUsos(db: Db | Tx, row: CuponRow, clienteId: number, excluir: number[]) {
  const limitado = row.usosMaximos !== null;
  if (!limitado && !row.unoPorCliente) return { total: 0, tuyos: 0 };
  const [cuenta] = await db
    .select({
      total: count(),
      tuyos: sql<number>`count(*) filter (where ${pedidos.clienteId} = ${clienteId})`.mapWith(Number),
    })
    .from(pedidos)
    .where(usosDe(row.id, excluir));
  return { total: cuenta?.total ?? 0, tuyos: cuenta?.tuyos ?? 0 };
}

/**
 * Takes a use of a shop coupon for an order about to be written (or revived: `pedidoId`), under the
 * coupon row's lock, so concurrent checkouts from any accounts never pass its N uses together: each
 * counts the orders committed before it (READ COMMITTED re-reads after the lock). Answers the
 * refusal's Spanish message, or null when the use is taken.
 */
export async function tomarUsoCupon(tx: Tx, cuponId: number, clienteId: number, pedidoId?: number): Promise<string | null> {
  const [row] = await tx.select().from(cuponesGlobales).where(eq(cuponesGlobales.id, cuponId)).for('update');
  if (!row || !row.activo || row.terminado) return MENSAJES_CUPON.invalido;
  const { total, tuyos } = await contarUsos(tx, row, clienteId, pedidoId === undefined ? [] : [pedidoId]);
  if (row.unoPorCliente && tuyos > 0) return MENSAJES_CUPON.usado;
  if (row.usosMaximos !== null && total >= row.usosMaximos) return MENSAJES_CUPON.agotado;
  return null;
}

/** Each coupon's orders that are not cancelled and what the coupon took off them (céntimos). */
export async function usosPorCupon(db: Db, ids: number[]): Promise<Map<number, { usos: number; descontado: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: pedidos.cuponGlobalId,
      usos: count(),
      descontado: sql<number>`coalesce(sum(${pedidos.descuentoCupon}), 0)`.mapWith(Number),
    })
    .from(pedidos)
    .where(and(inArray(pedidos.cuponGlobalId, ids), ne(pedidos.estado, 'CANCELADO')))
    .groupBy(pedidos.cuponGlobalId);
  return new Map(rows.map((row) => [row.id!, { usos: row.usos, descontado: row.descontado }]));
}
