import { boolean, check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { type SQL, sql } from 'drizzle-orm';
import { CON_ACENTO, SIN_ACENTO } from './orders.ts';

/** Brands (spec: Brand idMarca, nombre); `logo` feeds the home brand marquee. */
export const marcas = pgTable(
  'marcas',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    logo: text('logo'),
  },
  (t) => [uniqueIndex('marcas_nombre_lower_idx').on(sql`lower(${t.nombre})`)],
);

/** Menu lines: Cuidado, Maquillaje, Corporal, Accesorios. */
export const lineas = pgTable('lineas', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull().unique(),
  orden: integer('orden').notNull().default(0),
});

/** Categorías (spec: Category nombreCategoria), e.g. Limpieza or Serúm, each under one line. */
export const categorias = pgTable(
  'categorias',
  {
    id: serial('id').primaryKey(),
    lineaId: integer('linea_id')
      .notNull()
      .references(() => lineas.id),
    nombre: text('nombre').notNull(),
    orden: integer('orden').notNull().default(0),
  },
  (t) => [uniqueIndex('categorias_nombre_lower_idx').on(sql`lower(${t.nombre})`)],
);

/** Child categories (spec: Category child nombre), the /categoria/{child} routes. */
export const categoriasHijas = pgTable(
  'categorias_hijas',
  {
    id: serial('id').primaryKey(),
    categoriaId: integer('categoria_id')
      .notNull()
      .references(() => categorias.id),
    nombre: text('nombre').notNull(),
    orden: integer('orden').notNull().default(0),
  },
  (t) => [uniqueIndex('categorias_hijas_nombre_lower_idx').on(sql`lower(${t.nombre})`)],
);

/** Products with every field of the spec's Product entity (column names snake_case). */
export const productos = pgTable(
  'productos',
  {
    id: serial('id').primaryKey(),
    /** The shop's own product code: what a catalogue import matches rows on (null for products created without one). */
    sku: text('sku'),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    precio: numeric('precio', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    /** Percent off; takes precedence over descuentoN. */
    descuento: numeric('descuento', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    /** Fixed amount off, in soles. */
    descuentoN: numeric('descuento_n', { precision: 10, scale: 2, mode: 'number' }).notNull().default(0),
    /** Comma-separated image URLs; the first is the thumbnail. */
    img: text('img').notNull().default(''),
    imagen: text('imagen').notNull().default(''),
    imgHover: text('img_hover').notNull().default(''),
    /** Badge: Nuevo, Reestok, Preventa, Sale or empty. */
    newores: text('newores').notNull().default(''),
    etiquetalogo: text('etiquetalogo').notNull().default(''),
    marcaId: integer('marca_id')
      .notNull()
      .references(() => marcas.id),
    colores: text('colores').notNull().default(''),
    tamanos: text('tamanos').notNull().default(''),
    stock: integer('stock').notNull().default(0),
    stockTotal: integer('stock_total').notNull().default(0),
    modouso: text('modouso').notNull().default('No especificado.'),
    beneficios: text('beneficios').notNull().default('No especificado.'),
    ingredientes: text('ingredientes').notNull().default('No especificado.'),
    categoriaId: integer('categoria_id')
      .notNull()
      .references(() => categorias.id),
    childId: integer('child_id').references(() => categoriasHijas.id),
    fechaLlegada: date('fecha_llegada', { mode: 'string' }),
    sedes: text('sedes').notNull().default(''),
    tipoPiel: text('tipo_piel').notNull().default(''),
    edad: text('edad').notNull().default(''),
    inquietudPiel: text('inquietud_piel').notNull().default(''),
    esSet: boolean('es_set').notNull().default(false),
    /** False hides the product from every public call and the static build; orders keep their snapshots. */
    visible: boolean('visible').notNull().default(true),
    fechaAgregado: timestamp('fecha_agregado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When the product was archived (issue 37): hidden from the shop and the back office's lists, kept for orders and receipts. */
    archivado: timestamp('archivado', { withTimezone: true, mode: 'date' }),
    /** Each photo's alternative text by its URL (issue 37): reordering the photos of `img` keeps their texts. */
    fotosAlt: jsonb('fotos_alt').$type<Record<string, string>>().notNull().default({}),
    /** The first and last Lima calendar day the product's own discount applies (issue 37); null: no limit. */
    descuentoDesde: date('descuento_desde', { mode: 'string' }),
    descuentoHasta: date('descuento_hasta', { mode: 'string' }),
    /** How many approved reviews it has and the sum of their stars (issue 25): kept by the reviews' moderation. */
    resenasCantidad: integer('resenas_cantidad').notNull().default(0),
    resenasSuma: integer('resenas_suma').notNull().default(0),
    /** What the back office's list searches (issue 37, migration 0024): the SKU and the name without accents, in lower case. */
    busqueda: text('busqueda').generatedAlwaysAs(
      (): SQL =>
        sql`lower(translate(coalesce(${productos.sku}, '') || ' ' || ${productos.nombre}, ${sql.raw(`'${CON_ACENTO}'`)}, ${sql.raw(`'${SIN_ACENTO}'`)}))`,
    ),
  },
  (t) => [
    index('productos_marca_idx').on(t.marcaId),
    index('productos_categoria_idx').on(t.categoriaId),
    index('productos_child_idx').on(t.childId),
    index('productos_stock_idx').on(t.stock),
    // The back office's search (each word anywhere in `busqueda`) reads a trigram index (pg_trgm), not every product.
    index('productos_busqueda_trgm_idx').using('gin', t.busqueda.op('gin_trgm_ops')),
    // Its list, newest first, counts and pages the products not archived from this index alone.
    index('productos_activos_idx')
      .on(t.id.desc())
      .where(sql`${t.archivado} IS NULL`),
    uniqueIndex('productos_sku_idx').on(t.sku),
    // Checkout reserves stock with conditional updates; this is the last line of defence.
    check('productos_stock_check', sql`${t.stock} >= 0 AND ${t.stockTotal} >= 0`),
  ],
);
export type ProductoRow = typeof productos.$inferSelect;
export type NuevoProducto = typeof productos.$inferInsert;
