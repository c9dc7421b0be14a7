import { defineCollection } from 'astro:content';
import { SNAPSHOT_PARTS, snapshotParts } from './site-builder/snapshot.ts';
import { contenidoPublicoSchema } from './lib/api/contenido-schemas.ts';

/** Entries keyed by their position, for lists whose order matters. */
const ordered = <T extends object>(items: T[]) => items.map((item, index) => ({ id: String(index).padStart(4, '0'), ...item }));

/** The small parts of the snapshot, read in one go. The product list and the reviews are no collections: the pages read them (site-builder/catalogue-pages.ts). */
const snapshot = () => snapshotParts(['marcas', 'menu', 'mensajes', 'banners', 'popups', 'sociales', 'contenido']);

const marcas = defineCollection({
  loader: async () => (await snapshot()).marcas.map((marca) => ({ id: String(marca.idMarca), ...marca })),
  schema: SNAPSHOT_PARTS.marcas.schema.element,
});
const menu = defineCollection({
  loader: async () => ordered((await snapshot()).menu),
  schema: SNAPSHOT_PARTS.menu.schema.element,
});
const mensajes = defineCollection({
  loader: async () => ordered((await snapshot()).mensajes),
  schema: SNAPSHOT_PARTS.mensajes.schema.element,
});
const banners = defineCollection({
  loader: async () => ordered((await snapshot()).banners),
  schema: SNAPSHOT_PARTS.banners.schema.element,
});
const popups = defineCollection({ loader: async () => ordered((await snapshot()).popups), schema: SNAPSHOT_PARTS.popups.schema.element });
const sociales = defineCollection({
  loader: async () => ordered((await snapshot()).sociales),
  schema: SNAPSHOT_PARTS.sociales.schema.element,
});
/** The editable content with its runs and the shop's texts (issue 37): one entry, none from an API without /web/contenido. */
const contenido = defineCollection({
  loader: async () => {
    const { contenido: parte } = await snapshot();
    return parte ? [{ id: 'contenido', ...parte }] : [];
  },
  schema: contenidoPublicoSchema,
});
export const collections = { marcas, menu, mensajes, banners, popups, sociales, contenido };
