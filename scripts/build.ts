/**
 * `npm run build`: the static site into dist/ (or DIST_DIR). When a local server already owns the
 * embedded database, the snapshot is read from it over HTTP; otherwise this process opens the
 * database, serves its API on a private port for the duration of the build, and closes it again.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serverConfig } from '../src/server/config.ts';
import { createApp } from '../src/server/app.ts';
import { catalogueVersion } from '../src/server/catalogue/queries.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { readLock } from '../src/server/db/lock.ts';
import { seedIfEmpty } from '../src/demo/seed.ts';
import { buildSite } from '../src/build/site-build.ts';

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
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const server = serve({ fetch: createApp({ db: database.db }).fetch, port: 0, hostname: '127.0.0.1' });
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    await seedIfEmpty(database.db);
    const { port } = server.address() as AddressInfo;
    await buildSite({ distDir, catalogueUrl: `http://127.0.0.1:${port}`, catalogueVersion: await catalogueVersion(database.db), photoCacheDir });
  } finally {
    server.close();
    await database.close();
  }
}
console.log(`Sitio construido en ${distDir}/ en ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
