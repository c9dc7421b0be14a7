/**
 * `npm run api`: the API alone (no static site), for a storefront hosted elsewhere that points
 * PUBLIC_API_BASE here, or for dev servers and builds that read the catalogue over HTTP. A Postgres
 * server that is down at start is retried; meanwhile every call answers 503.
 */
import { serverConfig, pruebasFromEnv } from '../src/server/config.ts';
import { publishOperatorToken } from '../src/server/admin/token.ts';
import { createApp } from '../src/server/app.ts';
import { startRefusal } from '../src/server/config-check.ts';
import { describeError } from '../src/server/db/errors.ts';
import { announcePort } from '../src/server/db/lock.ts';
import { seedDemoCatalogue } from '../src/demo/seed.ts';
import { connectConfiguredDatabase, prepareDatabase, startupMessage } from '../src/server/db/startup.ts';
import { listen, loopbackOnly, untilReady } from '../src/server/node/listen.ts';
import type { Worker } from '../src/server/jobs/worker.ts';
import { createServices, startBackgroundWork } from '../src/server/services.ts';

const refusal = startRefusal(process.env);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
const config = serverConfig();
const database = await connectConfiguredDatabase(config);
const services = createServices({ db: database.db, config });
const app = createApp({ services, logRequest: console.log });
let ready = false;
// Every call answers 503 until the database is migrated (and, when asked, has the demo catalogue).
const gated = untilReady(app, () => ready, { everyPath: true });
// A test mode approves orders without paying: only this machine's clients, by their socket (config-check refused any other HOST).
const server = await listen(pruebasFromEnv(process.env).length > 0 ? loopbackOnly(gated) : gated, {
  port: config.port,
  hostname: config.host,
});
if (!config.databaseUrl) announcePort(config.dataDir, config.port);

const stopping = new AbortController();
let worker: Worker | null = null;
async function stop() {
  stopping.abort();
  setTimeout(() => process.exit(0), 3_000).unref();
  await worker?.stop();
  server.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

const catalogo = await prepareDatabase(database, config, {
  loadDemo: seedDemoCatalogue,
  retry: true,
  signal: stopping.signal,
  onRetry: (error, ms) =>
    console.error(`La base de datos no responde (${describeError(error, { stack: false })}); se reintenta en ${ms / 1000} s.`),
}).catch((error: unknown) => {
  if (stopping.signal.aborted) return new Promise<never>(() => {});
  throw error;
});
ready = true;
console.log(startupMessage(config, catalogo));
const tokenFile = await publishOperatorToken(database.db, config);
if (tokenFile) console.log(`Token de operador para npm run shop en ${tokenFile}.`);
worker = startBackgroundWork(services);
console.log(`API de K-Beauty Perú en http://localhost:${config.port}`);
