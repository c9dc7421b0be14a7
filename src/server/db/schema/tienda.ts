import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shop's own settings as the owner saved them (migration 0029; src/server/tienda/ajustes.ts): one
 * row (id 1) whose `datos` is the whole settings object of tienda-schemas.ts. No row: the defaults.
 */
export const ajustesTienda = pgTable(
  'ajustes_tienda',
  {
    id: integer('id').primaryKey(),
    datos: jsonb('datos').$type<Record<string, unknown>>().notNull(),
    actualizado: timestamp('actualizado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actualizadoPor: text('actualizado_por').notNull(),
  },
  (t) => [check('ajustes_tienda_una_fila', sql`${t.id} = 1`)],
);
