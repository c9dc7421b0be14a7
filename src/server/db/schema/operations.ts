import { customType, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Raw bytes: node-postgres reads a Buffer, PGlite a Uint8Array; both take either. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * Images (and short social videos) the operator uploaded, kept in the database so they travel with
 * it (restarts, Netlify, backups). Content-addressed: the sha256 of the bytes is the key and names
 * the public URL `/imagenes/{sha256}.{ext}`, so the same file is stored once and cached forever.
 */
export const imagenes = pgTable('imagenes', {
  sha256: text('sha256').primaryKey(),
  /** The content type read from the bytes themselves (image/jpeg, image/png…), never from the file name. */
  tipo: text('tipo').notNull(),
  datos: bytea('datos').notNull(),
  bytes: integer('bytes').notNull(),
  /** Pixel size when the format tells it (null for videos and unreadable SVGs). */
  ancho: integer('ancho'),
  alto: integer('alto'),
  /** The file name it was uploaded as, for the operator's lists. */
  nombre: text('nombre').notNull().default(''),
  creado: timestamp('creado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Every change made through the operator API: who (the name the operator's command sends), when, what.
 * Insert-only: a trigger refuses UPDATE and DELETE (migration 0031, docs/decisions/0208-auditoria-inmutable.md).
 */
export const auditoria = pgTable(
  'auditoria',
  {
    id: serial('id').primaryKey(),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    operador: text('operador').notNull(),
    /** What was done, e.g. producto.precio, importar, cupon.crear, banner.quitar. */
    accion: text('accion').notNull(),
    /** What it was done to, e.g. producto 12 (SKU-1), cupón VERANO15, banner 3. */
    objetivo: text('objetivo').notNull(),
    /** The changed fields before and after (null before a creation, after a removal). */
    antes: jsonb('antes'),
    despues: jsonb('despues'),
  },
  (t) => [
    index('auditoria_fecha_idx').on(t.fecha),
    // The product page's audit trail (issue 37): entries of 'producto 12' and 'producto 12 (SKU)' by prefix.
    index('auditoria_objetivo_idx').on(t.objetivo.op('text_pattern_ops')),
    // The owner's Auditoría screen filters by person and by action.
    index('auditoria_operador_idx').on(t.operador),
    index('auditoria_accion_idx').on(t.accion),
  ],
);
