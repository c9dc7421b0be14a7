import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

/** Top-strip announcements (spec: Top-bar message). */
export const mensajesBarra = pgTable('mensajes_barra', {
  id: serial('id').primaryKey(),
  mensaje: text('mensaje').notNull(),
  orden: integer('orden').notNull().default(0),
});

/** Home carousel banners; `rutabutton` null means no 'SHOP NOW!' button. */
export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  imgUrl: text('img_url').notNull(),
  rutabutton: text('rutabutton'),
  alt: text('alt').notNull().default(''),
  orden: integer('orden').notNull().default(0),
});

/** Home popups; visible = 1 means public. */
export const popups = pgTable('popups', {
  id: serial('id').primaryKey(),
  visible: integer('visible').notNull().default(0),
  imgUrl: text('img_url').notNull(),
  rutabutton: text('rutabutton'),
  alt: text('alt').notNull().default(''),
  orden: integer('orden').notNull().default(0),
});

/** Social block items: tipo 'image' or 'video'. */
export const sociales = pgTable('sociales', {
  id: serial('id').primaryKey(),
  tipo: text('tipo', { enum: ['image', 'video'] }).notNull(),
  url: text('url').notNull(),
  orden: integer('orden').notNull().default(0),
});
