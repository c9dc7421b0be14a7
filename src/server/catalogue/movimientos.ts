import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { movimientosStock, type MotivoStock } from '../db/schema/index.ts';

/** Why and by whom the stock changes of the current transaction are made (see migration 0022). */
export interface MotivoDeStock {
  motivo: MotivoStock;
  /** The person's name (operadorDe), 'cliente' for a checkout, 'sistema' for the shop's jobs. */
  actor: string;
  /** A manual change's typed reason, an import's file name; at most 300 characters are kept. */
  nota?: string;
  pedidoId?: number | null;
}

/**
 * Tells migration 0022's trigger why the stock changes that follow in this transaction happen: call it
 * inside `db.transaction` before the UPDATE of `productos.stock` (the settings end with the transaction,
 * so a pooled connection never carries them to someone else's change). Calling it again replaces them.
 */
export async function motivoStock(tx: Tx | Db, { motivo, actor, nota = '', pedidoId }: MotivoDeStock): Promise<void> {
  await tx.execute(
    sql`select set_config('kb.stock_motivo', ${motivo}, true), set_config('kb.stock_actor', ${actor.slice(0, 200)}, true),
        set_config('kb.stock_nota', ${nota.slice(0, 300)}, true), set_config('kb.stock_pedido', ${pedidoId == null ? '' : String(pedidoId)}, true)`,
  );
}

/** A product's stock history, newest first. */
export async function historialStock(db: Db, productoId: number, limite = 50, antesDeId?: number) {
  return db
    .select()
    .from(movimientosStock)
    .where(
      antesDeId === undefined
        ? eq(movimientosStock.productoId, productoId)
        : sql`${movimientosStock.productoId} = ${productoId} AND ${movimientosStock.id} < ${antesDeId}`,
    )
    .orderBy(desc(movimientosStock.id))
    .limit(limite);
}
