import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** From when to when an item runs (migration 0028); null: no limit. */
const vigencia = () => ({
  desde: timestamp('desde', { withTimezone: true, mode: 'date' }),
  hasta: timestamp('hasta', { withTimezone: true, mode: 'date' }),
});

/** Top-strip announcements (spec: Top-bar message). */
export const mensajesBarra = pgTable('mensajes_barra', {
  id: serial('id').primaryKey(),
  mensaje: text('mensaje').notNull(),
  orden: integer('orden').notNull().default(0),
  ...vigencia(),
});

/** Home carousel banners; `rutabutton` null means no 'SHOP NOW!' button. */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  imgUrl: text('img_url').notNull(),
  /** The phone's image (narrower and taller); null: the desktop image everywhere. */
  imgMovilUrl: text('img_movil_url'),
  rutabutton: text('rutabutton'),
  alt: text('alt').notNull().default(''),
  orden: integer('orden').notNull().default(0),
  ...vigencia(),
});

/** Home popups; visible = 1 means public. */
export const popups = pgTable('popups', {
  id: serial('id').primaryKey(),
  visible: integer('visible').notNull().default(0),
  imgUrl: text('img_url').notNull(),
  rutabutton: text('rutabutton'),
  alt: text('alt').notNull().default(''),
  orden: integer('orden').notNull().default(0),
  ...vigencia(),
});

/** Social block items: tipo 'image' or 'video'. */
export const sociales = pgTable('sociales', {
  id: serial('id').primaryKey(),
  tipo: text('tipo', { enum: ['image', 'video'] }).notNull(),
  url: text('url').notNull(),
  orden: integer('orden').notNull().default(0),
});

/** The shop's texts by key (static pages, locations and hours, social links): JSON, the code's copy until edited (migration 0028). */
export const textosTienda = pgTable('textos_tienda', {
  clave: text('clave').primaryKey(),
  contenido: jsonb('contenido').notNull(),
  actualizado: timestamp('actualizado', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
