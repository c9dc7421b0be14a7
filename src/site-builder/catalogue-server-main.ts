/**
 * The process startCatalogueServer (catalogue-server.ts) starts: opens the configured database (the
 * demo catalogue into an empty one when asked, src/server/db/startup.ts), serves the API on a private
 * port of 127.0.0.1 without the background jobs, prints READY_LINE with the port and catalogue version, and closes everything when its
 * standard input ends.
 */
import { serve } from '@hono/node-server';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { seedDemoCatalogue } from '../demo/seed.ts';
import { createApp } from '../server/app.ts';
import { catalogueVersion } from '../server/catalogue/queries.ts';
import { serverConfig } from '../server/config.ts';
import { describeError } from '../server/db/errors.ts';
import { startDatabase, startupMessage } from '../server/db/startup.ts';
import { READY_LINE } from './catalogue-server.ts';

const config = serverConfig();
const { database, catalogo } = await startDatabase(config, { loadDemo: seedDemoCatalogue }).catch((error: unknown) => {
  console.error(`La base de datos del catálogo no responde: ${describeError(error, { stack: false })}`);
  process.exit(1);
});
console.log(startupMessage(config, catalogo));
const server = serve({ fetch: createApp({ db: database.db }).fetch, port: 0, hostname: '127.0.0.1' });
await once(server, 'listening');
const { port } = server.address() as AddressInfo;
console.log(`${READY_LINE} ${JSON.stringify({ port, version: await catalogueVersion(database.db) })}`);

process.stdin.on('end', () => {
  server.close();
  void database.close().finally(() => process.exit(0));
});
process.stdin.resume();
