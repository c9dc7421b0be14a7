import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { productos } from './catalogue.ts';
import { clientes } from './customers.ts';
import { pedidos } from './orders.ts';

/**
 * Reviews only buyers can write (issue 25): one per (product, customer), by a customer whose order
 * with the product was ENTREGADO (`pedidoId`, the proof of purchase). Each waits for the operator
 * (PENDIENTE → APROBADA or RECHAZADA; APROBADA ⇄ OCULTA, migration 0032); moderating one recomputes the product's `resenas_cantidad` and
 * `resenas_suma` from its APROBADA rows, which moves the catalogue version (migration 0001) and so
 * brings the review to the static page at the next rebuild.
 */
export const resenas = pgTable(
  'resenas',
  {
    id: serial('id').primaryKey(),
    productoId: integer('producto_id')
      .notNull()
      .references(() => productos.id),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => clientes.id, { onDelete: 'cascade' }),
    pedidoId: integer('pedido_id')
      .notNull()
      .references(() => pedidos.id),
    estrellas: smallint('estrellas').notNull(),
    titulo: text('titulo').notNull(),
    texto: text('texto').notNull(),
    /** The photo's larger view (`/imagenes/resenas/{clave}.webp`, its copies in resena_fotos; before issue 34 an image store URL), or null. */
    foto: text('foto'),
    /** The buyer's first name and last initial ('María G.'), fixed when the review is written. */
    autor: text('autor').notNull(),
    /** PENDIENTE, APROBADA, RECHAZADA or OCULTA (published, then hidden by the operator). */
    estado: text('estado').notNull().default('PENDIENTE'),
    /** Why it was rejected or hidden (the buyer's e-mail names a rejection's), or null. */
    motivo: text('motivo'),
    creada: timestamp('creada', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the operator last moderated it (an approved review's public date). */
    moderada: timestamp('moderada', { withTimezone: true, mode: 'date' }),
    operador: text('operador'),
  },
  (t) => [
    uniqueIndex('resenas_producto_cliente_idx').on(t.productoId, t.clienteId),
    index('resenas_publicadas_idx').on(t.productoId, t.estado, t.moderada.desc()),
    index('resenas_estado_idx').on(t.estado, t.creada),
    check('resenas_estrellas_check', sql`${t.estrellas} BETWEEN 1 AND 5`),
    check('resenas_estado_check', sql`${t.estado} IN ('PENDIENTE', 'APROBADA', 'RECHAZADA', 'OCULTA')`),
  ],
);
export type Resena = typeof resenas.$inferSelect;

/** Raw bytes: node-postgres reads a Buffer, PGlite a Uint8Array; both take either. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * A review's photo (issue 34), re-encoded on upload without its metadata: WebP copies at the sizes the
 * product page shows, served at `/imagenes/resenas/{clave}…` only while the review is APROBADA and
 * deleted with its rejection. Not in the content-addressed image store: two buyers' identical photos
 * are two rows, so deleting one never takes the other's.
 */
export const resenaFotos = pgTable('resena_fotos', {
  resenaId: integer('resena_id')
    .primaryKey()
    .references(() => resenas.id, { onDelete: 'cascade' }),
  /** 128 random bits (base64url): the photo's URLs, unguessable while it waits for approval. */
  clave: text('clave').notNull().unique(),
  /** The larger view (longest side RESENAS.fotoGrande at most) and its pixel size. */
  grande: bytea('grande').notNull(),
  ancho: integer('ancho').notNull(),
  alto: integer('alto').notNull(),
  /** The list's square thumbnail at 1x and 2x. */
  miniatura: bytea('miniatura').notNull(),
  miniatura2x: bytea('miniatura_2x').notNull(),
});
export type ResenaFoto = typeof resenaFotos.$inferSelect;
