import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** One product of a bulk change: the fields it changed, before and after (wire names, lote-schemas.ts). */
export interface FilaLoteGuardada {
  idProducto: number;
  antes: Record<string, unknown>;
  despues: Record<string, unknown>;
}

/**
 * The bulk changes of products the back office applied (issue 37, migration 0026): who, when, what it
 * was ('Marca Anua: descuento 10 % hasta el 31/12/2026'), and every product's fields before and after,
 * so the last one can be undone exactly. `deshecho` marks an undone batch.
 */
export const lotesProductos = pgTable(
  'lotes_productos',
  {
    id: serial('id').primaryKey(),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    operador: text('operador').notNull(),
    descripcion: text('descripcion').notNull(),
    cantidad: integer('cantidad').notNull(),
    filas: jsonb('filas').$type<FilaLoteGuardada[]>().notNull(),
    deshecho: timestamp('deshecho', { withTimezone: true, mode: 'date' }),
    deshechoPor: text('deshecho_por'),
  },
  (t) => [
    index('lotes_productos_pendiente_idx')
      .on(t.id)
      .where(sql`${t.deshecho} IS NULL`),
  ],
);
