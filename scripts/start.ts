/**
 * `npm start`: one Node process serving the static storefront and the API on one port. Opens (and on
 * first start creates, migrates and seeds) the database, builds the site when the build is missing or
 * older than the catalogue or the sources, and rebuilds when the catalogue changes while it runs.
 */
import { serve } from '@hono/node-server';
import { serverConfig } from '../src/config.ts';
import { publishOperatorToken } from '../src/server/admin/token.ts';
import { catalogueVersion } from '../src/server/catalogue/queries.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { announcePort } from '../src/server/db/lock.ts';
import { seedIfEmpty } from '../src/server/db/seed/seed.ts';
import { createShopServer } from '../src/server/node/server.ts';
import { createServices, startBackgroundWork } from '../src/server/services.ts';
import { buildIsStale, buildSite, builtVersion } from '../src/server/node/site-build.ts';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
const config = serverConfig();
const distDir = process.env.DIST_DIR || 'dist';
const started = performance.now();

const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite en ${config.dataDir}/`;
if (await seedIfEmpty(database.db)) console.log(`Base de datos nueva en ${where}: catálogo de demostración cargado.`);
else console.log(`Base de datos: ${where}.`);

const services = createServices({ db: database.db, config });
const tokenFile = await publishOperatorToken(database.db, config);
if (tokenFile) console.log(`Token de operador para npm run shop en ${tokenFile}.`);
const shop = createShopServer({ services, distDir });
const server = serve({ fetch: shop.fetch, port: config.port, hostname: config.host });
await new Promise<void>((resolve, reject) => {
  server.once('listening', resolve);
  server.once('error', reject);
});
if (!config.databaseUrl) announcePort(config.dataDir, config.port);
const url = `http://localhost:${config.port}`;
const apiUrl = `http://127.0.0.1:${config.port}`;

const builds = new AbortController();
let building: Promise<void> | undefined;

/** Builds when the served site is not current; one build at a time. */
async function refreshSite(): Promise<void> {
  if (building) return building;
  const version = await catalogueVersion(database.db);
  if (!buildIsStale(distDir, version)) return;
  const reason = builtVersion(distDir) === undefined ? 'no hay una versión construida' : 'el catálogo o el código cambió';
  console.log(`Construyendo la tienda (${reason})…`);
  const t0 = performance.now();
  building = buildSite({ distDir, catalogueUrl: apiUrl, catalogueVersion: version, signal: builds.signal })
    .then(() => console.log(`Tienda construida en ${((performance.now() - t0) / 1000).toFixed(1)} s.`))
    .finally(() => (building = undefined));
  return building;
}

const worker = startBackgroundWork(services);
await refreshSite();
console.log(`K-Beauty Perú lista en ${url} (arranque en ${((performance.now() - started) / 1000).toFixed(1)} s)`);

const timer =
  config.rebuildCheckSeconds > 0
    ? setInterval(() => {
        refreshSite().catch((error: unknown) => console.error('No se pudo reconstruir la tienda:', error));
      }, config.rebuildCheckSeconds * 1000)
    : undefined;
timer?.unref();

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: cerrando la tienda…`);
  clearInterval(timer);
  builds.abort();
  await building?.catch(() => {});
  await worker?.stop();
  server.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
