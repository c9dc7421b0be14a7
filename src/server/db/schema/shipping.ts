import { index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Peru's departments, provinces and districts (INEI ubigeo) with a delivery tariff per district.
 * `busqueda` holds the name uppercased without accents, for the spec's uppercased look-ups.
 */
export const departamentos = pgTable('departamentos', {
  id: serial('id').primaryKey(),
  ubigeo: text('ubigeo').notNull().unique(),
  nombre: text('nombre').notNull(),
  busqueda: text('busqueda').notNull(),
});

export const provincias = pgTable(
  'provincias',
  {
    id: serial('id').primaryKey(),
    departamentoId: integer('departamento_id')
      .notNull()
      .references(() => departamentos.id),
    ubigeo: text('ubigeo').notNull().unique(),
    nombre: text('nombre').notNull(),
    busqueda: text('busqueda').notNull(),
  },
  (t) => [index('provincias_departamento_idx').on(t.departamentoId), index('provincias_busqueda_idx').on(t.busqueda)],
);

export const distritos = pgTable(
  'distritos',
  {
    id: serial('id').primaryKey(),
    provinciaId: integer('provincia_id')
      .notNull()
      .references(() => provincias.id),
    ubigeo: text('ubigeo').notNull(),
    nombre: text('nombre').notNull(),
    busqueda: text('busqueda').notNull(),
    /** Delivery price to the district, in soles. */
    tarifa: numeric('tarifa', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('distritos_ubigeo_idx').on(t.ubigeo), index('distritos_provincia_idx').on(t.provinciaId)],
);
