import { and, asc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { banners, mensajesBarra, popups, sociales } from '../db/schema/index.ts';
import type { Banner, MensajeBarra, Popup, Social } from '../../lib/api/schemas.ts';

/** Items whose run (desde–hasta, migration 0028) includes now: the public calls answer only what shows now. */
const vigenteAhora = (t: { desde: PgColumn; hasta: PgColumn }): SQL =>
  and(or(isNull(t.desde), lte(t.desde, sql`now()`)), or(isNull(t.hasta), gt(t.hasta, sql`now()`)))!;

/** Items not yet ended (running now or later): what the static build carries, the browser hiding each out of its run. */
export const noTerminado = (t: { hasta: PgColumn }): SQL => or(isNull(t.hasta), gt(t.hasta, sql`now()`))!;

export const listMensajesBarra = (db: Db): Promise<MensajeBarra[]> =>
  db
    .select({ mensaje: mensajesBarra.mensaje })
    .from(mensajesBarra)
    .where(vigenteAhora(mensajesBarra))
    .orderBy(asc(mensajesBarra.orden), asc(mensajesBarra.id));

/** Banners oldest first; the storefront reverses the list (storefront §7). */
export const listBanners = (db: Db): Promise<Banner[]> =>
  db
    .select({ img_url: banners.imgUrl, rutabutton: banners.rutabutton, alt: banners.alt })
    .from(banners)
    .where(vigenteAhora(banners))
    .orderBy(asc(banners.orden), asc(banners.id));

/** Public popups only (visible = 1, running now), in the operator's order. */
export const listPopupsPublicos = (db: Db): Promise<Popup[]> =>
  db
    .select({ visible: popups.visible, img_url: popups.imgUrl, rutabutton: popups.rutabutton, alt: popups.alt })
    .from(popups)
    .where(and(eq(popups.visible, 1), vigenteAhora(popups)))
    .orderBy(asc(popups.orden), asc(popups.id));

export const listSociales = (db: Db): Promise<Social[]> =>
  db.select({ tipo: sociales.tipo, url: sociales.url }).from(sociales).orderBy(asc(sociales.orden), asc(sociales.id));
