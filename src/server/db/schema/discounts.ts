import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientes } from './customers.ts';

/** One-use coupons of a customer (spec: User discount code, porcentaje, usado). */
export const cuponesUsuario = pgTable(
  'cupones_usuario',
  {
    id: serial('id').primaryKey(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    porcentaje: numeric('porcentaje', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    usado: boolean('usado').notNull().default(false),
    creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('cupones_usuario_cliente_idx').on(t.clienteId), uniqueIndex('cupones_usuario_code_idx').on(sql`lower(${t.code})`)],
);

/**
 * Shop-wide coupons (spec: Global discount). assigned_products / assigned_brands are comma-separated
 * id lists; empty means the coupon applies to any eligible product.
 */
export const cuponesGlobales = pgTable(
  'cupones_globales',
  {
    id: serial('id').primaryKey(),
    codigo: text('codigo').notNull(),
    descuento: numeric('descuento', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    fechaInicio: date('fecha_inicio', { mode: 'string' }).notNull(),
    fechaFin: date('fecha_fin', { mode: 'string' }).notNull(),
    activo: boolean('activo').notNull().default(true),
    usado: boolean('usado').notNull().default(false),
    assignedProducts: text('assigned_products').notNull().default(''),
    assignedBrands: text('assigned_brands').notNull().default(''),
  },
  (t) => [uniqueIndex('cupones_globales_codigo_idx').on(sql`lower(${t.codigo})`)],
);
