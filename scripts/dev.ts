/**
 * `npm run dev`: Astro's dev server with the API on the same origin. This process owns the database
 * and serves the API on a private port; the dev server forwards the API's paths to it.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { serverConfig } from '../src/server/config.ts';
import { publishOperatorToken } from '../src/server/admin/token.ts';
import { createApp } from '../src/server/app.ts';
import { announcePort } from '../src/server/db/lock.ts';
import { startDatabase, startupMessage } from '../src/server/db/startup.ts';
import { seedDemoCatalogue } from '../src/demo/seed.ts';

process.env.ASTRO_TELEMETRY_DISABLED = '1';
const config = serverConfig();
const { database, catalogo } = await startDatabase(config, { loadDemo: seedDemoCatalogue });
console.log(startupMessage(config, catalogo));
const tokenFile = await publishOperatorToken(database.db, config);
if (tokenFile) console.log(`Token de operador para npm run shop en ${tokenFile}.`);
const api = serve({ fetch: createApp({ db: database.db }).fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((done) => api.once('listening', done));
const { port } = api.address() as AddressInfo;
if (!config.databaseUrl) announcePort(config.dataDir, port);

const astro = spawn(process.execPath, [resolve('node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(config.port)], {
  env: { ...process.env, API_PORT: String(port), CATALOGUE_URL: `http://127.0.0.1:${port}` },
  stdio: 'inherit',
});

async function stop() {
  astro.kill('SIGTERM');
  api.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
astro.on('exit', () => void stop());
