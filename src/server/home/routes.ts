import { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import { listBanners, listMensajesBarra, listPopupsPublicos, listSociales } from './queries.ts';

/** Home content calls under /web: top strip, banners, popups and social items. */
export function homeRoutes(db: Db) {
  return new Hono()
    .get('/navbar_superior', async (c) => c.json(await listMensajesBarra(db)))
    .get('/baners', async (c) => c.json(await listBanners(db)))
    .get('/popups', async (c) => c.json(await listPopupsPublicos(db)))
    .get('/sociales', async (c) => c.json(await listSociales(db)));
}
