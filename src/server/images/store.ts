import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { imagenes } from '../db/schema/index.ts';
import { detectType, megas } from '../../lib/catalogue/image-files.ts';
import { imageUrl, type TipoImagen } from '../../lib/catalogue/image-urls.ts';
import type { ImagenGuardada } from '../../lib/api/operator-schemas.ts';

/**
 * The shop's image store: originals the operator uploads (catalogue photos, banners, popups, social
 * items), kept in the database and served at `/imagenes/{sha256}.{ext}`, a URL that names the content,
 * so the same file is stored once and browsers and CDNs may keep it forever.
 */

// The store's URLs are read by the pages too (their photos' copies are named after them): lib holds them.
export { FORMATOS, imageUrl, parseImageUrl, PREFIJO_IMAGENES, type TipoImagen } from '../../lib/catalogue/image-urls.ts';
// What a file is and how big it reads are shared with `npm run shop -- importar`, which checks photos before it uploads them.
export { detectType, megas } from '../../lib/catalogue/image-files.ts';
export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Pixel width and height when the format says them cheaply (the header), else null. */
export function readSize(bytes: Uint8Array, tipo: TipoImagen): { ancho: number; alto: number } | null {
  if (tipo.startsWith('video/')) return null;
  try {
    const { width, height, orientation } = imageSize(bytes);
    if (!width || !height) return null;
    // EXIF orientations 5–8 turn the picture a quarter: it shows with width and height swapped.
    return orientation && orientation >= 5 ? { ancho: height, alto: width } : { ancho: width, alto: height };
  } catch {
    return null;
  }
}

/** Why a file is refused, in Spanish, or undefined when the store takes it. */
export function refuseFile(bytes: Uint8Array, maximo: number): { status: 400 | 413; mensaje: string } | undefined {
  if (bytes.length === 0) return { status: 400, mensaje: 'El archivo está vacío.' };
  if (bytes.length > maximo) return { status: 413, mensaje: `El archivo pesa ${megas(bytes.length)}: el máximo es ${megas(maximo)}.` };
  if (!detectType(bytes))
    return { status: 400, mensaje: 'El archivo no es una imagen JPEG, PNG, WebP, AVIF, GIF o SVG (ni un video MP4 o WebM).' };
  return undefined;
}

/** Stores a file (checked with refuseFile first) unless the same bytes are there already. */
export async function storeImage(db: Db | Tx, bytes: Uint8Array, nombre: string): Promise<ImagenGuardada> {
  const tipo = detectType(bytes)!;
  const sha256 = sha256Hex(bytes);
  const size = readSize(bytes, tipo);
  const inserted = await db
    .insert(imagenes)
    .values({
      sha256,
      tipo,
      datos: bytes,
      bytes: bytes.length,
      ancho: size?.ancho ?? null,
      alto: size?.alto ?? null,
      nombre: nombre.slice(0, 200),
    })
    .onConflictDoNothing()
    .returning({ sha256: imagenes.sha256 });
  return {
    url: imageUrl(sha256, tipo),
    sha256,
    tipo,
    bytes: bytes.length,
    ancho: size?.ancho ?? null,
    alto: size?.alto ?? null,
    nueva: inserted.length > 0,
  };
}

/** The URLs of those of `shas` the store holds, by sha256. */
export async function storedImages(db: Db, shas: string[]): Promise<Map<string, string>> {
  if (shas.length === 0) return new Map();
  const rows = await db.select({ sha256: imagenes.sha256, tipo: imagenes.tipo }).from(imagenes).where(inArray(imagenes.sha256, shas));
  return new Map(rows.map((row) => [row.sha256, imageUrl(row.sha256, row.tipo as TipoImagen)]));
}

/** One stored file's bytes, type and upload name, or undefined. */
export async function readImage(db: Db, sha256: string): Promise<{ tipo: string; datos: Uint8Array; nombre: string } | undefined> {
  const [row] = await db
    .select({ tipo: imagenes.tipo, datos: imagenes.datos, nombre: imagenes.nombre })
    .from(imagenes)
    .where(eq(imagenes.sha256, sha256));
  return row;
}
