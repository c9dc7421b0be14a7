/**
 * `npm run build`: the static site into dist/ (or DIST_DIR). When a local server already owns the
 * embedded database, the catalogue is read from it over HTTP; otherwise a process of the build's own
 * opens the database and serves its API on a private port until the build has read what it needs
 * (src/site-builder/catalogue-server.ts).
 */
import { join } from 'node:path';
import { serverConfig } from '../src/server/config.ts';
import { readLock } from '../src/server/db/lock.ts';
import { startCatalogueServer } from '../src/site-builder/catalogue-server.ts';
import { buildSite } from '../src/site-builder/site-build.ts';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
const config = serverConfig();
const distDir = process.env.DIST_DIR || 'dist';
const photoCacheDir = join(config.dataDir, 'fotos');
const t0 = performance.now();

const owner = config.databaseUrl || process.env.CATALOGUE_URL ? undefined : readLock(config.dataDir);
const remote = process.env.CATALOGUE_URL || (owner?.port ? `http://127.0.0.1:${owner.port}` : undefined);

if (remote) {
  const version = await fetch(`${remote}/web/version`).then((res) => res.json() as Promise<{ version: number }>);
  await buildSite({ distDir, catalogueUrl: remote, catalogueVersion: version.version, photoCacheDir });
} else {
  const catalogue = await startCatalogueServer();
  try {
    await buildSite({
      distDir,
      catalogueUrl: catalogue.url,
      catalogueVersion: catalogue.version,
      photoCacheDir,
      catalogueRead: catalogue.stop,
    });
  } finally {
    await catalogue.stop();
  }
}
console.log(`Sitio construido en ${distDir}/ en ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
