import { Hono } from 'hono';
import { OPERACIONES } from '../../lib/tienda.ts';
import type { Db } from '../db/client.ts';
import { clientError } from '../http/errors.ts';
import { FORMATOS, parseImageUrl, PREFIJO_IMAGENES, readImage, type TipoImagen } from './store.ts';

/**
 * GET /imagenes/{sha256}.{ext}: a stored image or video, byte for byte, under the content type read
 * from its bytes when it was stored. The URL names the content, so it is cached for a year as
 * immutable, with the sha256 as its ETag.
 */
export function imageRoutes(db: Db) {
  return new Hono().get('/:archivo', async (c) => {
    const ref = parseImageUrl(`${PREFIJO_IMAGENES}/${c.req.param('archivo')}`);
    const image = ref && (await readImage(db, ref.sha256));
    if (!ref || !image || FORMATOS[image.tipo as TipoImagen] !== ref.ext) throw clientError(404, 'No existe esa imagen.');
    const etag = `"${ref.sha256}"`;
    const headers = { 'Cache-Control': OPERACIONES.imagenCacheControl, ETag: etag };
    if ((c.req.header('If-None-Match') ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return c.body(null, 304, headers);
    return c.body(image.datos as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': image.tipo, 'Content-Length': String(image.datos.length) });
  });
}
