import { defineCollection } from 'astro:content';
import { resenasDeProductoSchema, SNAPSHOT_PARTS, snapshot } from './build/snapshot.ts';

/** Entries keyed by their position, for lists whose order matters. */
const ordered = <T extends object>(items: T[]) => items.map((item, index) => ({ id: String(index).padStart(4, '0'), ...item }));

const productos = defineCollection({
  // Zero-padded ids keep getCollection() in numeric id order, like the API.
  loader: async () => (await snapshot()).productos.map((producto) => ({ id: String(producto.idProducto).padStart(9, '0'), ...producto })),
  schema: SNAPSHOT_PARTS.productos.schema.element,
});
const marcas = defineCollection({
  loader: async () => (await snapshot()).marcas.map((marca) => ({ id: String(marca.idMarca), ...marca })),
  schema: SNAPSHOT_PARTS.marcas.schema.element,
});
const menu = defineCollection({
  loader: async () => ordered((await snapshot()).menu),
  schema: SNAPSHOT_PARTS.menu.schema.element,
});
const mensajes = defineCollection({ loader: async () => ordered((await snapshot()).mensajes), schema: SNAPSHOT_PARTS.mensajes.schema.element });
const banners = defineCollection({ loader: async () => ordered((await snapshot()).banners), schema: SNAPSHOT_PARTS.banners.schema.element });
const popups = defineCollection({ loader: async () => ordered((await snapshot()).popups), schema: SNAPSHOT_PARTS.popups.schema.element });
const sociales = defineCollection({ loader: async () => ordered((await snapshot()).sociales), schema: SNAPSHOT_PARTS.sociales.schema.element });
/** Each product's newest approved reviews (issue 25), keyed like `productos`. */
const resenas = defineCollection({
  loader: async () => (await snapshot()).resenas.map((entry) => ({ id: String(entry.idProducto).padStart(9, '0'), ...entry })),
  schema: resenasDeProductoSchema,
});

export const collections = { productos, marcas, menu, mensajes, banners, popups, sociales, resenas };
