import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
 * id lists; empty means the coupon applies to any eligible product. Issue 37 (migration 0027): a fixed
 * amount (`tipo` 'monto', `monto` céntimos) besides a percent, a minimum order (`minimo` céntimos of
 * products), N uses in all (`usosMaximos`, null: no limit), one use per customer, the customers it is
 * reserved for (cupones_clientes), and `terminado`: ended for good (a pause is `activo` = false).
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
    tipo: text('tipo').$type<'porcentaje' | 'monto'>().notNull().default('porcentaje'),
    monto: integer('monto').notNull().default(0),
    minimo: integer('minimo').notNull().default(0),
    usosMaximos: integer('usos_maximos'),
    unoPorCliente: boolean('uno_por_cliente').notNull().default(false),
    terminado: timestamp('terminado', { withTimezone: true, mode: 'date' }),
    creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cupones_globales_codigo_idx').on(sql`lower(${t.codigo})`),
    check('cupones_globales_tipo_check', sql`${t.tipo} IN ('porcentaje', 'monto')`),
  ],
);

/** The customers a shop coupon is reserved for (issue 37); a coupon with none is for anyone. */
export const cuponesClientes = pgTable(
  'cupones_clientes',
  {
    cuponId: integer('cupon_id')
      .notNull()
      .references(() => cuponesGlobales.id, { onDelete: 'cascade' }),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'cupones_clientes_pk', columns: [t.cuponId, t.clienteId] }),
    index('cupones_clientes_cliente_idx').on(t.clienteId),
  ],
);
