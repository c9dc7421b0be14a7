/**
 * The API as a Netlify Function: the same Hono app as `npm start`, on the Postgres server of
 * DATABASE_URL (an embedded database cannot persist on a function's ephemeral disk).
 */
import { serverConfig } from '../../src/config.ts';
import { createApp } from '../../src/server/app.ts';
import { NETLIFY_CLIENT_IP_HEADER } from '../../src/server/auth/context.ts';
import { openDatabase } from '../../src/server/db/client.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL es obligatorio en Netlify.');
const database = await openDatabase({ url: databaseUrl });

// There is no socket here: the client's address (for rate limits) is the header Netlify's edge sets.
const app = createApp({ db: database.db, config: { ...serverConfig(), clientIpHeader: NETLIFY_CLIENT_IP_HEADER } });

/** Netlify Functions 2.0 take a web Request and return a Response: exactly Hono's fetch. */
export default (request: Request) => app.fetch(request);

export const config = {
  path: ['/web/*', '/api/*', '/admin/api/*', '/webhooks/*', '/login', '/clientes/*', '/send-correoprueba', '/validar-codigo', '/cambiar-contrasena', '/carrito/*'],
  preferStatic: true,
};
