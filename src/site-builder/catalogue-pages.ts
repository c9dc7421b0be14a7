import type { Producto } from '../lib/api/schemas.ts';
import type { ResenaPublica } from '../lib/api/resenas-schemas.ts';
import { productPagesMax } from '../server/config.ts';
import { snapshotParts } from './snapshot.ts';

/**
 * The product list and reviews as the pages render them, read once per build from the API
 * (snapshot.ts) and shared by every page's getStaticPaths. They are not content collections: Astro
 * keeps a collection in its data store, writes it to data-store.json and bundles it into the
 * pre-render code as one JSON text, so a catalogue of 30,000 products was held several times over
 * and the build's memory grew with it (issue 26).
 */
let pending: Promise<{ productos: Producto[]; resenas: ReadonlyMap<number, ResenaPublica[]> }> | undefined;
// Both read together, as one snapshot.
const catalogue = () =>
  (pending ??= snapshotParts(['productos', 'resenas']).then(({ productos, resenas }) => ({
    productos: [...productos].sort((a, b) => a.idProducto - b.idProducto),
    resenas: new Map(resenas.map((entry) => [entry.idProducto, entry.resenas])),
  })));

/** Every product, in id order (as the API lists them). */
export const catalogueProducts = async (): Promise<Producto[]> => (await catalogue()).productos;

/**
 * The products the build writes a page for: the first `productPagesMax()` in id order (LIMITES.paginasDeProducto,
 * decision 0226). The rest are listed, searched and sold like any other; their path is drawn on request.
 */
export const builtProducts = async (): Promise<Producto[]> => (await catalogueProducts()).slice(0, productPagesMax());

/** Each product's newest approved reviews, by product id. */
export const catalogueReviews = async (): Promise<ReadonlyMap<number, ResenaPublica[]>> => (await catalogue()).resenas;
