import { randomBytes } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { MENSAJES_RESENA } from '../../lib/api/resenas-rules.ts';
import type { VarianteFoto } from '../../lib/resenas/fotos.ts';
import { RESENAS } from '../../lib/tienda.ts';
import type { Db, Tx } from '../db/client.ts';
import { imagenes, resenaFotos, resenas } from '../db/schema/index.ts';
import { clientError } from '../http/errors.ts';
import { detectType, megas, parseImageUrl } from '../images/store.ts';

/**
 * A review's photo (issue 34): decoded and re-encoded on upload, so what is stored and served is pixels
 * only (no EXIF, GPS, camera or ICC data: sharp writes none unless asked), turned upright by its EXIF
 * orientation first; WebP copies at the sizes the product page shows. Served only while its review is
 * APROBADA; the operator sees it through the operator API; a rejection deletes it.
 */

/** The photo types a customer may send (read from the bytes): no SVG, GIF or video from strangers. */
const TIPOS_FOTO = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** WebP quality of the copies: photos of a product in a hand, where 80 is indistinguishable at these sizes. */
const CALIDAD = 80;

/** The copies of one photo, ready to store. */
export interface FotoProcesada {
  grande: Buffer;
  ancho: number;
  alto: number;
  miniatura: Buffer;
  miniatura2x: Buffer;
}

/** The photo's bytes from base64 or a data: URL, checked by their content (JPEG, PNG or WebP, at most `maximo` bytes). */
export function fotoDe(foto: string, maximo: number): Buffer {
  const base64 = foto.replace(/^data:[^,]{0,100};base64,/i, '').replace(/\s+/g, '');
  if (!base64 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(base64)) throw clientError(400, MENSAJES_RESENA.fotoInvalida);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > maximo) throw clientError(413, `La foto pesa ${megas(bytes.length)}: el máximo es ${megas(maximo)}.`);
  const tipo = detectType(bytes);
  if (!tipo || !TIPOS_FOTO.has(tipo)) throw clientError(400, MENSAJES_RESENA.fotoInvalida);
  return bytes;
}

/**
 * Decodes a photo and makes its copies: the larger view (longest side RESENAS.fotoGrande at most, never
 * enlarged) and the list's square thumbnail at 1x and 2x (cropped to the centre, as the card's
 * `object-fit: cover` shows it). A file that does not decode, or has more than RESENAS.fotoMaximaPixeles
 * pixels, is a 400 in Spanish.
 */
export async function procesarFoto(bytes: Buffer): Promise<FotoProcesada> {
  try {
    // `failOn: 'error'`: a truncated phone upload still decodes (its last rows grey), a corrupt one does not.
    const base = sharp(bytes, { limitInputPixels: RESENAS.fotoMaximaPixeles, failOn: 'error' }).rotate();
    const cuadrado = (lado: number) =>
      base.clone().resize(lado, lado, { fit: 'cover', position: 'centre' }).webp({ quality: CALIDAD }).toBuffer();
    const [grande, miniatura, miniatura2x] = await Promise.all([
      base
        .clone()
        .resize(RESENAS.fotoGrande, RESENAS.fotoGrande, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: CALIDAD })
        .toBuffer({ resolveWithObject: true }),
      cuadrado(RESENAS.fotoMiniatura),
      cuadrado(RESENAS.fotoMiniatura * 2),
    ]);
    return { grande: grande.data, ancho: grande.info.width, alto: grande.info.height, miniatura, miniatura2x };
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw clientError(
        400,
        `La foto tiene demasiados píxeles: el máximo es ${Math.round(RESENAS.fotoMaximaPixeles / 1_000_000)} megapíxeles.`,
      );
    }
    throw clientError(400, MENSAJES_RESENA.fotoInvalida);
  }
}

/** A new photo key: 128 random bits, base64url. */
export const nuevaClave = () => randomBytes(16).toString('base64url');

/** Stores a review's copies under `clave` (in the review's own transaction). */
export async function guardarFoto(tx: Tx, resenaId: number, clave: string, foto: FotoProcesada): Promise<void> {
  await tx.insert(resenaFotos).values({ resenaId, clave, ...foto });
}

const COLUMNA: Record<VarianteFoto, 'grande' | 'miniatura' | 'miniatura2x'> = { grande: 'grande', '1x': 'miniatura', '2x': 'miniatura2x' };

/** One copy of the photo under `clave`, only while its review is APROBADA. */
export async function fotoPublica(db: Db, clave: string, variante: VarianteFoto): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({ datos: resenaFotos[COLUMNA[variante]] })
    .from(resenaFotos)
    .innerJoin(resenas, eq(resenas.id, resenaFotos.resenaId))
    .where(and(eq(resenaFotos.clave, clave), eq(resenas.estado, 'APROBADA')));
  return row?.datos;
}

/** One copy of a review's photo whatever the review's state (the operator's moderation). */
export async function fotoDeResena(db: Db, resenaId: number, variante: VarianteFoto): Promise<Uint8Array | undefined> {
  const [row] = await db.select({ datos: resenaFotos[COLUMNA[variante]] }).from(resenaFotos).where(eq(resenaFotos.resenaId, resenaId));
  return row?.datos;
}

/**
 * Deletes a rejected review's photo and clears its `foto`. A photo of before issue 34 (`foto` an image
 * store URL) is deleted from the store when the store got it as this review's upload (its name says so)
 * and no other review shows it.
 */
export async function borrarFoto(tx: Tx, resenaId: number): Promise<void> {
  const [fila] = await tx.select({ foto: resenas.foto }).from(resenas).where(eq(resenas.id, resenaId));
  if (!fila?.foto) return;
  await tx.delete(resenaFotos).where(eq(resenaFotos.resenaId, resenaId));
  await tx.update(resenas).set({ foto: null }).where(eq(resenas.id, resenaId));
  const antigua = parseImageUrl(fila.foto);
  if (!antigua) return;
  const [otra] = await tx.select({ id: resenas.id }).from(resenas).where(eq(resenas.foto, fila.foto)).limit(1);
  // The store named a review's upload `resena-{cliente}-{producto}`; the same bytes uploaded first by the operator keep their name and stay.
  if (!otra) await tx.delete(imagenes).where(and(eq(imagenes.sha256, antigua.sha256), like(imagenes.nombre, 'resena-%')));
}

/** Whether an image store URL is the photo of a review that is not APROBADA (a photo of before issue 34), so not public. */
export async function esFotoNoPublicada(db: Db, url: string): Promise<boolean> {
  const filas = await db.select({ estado: resenas.estado }).from(resenas).where(eq(resenas.foto, url));
  return filas.length > 0 && !filas.some((fila) => fila.estado === 'APROBADA');
}
