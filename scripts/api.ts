/**
 * `npm run api`: the API alone (no static site), for a storefront hosted elsewhere that points
 * PUBLIC_API_BASE here, or for dev servers and builds that read the catalogue over HTTP.
 */
import { serve } from '@hono/node-server';
import { serverConfig } from '../src/config.ts';
import { publishOperatorToken } from '../src/server/admin/token.ts';
import { createApp } from '../src/server/app.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { announcePort } from '../src/server/db/lock.ts';
import { seedIfEmpty } from '../src/server/db/seed/seed.ts';
import { createServices, startBackgroundWork } from '../src/server/services.ts';

const config = serverConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await seedIfEmpty(database.db);
const tokenFile = await publishOperatorToken(database.db, config);
if (tokenFile) console.log(`Token de operador para npm run shop en ${tokenFile}.`);
const services = createServices({ db: database.db, config });
const server = serve({ fetch: createApp({ services }).fetch, port: config.port, hostname: config.host });
const worker = startBackgroundWork(services);
await new Promise((resolve) => server.once('listening', resolve));
if (!config.databaseUrl) announcePort(config.dataDir, config.port);
console.log(`API de K-Beauty Perú en http://localhost:${config.port}`);

async function stop() {
  await worker?.stop();
  server.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
