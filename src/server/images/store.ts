import { createHash } from 'node:crypto';
import { imageSize } from 'image-size';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { imagenes } from '../db/schema/index.ts';
import { imageUrl, type TipoImagen } from '../../lib/catalogue/image-urls.ts';

/**
 * The shop's image store: originals the operator uploads (catalogue photos, banners, popups, social
 * items), kept in the database and served at `/imagenes/{sha256}.{ext}`, a URL that names the content,
 * so the same file is stored once and browsers and CDNs may keep it forever.
 */

// The store's URLs are read by the pages too (their photos' copies are named after them): lib holds them.
export { FORMATOS, imageUrl, parseImageUrl, PREFIJO_IMAGENES, type TipoImagen } from '../../lib/catalogue/image-urls.ts';
export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/**
 * The content type of a file, read from its first bytes (never from its name, which a browser would
 * not check either): JPEG, PNG, GIF, WebP, AVIF, MP4, WebM or SVG; undefined for anything else.
 */
export function detectType(bytes: Uint8Array): TipoImagen | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && ascii(bytes, 0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'image/gif';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    return brand === 'avif' || brand === 'avis' ? 'image/avif' : 'video/mp4';
  }
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'video/webm';
  // SVG is text: an optional BOM, XML declaration, comments and doctype, then the <svg element.
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(head)) return 'image/svg+xml';
  return undefined;
}

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

/** A stored file as the operator API describes it. */
export interface ImagenGuardada {
  url: string;
  sha256: string;
  tipo: TipoImagen;
  bytes: number;
  ancho: number | null;
  alto: number | null;
  /** False when the same bytes were already stored (nothing was written). */
  nueva: boolean;
}

/** Why a file is refused, in Spanish, or undefined when the store takes it. */
export function refuseFile(bytes: Uint8Array, maximo: number): { status: 400 | 413; mensaje: string } | undefined {
  if (bytes.length === 0) return { status: 400, mensaje: 'El archivo está vacío.' };
  if (bytes.length > maximo) return { status: 413, mensaje: `El archivo pesa ${megas(bytes.length)}: el máximo es ${megas(maximo)}.` };
  if (!detectType(bytes)) return { status: 400, mensaje: 'El archivo no es una imagen JPEG, PNG, WebP, AVIF, GIF o SVG (ni un video MP4 o WebM).' };
  return undefined;
}

/** A size as the operator reads it: MB from one megabyte, KB from one kilobyte, else bytes. */
export const megas = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toLocaleString('es-PE', { maximumFractionDigits: 1 })} MB`
    : bytes >= 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${bytes} bytes`;

/** Stores a file (checked with refuseFile first) unless the same bytes are there already. */
export async function storeImage(db: Db, bytes: Uint8Array, nombre: string): Promise<ImagenGuardada> {
  const tipo = detectType(bytes)!;
  const sha256 = sha256Hex(bytes);
  const size = readSize(bytes, tipo);
  const inserted = await db
    .insert(imagenes)
    .values({ sha256, tipo, datos: bytes, bytes: bytes.length, ancho: size?.ancho ?? null, alto: size?.alto ?? null, nombre: nombre.slice(0, 200) })
    .onConflictDoNothing()
    .returning({ sha256: imagenes.sha256 });
  return { url: imageUrl(sha256, tipo), sha256, tipo, bytes: bytes.length, ancho: size?.ancho ?? null, alto: size?.alto ?? null, nueva: inserted.length > 0 };
}

/** The URLs of those of `shas` the store holds, by sha256. */
export async function storedImages(db: Db, shas: string[]): Promise<Map<string, string>> {
  if (shas.length === 0) return new Map();
  const rows = await db.select({ sha256: imagenes.sha256, tipo: imagenes.tipo }).from(imagenes).where(inArray(imagenes.sha256, shas));
  return new Map(rows.map((row) => [row.sha256, imageUrl(row.sha256, row.tipo as TipoImagen)]));
}

/** One stored file's bytes, type and upload name, or undefined. */
export async function readImage(db: Db, sha256: string): Promise<{ tipo: string; datos: Uint8Array; nombre: string } | undefined> {
  const [row] = await db.select({ tipo: imagenes.tipo, datos: imagenes.datos, nombre: imagenes.nombre }).from(imagenes).where(eq(imagenes.sha256, sha256));
  return row;
}
