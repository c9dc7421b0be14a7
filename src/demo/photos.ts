import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '../server/db/client.ts';
import { productos } from '../server/db/schema/index.ts';
import { storeImage } from '../server/images/store.ts';
import { demoAssets } from './assets.ts';
import { productImagePath } from './catalogue.ts';
import { DEMO_PRODUCTS } from './data/index.ts';

/**
 * Real photos in the demo shop: the artwork of the first `DEMO_FOTOS` demo products is rendered to
 * JPEG (1200 px, quality 85, as a supplier's photo would come), kept in the image store, and those products
 * point to it instead of the SVG. So the responsive pipeline (AVIF and WebP copies with srcset,
 * site-builder/photos.ts) is exercised by the tests, the build and Lighthouse, not only SVG. The
 * synthetic catalogue reuses the demo artwork, so its copies of those products get the photos too.
 */
export const DEMO_FOTOS = 8;

let rendered: Promise<{ path: string; jpeg: Buffer }[]> | undefined;

/**
 * The JPEGs, rendered once per process and kept in the system's temporary folder under the hash of
 * their artwork (every database the tests open is seeded with them; rendering takes seconds).
 */
function renderPhotos(): Promise<{ path: string; jpeg: Buffer }[]> {
  rendered ??= (async () => {
    const svgs = new Map(demoAssets().map((asset) => [asset.path, asset.svg]));
    const paths = DEMO_PRODUCTS.slice(0, DEMO_FOTOS).flatMap((product) => [
      productImagePath(product.nombre, 1),
      productImagePath(product.nombre, 2),
    ]);
    const dir = join(tmpdir(), 'kbeauty-fotos-demo');
    await mkdir(dir, { recursive: true });
    return Promise.all(
      paths.map(async (path) => {
        const svg = svgs.get(path)!();
        const cached = join(dir, `${createHash('sha256').update(`${PHOTO_SIZE}:${svg}`).digest('hex')}.jpg`);
        try {
          return { path, jpeg: await readFile(cached) };
        } catch {
          const jpeg = await sharp(Buffer.from(svg)).resize(PHOTO_SIZE, PHOTO_SIZE).jpeg({ quality: 85 }).toBuffer();
          const tmp = `${cached}.${process.pid}.tmp`;
          await writeFile(tmp, jpeg);
          await rename(tmp, cached);
          return { path, jpeg };
        }
      }),
    );
  })();
  return rendered;
}

/** Pixels of a side: a product photo as a shop's camera or supplier gives it. */
const PHOTO_SIZE = 1200;

/** Stores the demo photos and points the products that use their artwork at them. */
export async function seedDemoPhotos(db: Db): Promise<void> {
  for (const { path, jpeg } of await renderPhotos()) {
    const { url } = await storeImage(
      db,
      jpeg,
      path
        .split('/')
        .pop()!
        .replace(/\.svg$/, '.jpg'),
    );
    await db
      .update(productos)
      .set({
        img: sql`replace(${productos.img}, ${path}, ${url})`,
        imagen: sql`replace(${productos.imagen}, ${path}, ${url})`,
        imgHover: sql`replace(${productos.imgHover}, ${path}, ${url})`,
      })
      .where(sql`strpos(${productos.img}, ${path}) > 0`);
  }
}
