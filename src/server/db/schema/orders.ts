import { type SQL, sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CON_ACENTO, SIN_ACENTO } from './acentos.ts';
import { clientes } from './customers.ts';

export { CON_ACENTO, SIN_ACENTO };

/**
 * Orders (checkout §3): created PENDIENTE with reserved stock, line snapshots, delivery, document,
 * coupon and totals, keyed per customer by the checkout's idempotency key. Amounts are céntimos.
 */
export const pedidos = pgTable(
  'pedidos',
  {
    id: serial('id').primaryKey(),
    /** The customer's account; null once she had it deleted (Ley 29733, migration 0033): the order stays, anonymised. */
    clienteId: integer('cliente_id').references(() => clientes.id),
    /** One of ESTADOS_PEDIDO (checkout §4). */
    estado: text('estado').notNull().default('PENDIENTE'),
    claveIdempotencia: text('clave_idempotencia').notNull(),
    creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actualizado: timestamp('actualizado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** An unpaid order is cancelled and its stock released after this moment. */
    expira: timestamp('expira', { withTimezone: true, mode: 'date' }).notNull(),
    recojo: boolean('recojo').notNull(),
    metodoEnvio: text('metodo_envio').notNull(),
    direccion: text('direccion').notNull(),
    instrucciones: text('instrucciones').notNull().default(''),
    horario: text('horario').notNull().default(''),
    departamento: text('departamento'),
    provincia: text('provincia'),
    distrito: text('distrito'),
    nombre: text('nombre').notNull(),
    apellido: text('apellido').notNull().default(''),
    correo: text('correo').notNull(),
    telefono: text('telefono').notNull().default(''),
    documentoTipo: text('documento_tipo').notNull(),
    documentoNumero: text('documento_numero').notNull(),
    /** The receipt the shopper asked for: '03' boleta (by default, to the document above) or '01' factura (to the RUC below). */
    comprobanteTipo: text('comprobante_tipo').notNull().default('03'),
    facturaRuc: text('factura_ruc'),
    facturaRazonSocial: text('factura_razon_social'),
    facturaDireccion: text('factura_direccion'),
    codigoDescuento: text('codigo_descuento'),
    porcentajeDescuento: integer('porcentaje_descuento_bp').notNull().default(0),
    cuponUsuarioId: integer('cupon_usuario_id'),
    /** The shop coupon the order used (issue 37): its uses are counted from the orders that are not cancelled. */
    cuponGlobalId: integer('cupon_global_id'),
    /** What the coupon (the customer's or the shop's) took off the order, in céntimos (issue 37). */
    descuentoCupon: integer('descuento_cupon').notNull().default(0),
    subtotal: integer('subtotal').notNull(),
    descuento: integer('descuento').notNull(),
    envio: integer('envio').notNull(),
    total: integer('total').notNull(),
    /** The payment provider (Pasarela['nombre']): Mercado Pago, or the offline prueba. */
    pasarela: text('pasarela').notNull(),
    /**
     * How the shopper pays it: an id of the shared list of payment methods (src/lib/api/metodos-pago.ts).
     * No default and no CHECK of the list's ids: createOrder always writes the method, and a method added
     * through the seam needs no migration.
     */
    metodoPago: text('metodo_pago').notNull(),
    /** A redirect method's preference (Checkout Pro's); null for an in-page method. */
    preferenciaId: text('preferencia_id'),
    /** Where the shopper pays it (Mercado Pago's init_point, the prueba's page, the checkout page for an in-page method); null while its method has not finished creating it. */
    urlPago: text('url_pago'),
    pagoId: text('pago_id'),
    pagado: timestamp('pagado', { withTimezone: true, mode: 'date' }),
    fechaEntrega: timestamp('fecha_entrega', { withTimezone: true, mode: 'date' }),
    /** The courier (an id of COURIERS) and tracking number a delivery order left with (issue 25); null before EN TRANSITO. */
    courier: text('courier'),
    guia: text('guia'),
    /** What the orders desk searches (issue 36): the name, e-mail and document without accents, in lower case. */
    busqueda: text('busqueda').generatedAlwaysAs(
      (): SQL =>
        sql`lower(translate(${pedidos.nombre} || ' ' || ${pedidos.apellido} || ' ' || ${pedidos.correo} || ' ' || ${pedidos.documentoNumero}, ${sql.raw(`'${CON_ACENTO}'`)}, ${sql.raw(`'${SIN_ACENTO}'`)}))`,
    ),
  },
  (t) => [
    uniqueIndex('pedidos_idempotencia_idx').on(t.clienteId, t.claveIdempotencia),
    uniqueIndex('pedidos_preferencia_idx').on(t.preferenciaId),
    index('pedidos_cliente_idx').on(t.clienteId, t.creado),
    index('pedidos_pendientes_idx')
      .on(t.expira)
      .where(sql`${t.estado} = 'PENDIENTE'`),
    // The orders desk (issue 36): its list newest first, by state, payment method, district and total; the home's sales; the last courier.
    index('pedidos_creado_idx').on(t.creado.desc(), t.id.desc()),
    // The orders desk's search by name, e-mail or document (each word anywhere in `busqueda`) reads a trigram index (pg_trgm, decision 0228).
    index('pedidos_busqueda_trgm_idx').using('gin', t.busqueda.op('gin_trgm_ops')),
    index('pedidos_estado_creado_idx').on(t.estado, t.creado.desc(), t.id.desc()),
    index('pedidos_metodo_pago_idx').on(t.metodoPago, t.creado.desc()),
    index('pedidos_distrito_idx').on(sql`lower(translate(${t.distrito}, ${sql.raw(`'${CON_ACENTO}'`)}, ${sql.raw(`'${SIN_ACENTO}'`)}))`),
    index('pedidos_total_idx').on(t.total, t.id),
    index('pedidos_cupon_global_idx').on(t.cuponGlobalId, t.clienteId),
    index('pedidos_pagado_idx')
      .on(t.pagado)
      .where(sql`${t.pagado} IS NOT NULL`),
    index('pedidos_courier_idx')
      .on(t.actualizado.desc())
      .where(sql`${t.courier} IS NOT NULL`),
    check(
      'pedidos_comprobante_check',
      sql`${t.comprobanteTipo} = '03' OR (${t.comprobanteTipo} = '01' AND ${t.facturaRuc} IS NOT NULL AND ${t.facturaRazonSocial} IS NOT NULL AND ${t.facturaDireccion} IS NOT NULL)`,
    ),
    check('pedidos_montos_check', sql`${t.total} >= 0 AND ${t.subtotal} >= 0 AND ${t.descuento} >= 0 AND ${t.envio} >= 0`),
  ],
);
export type Pedido = typeof pedidos.$inferSelect;

/** An order's lines, snapshots of what was bought at the prices charged (céntimos per unit). */
export const pedidoLineas = pgTable(
  'pedido_lineas',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    productoId: integer('producto_id').notNull(),
    nombre: text('nombre').notNull(),
    marca: text('marca').notNull().default(''),
    img: text('img').notNull().default(''),
    color: text('color').notNull().default(''),
    tamano: text('tamano').notNull().default(''),
    cantidad: integer('cantidad').notNull(),
    precioUnitario: integer('precio_unitario').notNull(),
    precioConDescuento: integer('precio_con_descuento').notNull(),
    precioCobrado: integer('precio_cobrado').notNull(),
  },
  (t) => [index('pedido_lineas_pedido_idx').on(t.pedidoId), check('pedido_lineas_cantidad_check', sql`${t.cantidad} > 0`)],
);
export type PedidoLinea = typeof pedidoLineas.$inferSelect;

