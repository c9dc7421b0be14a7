/**
 * `node --import tsx src/site-builder/snapshot-main.ts CATALOGUE_URL SNAPSHOT_DIR PHOTO_CACHE_DIR`, run by
 * buildSite before Astro: writes the catalogue's snapshot from the API at CATALOGUE_URL into SNAPSHOT_DIR
 * (snapshot.ts), with the list of its store photos (SNAPSHOT_PHOTOS_FILE), and encodes into PHOTO_CACHE_DIR the
 * copies of those photos that it lacks. After it, the build needs the API no more.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiSource } from './catalogue-source.ts';
import { cachePhotos, SNAPSHOT_PHOTOS_FILE, storePhotos } from './photos.ts';
import { writeSnapshot } from './snapshot.ts';

const [catalogueUrl, snapshotDir, photoCacheDir] = process.argv.slice(2);
if (!catalogueUrl || !snapshotDir || !photoCacheDir) throw new Error('Uso: snapshot-main.ts CATALOGUE_URL SNAPSHOT_DIR PHOTO_CACHE_DIR');
// The store photos of each product as the list streams by: the list itself is never held here.
const photos = new Set<string>();
await writeSnapshot(snapshotDir, apiSource(catalogueUrl), (producto) => {
  for (const url of storePhotos([producto])) photos.add(url);
});
writeFileSync(join(snapshotDir, SNAPSHOT_PHOTOS_FILE), JSON.stringify([...photos]));
const { fotos, codificadas } = await cachePhotos([...photos], catalogueUrl, photoCacheDir);
if (codificadas > 0) console.log(`fotos: ${codificadas} copias nuevas de ${fotos} fotos.`);
