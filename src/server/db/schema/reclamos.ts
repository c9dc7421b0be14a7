import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { clientes } from './customers.ts';

/**
 * The virtual Libro de Reclamaciones (issue 23): one row per hoja de reclamación, with the fields of
 * the reglamento's annex, never deleted (kept for INDECOPI). Its number is (anio, correlativo), the
 * correlative drawn from `reclamos_correlativos` in the filing's own transaction. Amounts are céntimos.
 */
export const reclamos = pgTable(
  'reclamos',
  {
    id: serial('id').primaryKey(),
    /** The filing's year in Lima, and its correlative within that year (LR-{anio}-{correlativo}). */
    anio: integer('anio').notNull(),
    correlativo: integer('correlativo').notNull(),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull(),
    /** The customer account that filed it when signed in; anonymous filings have none. */
    clienteId: integer('cliente_id').references(() => clientes.id),
    /** The provider as the sheet named it when filed (razonSocial, ruc, direccion). */
    proveedor: jsonb('proveedor').notNull(),
    /** 'reclamo' (the product or service) or 'queja' (the attention). */
    tipo: text('tipo').notNull(),
    nombre: text('nombre').notNull(),
    documentoTipo: text('documento_tipo').notNull(),
    documentoNumero: text('documento_numero').notNull(),
    direccion: text('direccion').notNull(),
    telefono: text('telefono'),
    correo: text('correo').notNull(),
    menorDeEdad: boolean('menor_de_edad').notNull(),
    /** The parent or guardian of a minor (nombre, documentoTipo, documentoNumero). */
    apoderado: jsonb('apoderado'),
    /** 'producto' or 'servicio', what it was, and the order number the consumer gave (not checked: anyone may file). */
    bienTipo: text('bien_tipo').notNull(),
    bienDescripcion: text('bien_descripcion').notNull(),
    pedido: integer('pedido'),
    monto: integer('monto'),
    detalle: text('detalle').notNull(),
    pedidoConsumidor: text('pedido_consumidor').notNull(),
    /** The last day to answer (Lima), RECLAMOS.plazoDiasHabiles working days after filing. */
    plazo: date('plazo', { mode: 'string' }).notNull(),
    respuesta: text('respuesta'),
    respondido: timestamp('respondido', { withTimezone: true, mode: 'date' }),
    /** The operator who answered (X-Operador). */
    respondidoPor: text('respondido_por'),
  },
  (t) => [
    uniqueIndex('reclamos_numero_idx').on(t.anio, t.correlativo),
    index('reclamos_plazo_idx').on(t.plazo),
    check('reclamos_tipo_check', sql`${t.tipo} IN ('reclamo', 'queja')`),
    check('reclamos_respuesta_check', sql`(${t.respuesta} IS NULL) = (${t.respondido} IS NULL)`),
  ],
);
export type Reclamo = typeof reclamos.$inferSelect;

/** The last correlative given in each year: one row per year, locked by the filing that draws the next. */
export const reclamosCorrelativos = pgTable('reclamos_correlativos', {
  anio: integer('anio').primaryKey(),
  ultimo: integer('ultimo').notNull(),
});
