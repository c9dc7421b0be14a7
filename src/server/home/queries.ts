import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { banners, mensajesBarra, popups, sociales } from '../db/schema/index.ts';
import type { Banner, MensajeBarra, Popup, Social } from '../../lib/api/schemas.ts';

export const listMensajesBarra = (db: Db): Promise<MensajeBarra[]> =>
  db.select({ mensaje: mensajesBarra.mensaje }).from(mensajesBarra).orderBy(asc(mensajesBarra.orden), asc(mensajesBarra.id));

/** Banners oldest first; the storefront reverses the list (storefront §7). */
export const listBanners = (db: Db): Promise<Banner[]> =>
  db
    .select({ img_url: banners.imgUrl, rutabutton: banners.rutabutton, alt: banners.alt })
    .from(banners)
    .orderBy(asc(banners.orden), asc(banners.id));

/** Public popups only (visible = 1), in the operator's order. */
export const listPopupsPublicos = (db: Db): Promise<Popup[]> =>
  db
    .select({ visible: popups.visible, img_url: popups.imgUrl, rutabutton: popups.rutabutton, alt: popups.alt })
    .from(popups)
    .where(eq(popups.visible, 1))
    .orderBy(asc(popups.orden), asc(popups.id));

export const listSociales = (db: Db): Promise<Social[]> =>
  db.select({ tipo: sociales.tipo, url: sociales.url }).from(sociales).orderBy(asc(sociales.orden), asc(sociales.id));
