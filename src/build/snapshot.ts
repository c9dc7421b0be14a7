import { z } from 'zod';
import type { ResenaPublica, ResenasPublicadas } from '../lib/api/resenas-schemas.ts';
import { bannerSchema, marcaSchema, mensajeBarraSchema, menuSchema, popupSchema, productoSchema, socialSchema } from '../lib/api/schemas.ts';
import { catalogueSource } from './catalogue-source.ts';

/** An approved review as GET /api/resenas/publicadas answers it (the type is the API's, ResenaPublica). */
const resenaPublicaSchema = z.object({
  id: z.number().int(),
  estrellas: z.number().int().min(1).max(5),
  titulo: z.string(),
  texto: z.string(),
  autor: z.string(),
  fecha: z.string(),
  foto: z.string().nullable(),
  compraVerificada: z.literal(true),
}) satisfies z.ZodType<ResenaPublica>;

/** A product's newest approved reviews, the static product page's (issue 25). */
export const resenasDeProductoSchema = z.object({ idProducto: z.number().int(), resenas: resenaPublicaSchema.array() }) satisfies z.ZodType<ResenasPublicadas['productos'][number]>;

/** Each part of the snapshot: the API path it is read from and the schema its answer must match (the content collections' too). */
export const SNAPSHOT_PARTS = {
  productos: { path: '/web/listprod', schema: productoSchema.array() },
  marcas: { path: '/web/ListMarcas', schema: marcaSchema.array() },
  menu: { path: '/web/menu', schema: menuSchema },
  mensajes: { path: '/web/navbar_superior', schema: mensajeBarraSchema.array() },
  banners: { path: '/web/baners', schema: bannerSchema.array() },
  popups: { path: '/web/popups', schema: popupSchema.array() },
  sociales: { path: '/web/sociales', schema: socialSchema.array() },
  resenas: { path: '/api/resenas/publicadas', schema: z.object({ productos: resenasDeProductoSchema.array() }).transform(({ productos }) => productos) },
};

/**
 * Parts a shop's own API may lack (PUBLIC_API_BASE pointing at an API without reviews): one whose path answers
 * 404 builds as empty, with a warning. Any other failure (a 500, an outage) and an answer of the wrong shape still fail the build.
 */
const OPTIONAL_PARTS: ReadonlySet<keyof typeof SNAPSHOT_PARTS> = new Set(['resenas']);

/** Everything the static build renders. */
export type Snapshot = { [K in keyof typeof SNAPSHOT_PARTS]: z.output<(typeof SNAPSHOT_PARTS)[K]['schema']> };

const EMPTY: Snapshot = { productos: [], marcas: [], menu: [], mensajes: [], banners: [], popups: [], sociales: [], resenas: [] };

/** Reads the snapshot once through the API contract, validating every answer. */
export async function takeSnapshot(): Promise<Snapshot> {
  // Type checks (`astro check`) only sync the collections' types: they need no data.
  if (process.env.SNAPSHOT === 'empty') return EMPTY;
  const source = await catalogueSource();
  try {
    const parts = await Promise.all(
      Object.entries(SNAPSHOT_PARTS).map(async ([name, { path, schema }]) => {
        const optional = OPTIONAL_PARTS.has(name as keyof typeof SNAPSHOT_PARTS);
        const answer = await source.get(path).catch((error: unknown) => {
          if (!optional || !(error instanceof Error && / 404 /.test(error.message))) throw error;
          console.warn(`snapshot: sin ${name} (${error instanceof Error ? error.message : String(error)})`);
          return undefined;
        });
        return [name, answer === undefined ? EMPTY[name as keyof Snapshot] : schema.parse(answer)] as const;
      }),
    );
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
