/**
 * The URLs of the shop's image store (server/images/store.ts): `/imagenes/{sha256}.{ext}`, the
 * content's hash and the extension of its type. Here, not in the server, because pages read them
 * too: a store photo's responsive copies are named after its sha256 (photos.ts).
 */

/** The formats the store takes, with the extension of their URL. Videos only for social items. */
export const FORMATOS = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
} as const;
export type TipoImagen = keyof typeof FORMATOS;

/** The path prefix of stored images (one of the API's paths, src/server/api-paths.ts). */
export const PREFIJO_IMAGENES = '/imagenes';

const URL_PATTERN = new RegExp(`^${PREFIJO_IMAGENES}/([0-9a-f]{64})\\.(${Object.values(FORMATOS).join('|')})$`);

/** The public URL of a stored file. */
export const imageUrl = (sha256: string, tipo: TipoImagen) => `${PREFIJO_IMAGENES}/${sha256}.${FORMATOS[tipo]}`;

/** The sha256 and extension a store URL names, or undefined for any other path. */
export function parseImageUrl(url: string): { sha256: string; ext: string } | undefined {
  const match = URL_PATTERN.exec(url);
  return match ? { sha256: match[1]!, ext: match[2]! } : undefined;
}
