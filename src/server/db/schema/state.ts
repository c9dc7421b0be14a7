import { bigint, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row whose version a trigger bumps on every change to catalogue or home content, so caches and
 * the static build can tell, across processes and instances, whether what they hold is current.
 */
export const catalogoEstado = pgTable('catalogo_estado', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  actualizado: timestamp('actualizado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
