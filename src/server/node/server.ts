import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { createApp, isApiPath } from '../app.ts';
import type { Db } from '../db/client.ts';
import { staticSite } from './static-site.ts';

/** The one-process shop: the API at its paths, the static storefront everywhere else. */
export function createShopServer({ db, distDir }: { db: Db; distDir: string }) {
  const api = createApp({ db });
  const site = staticSite(distDir);
  const server = new Hono();
  // Compresses what the build did not precompress (API JSON, the 404 page); skips encoded bodies.
  server.use('*', compress());
  server.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  });
  server.all('*', (c) => (isApiPath(c.req.path) ? api.fetch(c.req.raw) : site.fetch(c.req.raw)));
  return server;
}
