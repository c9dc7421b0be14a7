import { FOTOS } from '../tienda.ts';
import { parseImageUrl } from './image-urls.ts';

/**
 * Responsive product photos. A raster photo in the shop's image store (`/imagenes/{sha256}.jpg`, also
 * .png and .webp) has AVIF and WebP copies at `FOTOS.anchos` widths, made at build time by
 * site-builder/photos.ts under names derived from the photo's sha256 alone, so a page rendered by
 * Astro and a card rendered later by an island in the browser name the same files. Anything else
 * (SVG artwork, outside addresses) is used as it is.
 */

/** The store formats that get copies (SVG is drawn at any size; AVIF and GIF are served as they are). */
const RASTER = new Set(['jpg', 'png', 'webp']);

export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** The sha256 of a store photo that has responsive copies, or undefined. */
export function photoKey(url: string): string | undefined {
  const ref = parseImageUrl(url.trim());
  return ref && RASTER.has(ref.ext) ? ref.sha256 : undefined;
}

/**
 * How many hex digits of the photo's sha256 name its copies: 64 bits, unique among any shop's photos,
 * and a page names each copy in its srcset (48 characters less per copy, 3–4 KB of a product page).
 */
export const PHOTO_KEY_DIGITS = 16;

/** Where the build puts one copy (under /_astro/, cached as immutable: the name is the content). */
export const photoVariantPath = (sha256: string, width: number, format: PhotoFormat) =>
  `/_astro/fotos/${sha256.slice(0, PHOTO_KEY_DIGITS)}-${width}.${format}`;

/** The `srcset` of each format for a store photo, or undefined when `url` has no copies. */
export function photoSrcSets(url: string): Record<PhotoFormat, string> | undefined {
  const sha256 = photoKey(url);
  if (!sha256) return undefined;
  const srcset = (format: PhotoFormat) => FOTOS.anchos.map((width) => `${photoVariantPath(sha256, width, format)} ${width}w`).join(', ');
  return { avif: srcset('avif'), webp: srcset('webp') };
}
