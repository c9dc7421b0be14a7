import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { productos } from './catalogue.ts';

/**
 * Why a product's web stock moved (issue 37): a sale (checkout reserving units), a cancellation (units
 * back), a return, an import, the back office's manual change (with the person's reason), a bulk change
 * or its undo; 'sin motivo' for a change made outside these paths (migration 0022's trigger writes it).
 */
export const MOTIVOS_STOCK = ['venta', 'cancelacion', 'devolucion', 'importacion', 'manual', 'lote', 'deshacer', 'sin motivo'] as const;
export type MotivoStock = (typeof MOTIVOS_STOCK)[number];

/** Every change to a product's web stock, written by a trigger (migration 0022): who, why, from and to. */
export const movimientosStock = pgTable(
  'movimientos_stock',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productoId: integer('producto_id')
      .notNull()
      .references(() => productos.id, { onDelete: 'cascade' }),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    antes: integer('antes').notNull(),
    despues: integer('despues').notNull(),
    motivo: text('motivo').$type<MotivoStock>().notNull(),
    /** The person's name, 'cliente' for a checkout, 'sistema' for the shop's own jobs. */
    actor: text('actor').notNull(),
    /** The reason a person typed for a manual change, or what the import's file was. */
    nota: text('nota').notNull().default(''),
    pedidoId: integer('pedido_id'),
  },
  (t) => [index('movimientos_stock_producto_idx').on(t.productoId, t.id)],
);
