import type { z } from 'zod';
import { bannerSchema, marcaSchema, mensajeBarraSchema, menuSchema, popupSchema, productoSchema, socialSchema } from '../lib/api/schemas.ts';
import { catalogueSource } from './catalogue-source.ts';

/** Each part of the snapshot: the API path it is read from and the schema its answer must match (the content collections' too). */
export const SNAPSHOT_PARTS = {
  productos: { path: '/web/listprod', schema: productoSchema.array() },
  marcas: { path: '/web/ListMarcas', schema: marcaSchema.array() },
  menu: { path: '/web/menu', schema: menuSchema },
  mensajes: { path: '/web/navbar_superior', schema: mensajeBarraSchema.array() },
  banners: { path: '/web/baners', schema: bannerSchema.array() },
  popups: { path: '/web/popups', schema: popupSchema.array() },
  sociales: { path: '/web/sociales', schema: socialSchema.array() },
};

/** Everything the static build renders. */
export type Snapshot = { [K in keyof typeof SNAPSHOT_PARTS]: z.infer<(typeof SNAPSHOT_PARTS)[K]['schema']> };

const EMPTY: Snapshot = { productos: [], marcas: [], menu: [], mensajes: [], banners: [], popups: [], sociales: [] };

/** Reads the snapshot once through the API contract, validating every answer. */
export async function takeSnapshot(): Promise<Snapshot> {
  // Type checks (`astro check`) only sync the collections' types: they need no data.
  if (process.env.SNAPSHOT === 'empty') return EMPTY;
  const source = await catalogueSource();
  try {
    const parts = await Promise.all(Object.entries(SNAPSHOT_PARTS).map(async ([name, { path, schema }]) => [name, schema.parse(await source.get(path))] as const));
    const taken = Object.fromEntries(parts) as Snapshot;
    console.log(`snapshot: ${taken.productos.length} productos y ${taken.marcas.length} marcas desde ${source.origin}`);
    return taken;
  } finally {
    await source.done();
  }
}

let pending: Promise<Snapshot> | undefined;
/** The build's one snapshot, shared by every collection loader. */
export const snapshot = () => (pending ??= takeSnapshot());
