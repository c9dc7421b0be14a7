import { createHmac, timingSafeEqual } from 'node:crypto';
import { leerNumeroReclamo, numeroReclamo } from '../../lib/api/reclamos-schemas.ts';
import { remembered } from '../../lib/remember.ts';
import type { Db } from '../db/client.ts';
import { generatedSecret } from '../db/secrets.ts';

/**
 * The link to view one hoja de reclamación (GET /api/libro-reclamaciones/hoja/{numero}/{firma}), the
 * capability the consumer's copy carries: the number and an HMAC-SHA256 of it (128 bits shown) under
 * a secret generated once and kept in the database (`secretos`, 'libro-reclamaciones'), so no sheet
 * needs a key column and a backup keeps every link working. Sheets' numbers are sequential; the
 * signature is what nobody can guess.
 */

const SECRETO = 'libro-reclamaciones';
const FIRMA = /^[0-9a-f]{32}$/;
const secretos = new WeakMap<Db, Promise<string>>();

/** The database's link secret, read once per database (a failed read is retried on the next call). */
const secreto = (db: Db): Promise<string> => remembered(secretos, db, () => generatedSecret(db, SECRETO));

const firmar = (clave: string, numero: string) =>
  createHmac('sha256', clave).update(`hoja-reclamacion:${numero}`).digest('hex').slice(0, 32);

/** The path of the page of sheet `numero` ('LR-2026-000001'). */
export async function rutaHoja(db: Db, numero: string): Promise<string> {
  return `/api/libro-reclamaciones/hoja/${numero}/${firmar(await secreto(db), numero)}`;
}

/** The full address of that page on the shop at `siteUrl`. */
export const urlHoja = (siteUrl: string, ruta: string) => `${siteUrl.replace(/\/+$/, '')}${ruta}`;

/** The canonical number a link names when its signature is right; undefined otherwise (also for a malformed one). */
export async function numeroFirmado(db: Db, numero: string, firma: string): Promise<string | undefined> {
  const leido = leerNumeroReclamo(numero);
  if (!leido || !FIRMA.test(firma)) return undefined;
  const canonico = numeroReclamo(leido.anio, leido.correlativo);
  const esperada = Buffer.from(firmar(await secreto(db), canonico));
  return timingSafeEqual(esperada, Buffer.from(firma)) ? canonico : undefined;
}
