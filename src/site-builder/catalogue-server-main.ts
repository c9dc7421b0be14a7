/**
 * The process startCatalogueServer (catalogue-server.ts) starts: opens the configured database (the
 * demo catalogue into an empty one when asked, src/server/db/startup.ts), serves the API on a private
 * port of 127.0.0.1 without the background jobs (its product list streamed, never held whole), prints
 * READY_LINE with the port and catalogue version, and closes everything when its standard input ends.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { seedDemoCatalogue } from '../demo/seed.ts';
import { createApp } from '../server/app.ts';
import { listprodStream } from '../server/catalogue/listprod-stream.ts';
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
const api = createApp({ db: database.db });
// The product list streamed a page at a time (listprod-stream.ts), the same text the API's cached answer is;
// everything else, the photos' originals included, is the API's own.
const app = new Hono()
  .get('/web/listprod', (c) => c.body(listprodStream(database.db), 200, { 'Content-Type': 'application/json; charset=utf-8' }))
  .all('*', (c) => api.fetch(c.req.raw));
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await once(server, 'listening');
const { port } = server.address() as AddressInfo;
console.log(`${READY_LINE} ${JSON.stringify({ port, version: await catalogueVersion(database.db) })}`);

process.stdin.on('end', () => {
  server.close();
  void database.close().finally(() => process.exit(0));
});
process.stdin.resume();