/** Every state an order went through, for its timeline. */
export const pedidoHistorial = pgTable(
  'pedido_historial',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    estado: text('estado').notNull(),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    nota: text('nota').notNull().default(''),
    /** Who took the step (issue 36): 'Cliente', 'Mercado Pago', 'Sistema', or the operator's name (operadorDe). */
    actor: text('actor').notNull().default('Sistema'),
  },
  (t) => [index('pedido_historial_pedido_idx').on(t.pedidoId)],
);

/** The staff's internal notes on an order (issue 36): never shown to the customer. */
export const pedidoNotas = pgTable(
  'pedido_notas',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id, { onDelete: 'cascade' }),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Who wrote it (operadorDe). */
    autor: text('autor').notNull(),
    texto: text('texto').notNull(),
  },
  (t) => [index('pedido_notas_pedido_idx').on(t.pedidoId, t.fecha)],
);

/** Payments the shop has applied, by the provider's payment id: each status is applied once. */
export const pagos = pgTable(
  'pagos',
  {
    id: text('id').primaryKey(),
    pedidoId: integer('pedido_id').references(() => pedidos.id),
    pasarela: text('pasarela').notNull(),
    estado: text('estado').notNull(),
    detalle: text('detalle').notNull().default(''),
    monto: integer('monto').notNull(),
    moneda: text('moneda').notNull(),
    tipo: text('tipo').notNull().default(''),
    /** Mercado Pago's fee on it (its fee_details the shop pays), céntimos; null when the provider did not say (migration 0034, decision 0223). */
    comision: integer('comision'),
    /** What Mercado Pago credits the shop for it (transaction_details.net_received_amount), céntimos; null when unknown. */
    neto: integer('neto'),
    actualizado: timestamp('actualizado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('pagos_pedido_idx').on(t.pedidoId), check('pagos_comision_check', sql`${t.comision} IS NULL OR ${t.comision} >= 0`)],
);

/** The offline test mode's own payments: what Mercado Pago's API would answer for them. */
export const pagosPrueba = pgTable('pagos_prueba', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  preferenciaId: text('preferencia_id').notNull(),
  referenciaExterna: text('referencia_externa').notNull(),
  estado: text('estado').notNull(),
  detalle: text('detalle').notNull(),
  monto: integer('monto').notNull(),
  moneda: text('moneda').notNull(),
  tipo: text('tipo').notNull(),
  /** Mercado Pago's payment_method_id: an in-page method's id of the shared list for its prueba payments (Yape's); '' for Checkout Pro's. */
  metodo: text('metodo').notNull().default(''),
  creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Each submission of a Yape payment (issue 24), by the browser's attempt id: a resend of the same
 * submission finds it and answers its outcome instead of paying twice. The phone and the approval code
 * are never stored; the payment's id and Mercado Pago's status are.
 */
export const intentosYape = pgTable(
  'intentos_yape',
  {
    id: serial('id').primaryKey(),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id),
    intento: text('intento').notNull(),
    /** en-curso (being paid now), aprobado, rechazado or fallido (the provider could not be reached: it may be sent again). */
    estado: text('estado').notNull().default('en-curso'),
    pagoId: text('pago_id'),
    detalle: text('detalle').notNull().default(''),
    creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('intentos_yape_idx').on(t.pedidoId, t.intento)],
);

/**
 * Background work kept in the database so a restart loses nothing: each job runs at or after
 * `ejecutarEn`, is claimed with SKIP LOCKED, retried with back-off and marked done.
 */
export const trabajos = pgTable(
  'trabajos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tipo: text('tipo').notNull(),
    datos: jsonb('datos').notNull().default({}),
    /** Jobs with the same key are enqueued once. */
    clave: text('clave'),
    ejecutarEn: timestamp('ejecutar_en', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    intentos: integer('intentos').notNull().default(0),
    maxIntentos: integer('max_intentos').notNull().default(8),
    bloqueadoHasta: timestamp('bloqueado_hasta', { withTimezone: true, mode: 'date' }),
    ultimoError: text('ultimo_error'),
    creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    terminado: timestamp('terminado', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('trabajos_clave_idx').on(t.clave),
    index('trabajos_pendientes_idx')
      .on(t.ejecutarEn)
      .where(sql`${t.terminado} IS NULL`),
  ],
);
export type Trabajo = typeof trabajos.$inferSelect;
