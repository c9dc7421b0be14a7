import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { productos } from './catalogue.ts';
import { clientes } from './customers.ts';

/**
 * 'Avísame cuando llegue' (issue 25): one row per address that asked to be told when a sold-out
 * product is back. A trigger on `productos` (migration 0011) enqueues an 'aviso-stock' job when the
 * web stock goes from 0 to above 0; the job e-mails every pending row once and marks it `enviado`.
 * `baja` is the one-click unsubscribe through the unguessable `clave`. Rows are never deleted.
 */
export const avisosStock = pgTable(
  'avisos_stock',
  {
    id: serial('id').primaryKey(),
    productoId: integer('producto_id')
      .notNull()
      .references(() => productos.id),
    /** Lower-cased and trimmed. */
    correo: text('correo').notNull(),
    /** The customer account that asked when signed in; anonymous requests have none. */
    clienteId: integer('cliente_id').references(() => clientes.id),
    creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the e-mail went out (the subscription ends there). */
    enviado: timestamp('enviado', { withTimezone: true, mode: 'date' }),
    /** When the subscriber unsubscribed with the e-mail's link. */
    baja: timestamp('baja', { withTimezone: true, mode: 'date' }),
    /** 32 random hex digits: the capability of the one-click unsubscribe link. */
    clave: text('clave').notNull(),
  },
  (t) => [
    uniqueIndex('avisos_stock_clave_idx').on(t.clave),
    uniqueIndex('avisos_stock_pendiente_idx')
      .on(t.productoId, t.correo)
      .where(sql`${t.enviado} IS NULL AND ${t.baja} IS NULL`),
    index('avisos_stock_producto_idx').on(t.productoId),
  ],
);
export type AvisoStock = typeof avisosStock.$inferSelect;
