import { defineCollection } from 'astro:content';
import { snapshot } from './build/snapshot.ts';
import {
  bannerSchema,
  marcaSchema,
  mensajeBarraSchema,
  menuSchema,
  popupSchema,
  productoSchema,
  socialSchema,
} from './lib/api/schemas.ts';

/** Entries keyed by their position, for lists whose order matters. */
const ordered = <T extends object>(items: T[]) => items.map((item, index) => ({ id: String(index).padStart(4, '0'), ...item }));

const productos = defineCollection({
  // Zero-padded ids keep getCollection() in numeric id order, like the API.
  loader: async () => (await snapshot()).productos.map((producto) => ({ id: String(producto.idProducto).padStart(9, '0'), ...producto })),
  schema: productoSchema,
});
const marcas = defineCollection({
  loader: async () => (await snapshot()).marcas.map((marca) => ({ id: String(marca.idMarca), ...marca })),
  schema: marcaSchema,
});
const menu = defineCollection({
  loader: async () => ordered((await snapshot()).menu),
  schema: menuSchema.element,
});
const mensajes = defineCollection({ loader: async () => ordered((await snapshot()).mensajes), schema: mensajeBarraSchema });
const banners = defineCollection({ loader: async () => ordered((await snapshot()).banners), schema: bannerSchema });
const popups = defineCollection({ loader: async () => ordered((await snapshot()).popups), schema: popupSchema });
const sociales = defineCollection({ loader: async () => ordered((await snapshot()).sociales), schema: socialSchema });

export const collections = { productos, marcas, menu, mensajes, banners, popups, sociales };
