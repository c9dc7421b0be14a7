import { bigint, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row of the catalogue's two change counters, bumped by triggers, so caches and the static build
 * can tell, across processes and instances, whether what they hold is current (migrations 0001, 0013).
 */
export const catalogoEstado = pgTable('catalogo_estado', {
  id: integer('id').primaryKey(),
  /** What the static pages show: every change except a product's stock moving without selling out or coming back. */
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  /** Every change, stock included: what the API's in-memory copies of the catalogue follow. */
  versionDatos: bigint('version_datos', { mode: 'number' }).notNull().default(1),
  actualizado: timestamp('actualizado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The Lima day whose product discount dates the two versions last reflected (migration 0026, catalogue/descuentos-del-dia.ts). */
  descuentosDia: date('descuentos_dia', { mode: 'string' }),
});

/** What happened to a catalogue version's static site: being built, live, or failed with its error (migration 0028). */
export const ESTADOS_PUBLICACION = ['construyendo', 'publicada', 'fallida'] as const;

/** One row per catalogue version the site was built for (npm start's builds, Netlify's hook and deploys): the back office's publishing status. */
export const publicaciones = pgTable('publicaciones', {
  version: bigint('version', { mode: 'number' }).primaryKey(),
  estado: text('estado', { enum: ESTADOS_PUBLICACION }).notNull(),
  error: text('error'),
  iniciada: timestamp('iniciada', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  terminada: timestamp('terminada', { withTimezone: true, mode: 'date' }),
});
