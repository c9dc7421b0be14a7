import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { pedidos } from './orders.ts';

/** SUNAT's document types the shop issues: factura, boleta de venta, nota de crédito. */
export const TIPOS_COMPROBANTE = ['01', '03', '07'] as const;
export type TipoComprobante = (typeof TIPOS_COMPROBANTE)[number];

/**
 * pendiente: numbered, not yet accepted (or returned by the provider before SUNAT saw it: `porCorregir`);
 * aceptado: SUNAT (through the provider) accepted it, perhaps with observations (codes 4000+);
 * rechazado: SUNAT rejected it (codes 2000–3999): its number is used for good and a new receipt replaces it.
 */
export const ESTADOS_COMPROBANTE = ['pendiente', 'aceptado', 'rechazado'] as const;
export type EstadoComprobante = (typeof ESTADOS_COMPROBANTE)[number];

/** The buyer as the receipt names them: SUNAT's document type code (1 DNI, 4 carné de extranjería, 6 RUC, 7 pasaporte). */
export interface ClienteComprobante {
  tipoDocumento: '1' | '4' | '6' | '7';
  numeroDocumento: string;
  denominacion: string;
  direccion: string;
  correo: string;
}

/**
 * One line of a receipt, in céntimos: `precioUnitario` is one unit with IGV before the line's discount;
 * `valorBruto` the line without IGV before it; `descuento` the line's discount without IGV (SUNAT's
 * code 00, it lowers the taxable base); `valor` the taxable base after it, `igv` its tax, `total` = valor + igv.
 */
export interface ItemComprobante {
  codigo: string;
  descripcion: string;
  /** NIU (units of a good) or ZZ (a service: the delivery). */
  unidad: 'NIU' | 'ZZ';
  cantidad: number;
  precioUnitario: number;
  valorBruto: number;
  descuento: number;
  valor: number;
  igv: number;
  total: number;
}

/**
 * Electronic receipts (issue 23): the boleta (03) or factura (01) of each paid order and the nota de
 * crédito (07) of a paid order cancelled, numbered per series in the transaction that recorded the
 * payment (or the cancellation) and issued through the provider by a job. Amounts are céntimos,
 * derived from the order's stored snapshot, never re-priced.
 */
export const comprobantes = pgTable(
  'comprobantes',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id),
    tipo: text('tipo').$type<TipoComprobante>().notNull(),
    serie: text('serie').notNull(),
    correlativo: integer('correlativo').notNull(),
    /** Fecha de emisión: when it was numbered. */
    emitido: timestamp('emitido', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A credit note's receipt, and why (SUNAT's catalogue 09 code and the words). */
    modificaId: integer('modifica_id').references((): AnyPgColumn => comprobantes.id),
    motivo: text('motivo'),
    /** A credit note's SUNAT catálogo 09 code (issue 36): 01 anulación de la operación (null on notes from before), 07 devolución por ítem, 06 devolución total. */
    motivoCodigo: text('motivo_codigo'),
    cliente: jsonb('cliente').$type<ClienteComprobante>().notNull(),
    items: jsonb('items').$type<ItemComprobante[]>().notNull(),
    gravada: integer('gravada').notNull(),
    igv: integer('igv').notNull(),
    descuentos: integer('descuentos').notNull(),
    total: integer('total').notNull(),
    /** Who issues it: 'nubefact' (the OSE/PSE) or 'prueba' (the offline test mode, no tax validity). */
    proveedor: text('proveedor').notNull(),
    estado: text('estado').$type<EstadoComprobante>().notNull().default('pendiente'),
    /** SUNAT's (or the provider's) last word on it: its acceptance, its rejection, or the last failure. */
    mensaje: text('mensaje'),
    codigoSunat: text('codigo_sunat'),
    enlacePdf: text('enlace_pdf'),
    enlaceXml: text('enlace_xml'),
    enlaceCdr: text('enlace_cdr'),
    /** The unguessable key of its printable page (/api/comprobantes/{clave}), sent to the buyer. */
    clave: text('clave').notNull(),
    /** The rejected receipt this one replaces (issue 34): same type, same series, the next number. */
    reemplazaId: integer('reemplaza_id').references((): AnyPgColumn => comprobantes.id),
    /** SUNAT's observations (codes 4000+) of an accepted receipt: it is valid; they are kept for the operator. */
    observaciones: text('observaciones'),
    /** The provider refused it before sending it to SUNAT (its own validation): its number is still free, it waits for the operator to correct and resend it. */
    porCorregir: boolean('por_corregir').notNull().default(false),
    /** The buyer as the operator corrected them for the replacement of this rejected receipt (the rejected record keeps what was sent). */
    clienteCorregido: jsonb('cliente_corregido').$type<ClienteComprobante>(),
    /** The company that issued it, as the shop's settings named it when it was numbered (migration 0029); null before then: the code's. */
    emisor: jsonb('emisor').$type<{ ruc: string; razonSocial: string; direccion: string }>(),
    actualizado: timestamp('actualizado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comprobantes_numero_idx').on(t.serie, t.correlativo),
    uniqueIndex('comprobantes_clave_idx').on(t.clave),
    // One sale receipt and at most one annulment credit note per order (returns' partial notes are one per return), besides those SUNAT rejected (their numbers stay on record).
    uniqueIndex('comprobantes_venta_idx')
      .on(t.pedidoId)
      .where(sql`${t.tipo} IN ('01', '03') AND ${t.estado} <> 'rechazado'`),
    uniqueIndex('comprobantes_nota_idx')
      .on(t.pedidoId)
      .where(sql`${t.tipo} = '07' AND ${t.estado} <> 'rechazado' AND (${t.motivoCodigo} IS NULL OR ${t.motivoCodigo} = '01')`),
    // A rejected receipt is replaced once.
    uniqueIndex('comprobantes_reemplaza_idx')
      .on(t.reemplazaId)
      .where(sql`${t.reemplazaId} IS NOT NULL`),
    index('comprobantes_estado_idx').on(t.estado, t.emitido),
    index('comprobantes_emision_dia_idx').on(t.emitido),
    check('comprobantes_tipo_check', sql`${t.tipo} IN ('01', '03', '07')`),
    check('comprobantes_estado_check', sql`${t.estado} IN ('pendiente', 'aceptado', 'rechazado')`),
    check('comprobantes_nota_check', sql`(${t.tipo} = '07') = (${t.modificaId} IS NOT NULL)`),
    check('comprobantes_correlativo_check', sql`${t.correlativo} > 0`),
  ],
);
export type Comprobante = typeof comprobantes.$inferSelect;

/** The last correlative given in each series: one row per series, locked by the transaction that draws the next. */
export const comprobantesSeries = pgTable('comprobantes_series', {
  serie: text('serie').primaryKey(),
  ultimo: integer('ultimo').notNull(),
});
