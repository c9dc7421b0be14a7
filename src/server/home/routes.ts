import { Hono } from 'hono';
import type { Db } from '../db/client.ts';
import { listBanners, listMensajesBarra, listPopupsPublicos, listSociales } from './queries.ts';
import { contenidoPublico } from '../contenido/textos.ts';

/** Home content calls under /web: top strip, banners, popups and social items (each as it shows now), and the build's content. */
export function homeRoutes(db: Db) {
  return (
    new Hono()
      .get('/navbar_superior', async (c) => c.json(await listMensajesBarra(db)))
      .get('/baners', async (c) => c.json(await listBanners(db)))
      .get('/popups', async (c) => c.json(await listPopupsPublicos(db)))
      .get('/sociales', async (c) => c.json(await listSociales(db)))
      // What the static build renders: scheduled banners and messages with their runs, the pages' texts, the locations, the social links (issue 37).
      .get('/contenido', async (c) => c.json(await contenidoPublico(db)))
  );
}
