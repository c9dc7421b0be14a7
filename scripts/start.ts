/**
 * `npm start`: one Node process serving the static storefront and the API on one port. Opens (and on
 * first start creates and migrates) the database, loading the demo catalogue into an empty one when
 * asked (src/server/db/startup.ts), builds the site when the build is missing or older than the catalogue or the sources, and rebuilds when the catalogue changes while it runs.
 * A Postgres server that is down does not stop the site: the built pages are served, the API answers
 * 503 and the process keeps trying until the database answers.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serverConfig, pruebasFromEnv } from '../src/server/config.ts';
import { publishOperatorToken } from '../src/server/admin/token.ts';
import { catalogueVersion } from '../src/server/catalogue/queries.ts';
import { startRefusal } from '../src/server/config-check.ts';
import { describeError, logError } from '../src/server/db/errors.ts';
import { announcePort } from '../src/server/db/lock.ts';
import { seedDemoCatalogue } from '../src/demo/seed.ts';
import { connectConfiguredDatabase, databasePlace, prepareDatabase, startupMessage } from '../src/server/db/startup.ts';
import { listen, loopbackOnly, untilReady } from '../src/server/node/listen.ts';
import { createShopServer } from '../src/server/node/server.ts';
import { createServices, startBackgroundWork } from '../src/server/services.ts';
import { buildSite } from '../src/site-builder/site-build.ts';
import { avisoPorCorreo, siteRefresher } from '../src/site-builder/site-refresh.ts';
import type { Worker } from '../src/server/jobs/worker.ts';
import { registroPublicacion } from '../src/server/publicacion/estado.ts';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
/** Longest a stop may take (a build, a job or a query stuck on a silent database) before the process exits anyway. */
const STOP_DEADLINE_MS = 3_000;
const refusal = startRefusal(process.env);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
const config = serverConfig();
const distDir = process.env.DIST_DIR || 'dist';
const started = performance.now();

const database = await connectConfiguredDatabase(config);
const where = databasePlace(config);
const services = createServices({ db: database.db, config });
const shop = createShopServer({ services, distDir, logRequest: console.log });
let databaseReady = false;
// Until the database is migrated and seeded the API answers 503; the static pages are served meanwhile.
const gated = untilReady(shop, () => databaseReady);
// A test mode approves orders without paying: only this machine's clients, by their socket (config-check refused any other HOST).
const server = await listen(pruebasFromEnv(process.env).length > 0 ? loopbackOnly(gated) : gated, {
  port: config.port,
  hostname: config.host,
});
if (!config.databaseUrl) announcePort(config.dataDir, config.port);
const url = `http://localhost:${config.port}`;
const apiUrl = `http://127.0.0.1:${config.port}`;

const builds = new AbortController();
let building: Promise<void> | undefined;
let worker: Worker | null = null;
let timer: NodeJS.Timeout | undefined;

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: cerrando la tienda…`);
  setTimeout(() => {
    console.error(`La tienda no terminó de cerrar en ${STOP_DEADLINE_MS / 1000} s; sale igualmente.`);
    process.exit(0);
  }, STOP_DEADLINE_MS).unref();
  clearInterval(timer);
  builds.abort();
  server.close();
  (server as { closeAllConnections?: () => void }).closeAllConnections?.();
  await building?.catch(() => {});
  await worker?.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

/** Builds when the served site is not current, one build at a time; a failed build is told once and not retried for the same catalogue. */
const refreshSite = siteRefresher({
  distDir,
  catalogueVersion: () => catalogueVersion(database.db),
  build: (version) =>
    (building = buildSite({
      distDir,
      catalogueUrl: apiUrl,
      catalogueVersion: version,
      signal: builds.signal,
      photoCacheDir: join(config.dataDir, 'fotos'),
    }).finally(() => (building = undefined))),
  notify: avisoPorCorreo(services.mailer, config.correoTienda),
  signal: builds.signal,
  minIntervalMs: config.reconstruccionIntervaloSegundos * 1000,
  registro: registroPublicacion(database.db),
});

const built = existsSync(distDir);
const catalogo = await prepareDatabase(database, config, {
  loadDemo: seedDemoCatalogue,
  retry: true,
  signal: builds.signal,
  onRetry(error, delayMs) {
    const site = built
      ? `el sitio estático de ${distDir}/ se sigue sirviendo y la API responde 503`
      : `no hay un sitio construido en ${distDir}/ y la primera construcción necesita el catálogo`;
    console.error(
      `La base de datos (${where}) no responde: ${describeError(error, { stack: false })}\n  ${site}; se reintenta en ${delayMs / 1000} s.`,
    );
  },
}).catch((error: unknown) => {
  if (stopping) return new Promise<never>(() => {});
  throw error;
});
databaseReady = true;
console.log(startupMessage(config, catalogo));
const tokenFile = await publishOperatorToken(database.db, config);
if (tokenFile) console.log(`Token de operador para npm run shop en ${tokenFile}.`);

worker = startBackgroundWork(services);
await refreshSite().catch((error: unknown) => {
  if (!stopping) logError('No se pudo comprobar la versión del catálogo; se comprobará de nuevo', error);
});
console.log(`K-Beauty Perú lista en ${url} (arranque en ${((performance.now() - started) / 1000).toFixed(1)} s)`);

timer =
  config.rebuildCheckSeconds > 0
    ? setInterval(() => {
        refreshSite().catch((error: unknown) => logError('No se pudo comprobar la versión del catálogo', error));
      }, config.rebuildCheckSeconds * 1000)
    : undefined;
timer?.unref();
