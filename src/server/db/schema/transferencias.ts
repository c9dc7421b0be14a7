import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { pedidos } from './orders.ts';

/**
 * Bank transfers confirmed by the shop's staff (issue 36): one per order, its operation number once per
 * bank, with its amount (the order's total, céntimos) and who confirmed it.
 */
export const transferencias = pgTable(
  'transferencias',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id),
    banco: text('banco').notNull().default(''),
    operacion: text('operacion').notNull(),
    monto: integer('monto').notNull(),
    confirmadoPor: text('confirmado_por').notNull(),
    confirmado: timestamp('confirmado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('transferencias_pedido_idx').on(t.pedidoId), uniqueIndex('transferencias_operacion_idx').on(t.banco, t.operacion)],
);

/**
 * The notices e-mailed to the shop (issue 36), one per kind (`tipo`: pedido-pagado, reclamo-plazo,
 * pedido-sin-enviar) and subject (an order's or a complaint's id): `enviado` once its e-mail went.
 */
export const avisosTienda = pgTable(
  'avisos_tienda',
  {
    id: serial('id').primaryKey(),
    tipo: text('tipo').notNull(),
    objetivoId: integer('objetivo_id').notNull(),
    creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    enviado: timestamp('enviado', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('avisos_tienda_idx').on(t.tipo, t.objetivoId),
    index('avisos_tienda_pendientes_idx')
      .on(t.tipo)
      .where(sql`${t.enviado} IS NULL`),
  ],
);
