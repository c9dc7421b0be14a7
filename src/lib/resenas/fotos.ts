import { PREFIJO_IMAGENES } from '../catalogue/image-urls.ts';
import { RESENAS } from '../tienda.ts';

/**
 * The URLs of a review's photo (issue 34): re-encoded on upload to WebP copies named after a random key,
 * `/imagenes/resenas/{clave}.webp` (the larger view its link opens, the review's `foto`) and
 * `/imagenes/resenas/{clave}-{96|192}.webp` (the list's square thumbnail at 1x and 2x). The server
 * answers them only while the review is approved. Here, not in the server, because the card reads them.
 */

/** The copies of a photo: the larger view and the thumbnail at 1x and 2x, by the width in their name. */
export const VARIANTES_FOTO = ['grande', '1x', '2x'] as const;
export type VarianteFoto = (typeof VARIANTES_FOTO)[number];

const SUFIJO: Record<VarianteFoto, string> = { grande: '', '1x': `-${RESENAS.fotoMiniatura}`, '2x': `-${RESENAS.fotoMiniatura * 2}` };

/** A key: 128 random bits as base64url (22 characters), so an unapproved photo's URL cannot be guessed either. */
const CLAVE = '[A-Za-z0-9_-]{22}';
const ARCHIVO = new RegExp(`^(${CLAVE})(-${RESENAS.fotoMiniatura}|-${RESENAS.fotoMiniatura * 2})?\\.webp$`);
const URL_GRANDE = new RegExp(`^${PREFIJO_IMAGENES}/resenas/(${CLAVE})\\.webp$`);

/** The URL of one copy of the photo stored under `clave`. */
export const fotoResenaUrl = (clave: string, variante: VarianteFoto = 'grande') =>
  `${PREFIJO_IMAGENES}/resenas/${clave}${SUFIJO[variante]}.webp`;

/** The key and copy a file name under /imagenes/resenas/ names, or undefined. */
export function parseFotoResena(archivo: string): { clave: string; variante: VarianteFoto } | undefined {
  const match = ARCHIVO.exec(archivo);
  if (!match) return undefined;
  const variante = VARIANTES_FOTO.find((v) => SUFIJO[v] === (match[2] ?? ''))!;
  return { clave: match[1]!, variante };
}

/**
 * The thumbnail of a review's photo (`foto`, its larger view): its copies at 1x and 2x. A photo of
 * before issue 34 (one stored original) has none: it is shown as it is.
 */
export function miniaturaResena(foto: string): { src: string; src2x?: string } {
  const clave = URL_GRANDE.exec(foto)?.[1];
  return clave ? { src: fotoResenaUrl(clave, '1x'), src2x: fotoResenaUrl(clave, '2x') } : { src: foto };
}
