import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { comprobantes } from './comprobantes.ts';
import { pedidoLineas, pedidos } from './orders.ts';

/**
 * Returns after delivery (issue 36): some or all units of a delivered order's lines, taken back within
 * the return window, each with its partial nota de crédito and its refund. `monto` is what is refunded
 * (the lines' charged amounts, plus `envio` when the return completes the order). Céntimos.
 */
export const devoluciones = pgTable(
  'devoluciones',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id),
    motivo: text('motivo').notNull(),
    monto: integer('monto').notNull(),
    /** The delivery refunded with it (only by the return that leaves nothing of the order unreturned). */
    envio: integer('envio').notNull().default(0),
    /** Who accepted it (the operator's audit name). */
    quien: text('quien').notNull(),
    /** Its nota de crédito. */
    comprobanteId: integer('comprobante_id').references(() => comprobantes.id),
    creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('devoluciones_pedido_idx').on(t.pedidoId),
    check('devoluciones_monto_check', sql`${t.monto} >= 0 AND ${t.envio} >= 0 AND ${t.envio} <= ${t.monto}`),
  ],
);
export type Devolucion = typeof devoluciones.$inferSelect;

/** The units of one order line a return took back, and whether they went back to stock. */
export const devolucionLineas = pgTable(
  'devolucion_lineas',
  {
    id: serial('id').primaryKey(),
    devolucionId: integer('devolucion_id')
      .notNull()
      .references(() => devoluciones.id, { onDelete: 'cascade' }),
    pedidoLineaId: integer('pedido_linea_id')
      .notNull()
      .references(() => pedidoLineas.id),
    productoId: integer('producto_id').notNull(),
    color: text('color').notNull().default(''),
    tamano: text('tamano').notNull().default(''),
    cantidad: integer('cantidad').notNull(),
    revendible: boolean('revendible').notNull(),
    /** What these units were charged (the line's unit price after the order's discount, times the units). */
    monto: integer('monto').notNull(),
  },
  (t) => [
    index('devolucion_lineas_devolucion_idx').on(t.devolucionId),
    index('devolucion_lineas_linea_idx').on(t.pedidoLineaId),
    check('devolucion_lineas_cantidad_check', sql`${t.cantidad} > 0 AND ${t.monto} >= 0`),
  ],
);
export type DevolucionLinea = typeof devolucionLineas.$inferSelect;

/** pendiente: recorded, not yet confirmed by the provider (retried); aprobado: the provider took it; fallido: the provider refused it (the shop must act). */
export const ESTADOS_REEMBOLSO = ['pendiente', 'aprobado', 'fallido'] as const;
export type EstadoReembolso = (typeof ESTADOS_REEMBOLSO)[number];

/**
 * Money given back through the payment provider (issue 36): a cancelled paid order's whole payment, or a
 * return's amount. Recorded in the transaction that cancels the order or accepts the return, keyed by
 * `claveIdempotencia` (unique: one refund per cancellation or return), then asked of the provider with
 * that key, so a replay, a retry or two owners at once never refund twice.
 */
export const reembolsos = pgTable(
  'reembolsos',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id),
    devolucionId: integer('devolucion_id').references(() => devoluciones.id),
    /** The provider's payment refunded. */
    pagoId: text('pago_id').notNull(),
    pasarela: text('pasarela').notNull(),
    monto: integer('monto').notNull(),
    motivo: text('motivo').notNull(),
    estado: text('estado').$type<EstadoReembolso>().notNull().default('pendiente'),
    /** The provider's refund id, once it answered. */
    idProveedor: text('id_proveedor'),
    claveIdempotencia: text('clave_idempotencia').notNull(),
    quien: text('quien').notNull(),
    /** The provider's last word (its refusal, or why it could not be reached). */
    mensaje: text('mensaje'),
    creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actualizado: timestamp('actualizado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reembolsos_clave_idx').on(t.claveIdempotencia),
    index('reembolsos_pedido_idx').on(t.pedidoId),
    index('reembolsos_creado_idx').on(t.creado),
    check('reembolsos_monto_check', sql`${t.monto} > 0`),
    check('reembolsos_estado_check', sql`${t.estado} IN ('pendiente', 'aprobado', 'fallido')`),
  ],
);
export type Reembolso = typeof reembolsos.$inferSelect;

/** The offline test mode's refunds: what Mercado Pago would have given back, once per idempotency key. */
export const reembolsosPrueba = pgTable(
  'reembolsos_prueba',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pagoId: text('pago_id').notNull(),
    monto: integer('monto').notNull(),
    claveIdempotencia: text('clave_idempotencia').notNull(),
    creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reembolsos_prueba_clave_idx').on(t.claveIdempotencia)],
);
