import { type SQL, sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CON_ACENTO, SIN_ACENTO } from './acentos.ts';

/** Customers with the Client fields of checkout §3; usuario and correo unique regardless of case. */
export const clientes = pgTable(
  'clientes',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    apellido: text('apellido').notNull().default(''),
    usuario: text('usuario').notNull(),
    correo: text('correo').notNull(),
    telefono: text('telefono').notNull().default(''),
    ciudad: text('ciudad').notNull().default(''),
    direccion: text('direccion').notNull().default(''),
    dni: text('dni').notNull().default(''),
    pasaporte: text('pasaporte').notNull().default(''),
    carnetExtranjeria: text('carnet_extranjeria').notNull().default(''),
    /** argon2id hash. */
    passwordHash: text('password_hash').notNull(),
    /** Optional marketing consent (Ley 29733), never pre-ticked. */
    aceptaMarketing: boolean('acepta_marketing').notNull().default(false),
    /** Goes up with every password change; session tokens carry it and older ones stop working. */
    sesionVersion: integer('sesion_version').notNull().default(0),
    /** 32 random hex digits: the key of the one-click unsubscribe link of marketing e-mails, made when the first one is sent. */
    claveCorreos: text('clave_correos'),
    creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** What the back office's 'Clientes' searches (migration 0033): name, user, e-mail and documents without accents, in lower case. */
    busqueda: text('busqueda').generatedAlwaysAs(
      (): SQL =>
        sql`lower(translate(${clientes.nombre} || ' ' || ${clientes.apellido} || ' ' || ${clientes.usuario} || ' ' || ${clientes.correo} || ' ' || ${clientes.dni} || ' ' || ${clientes.pasaporte} || ' ' || ${clientes.carnetExtranjeria}, ${sql.raw(`'${CON_ACENTO}'`)}, ${sql.raw(`'${SIN_ACENTO}'`)}))`,
    ),
  },
  (t) => [
    uniqueIndex('clientes_usuario_lower_idx').on(sql`lower(${t.usuario})`),
    uniqueIndex('clientes_correo_lower_idx').on(sql`lower(${t.correo})`),
    uniqueIndex('clientes_clave_correos_idx').on(t.claveCorreos),
    index('clientes_creado_idx').on(t.creado.desc(), t.id.desc()),
    // The back office's 'Clientes' search (each word anywhere in `busqueda`) reads a trigram index (pg_trgm, decision 0228), not every account.
    index('clientes_busqueda_trgm_idx').using('gin', t.busqueda.op('gin_trgm_ops')),
  ],
);
export type Cliente = typeof clientes.$inferSelect;

/**
 * Password-recovery codes: stored hashed, valid 10 minutes, a few attempts; `validado` is the
 * one-time proof /validar-codigo gives /cambiar-contrasena, consumed by `usado`.
 */
export const codigosRecuperacion = pgTable(
  'codigos_recuperacion',
  {
    id: serial('id').primaryKey(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    codigoHash: text('codigo_hash').notNull(),
    expira: timestamp('expira', { withTimezone: true, mode: 'date' }).notNull(),
    intentos: integer('intentos').notNull().default(0),
    validado: timestamp('validado', { withTimezone: true, mode: 'date' }),
    usado: timestamp('usado', { withTimezone: true, mode: 'date' }),
    creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('codigos_recuperacion_cliente_idx').on(t.clienteId)],
);

/** Fixed-window request counters, kept in the database so limits hold across server instances. */
export const limitesSolicitudes = pgTable(
  'limites_solicitudes',
  {
    clave: text('clave').notNull(),
    ventana: timestamp('ventana', { withTimezone: true, mode: 'date' }).notNull(),
    cuenta: integer('cuenta').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clave, t.ventana] }), index('limites_solicitudes_ventana_idx').on(t.ventana)],
);

/** Server secrets generated once (the embedded default's JWT secret when JWT_SECRET is unset). */
export const secretos = pgTable('secretos', {
  nombre: text('nombre').primaryKey(),
  valor: text('valor').notNull(),
});

/** The data rights of Ley 29733 the back office records (acceso, rectificación, cancelación). */
export const TIPOS_SOLICITUD_DATOS = ['acceso', 'rectificacion', 'cancelacion'] as const;
export type TipoSolicitudDatos = (typeof TIPOS_SOLICITUD_DATOS)[number];

/**
 * A customer's request to see, correct or delete her data (Ley 29733; migration 0033): received on
 * `recibida` (Lima), due by `plazo` (the reglamento's working days, DERECHOS_DATOS), done at `atendida` by
 * `atendidaPor`. It outlives the account (cliente_id set null on deletion) as the shop's proof it answered;
 * `detalle` says what was done, never her data (the audit trail holds the values).
 */
export const solicitudesDatos = pgTable(
  'solicitudes_datos',
  {
    id: serial('id').primaryKey(),
    clienteId: integer('cliente_id').references(() => clientes.id, { onDelete: 'set null' }),
    tipo: text('tipo').$type<TipoSolicitudDatos>().notNull(),
    recibida: date('recibida', { mode: 'string' }).notNull(),
    plazo: date('plazo', { mode: 'string' }).notNull(),
    atendida: timestamp('atendida', { withTimezone: true, mode: 'date' }),
    atendidaPor: text('atendida_por'),
    detalle: text('detalle').notNull().default(''),
    /** Who recorded it (the operator's audit name). */
    registradaPor: text('registrada_por').notNull(),
    creada: timestamp('creada', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('solicitudes_datos_cliente_idx').on(t.clienteId, t.recibida),
    check('solicitudes_datos_tipo_check', sql`${t.tipo} IN ('acceso', 'rectificacion', 'cancelacion')`),
    check('solicitudes_datos_atendida_check', sql`(${t.atendida} IS NULL) = (${t.atendidaPor} IS NULL)`),
    check('solicitudes_datos_plazo_check', sql`${t.plazo} >= ${t.recibida}`),
  ],
);
export type SolicitudDatos = typeof solicitudesDatos.$inferSelect;
