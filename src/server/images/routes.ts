import { Hono, type Context } from 'hono';
import { parseFotoResena } from '../../lib/resenas/fotos.ts';
import { OPERACIONES, RESENAS } from '../../lib/tienda.ts';
import type { Db } from '../db/client.ts';
import { clientError } from '../http/errors.ts';
import { esFotoNoPublicada, fotoPublica } from '../resenas/fotos.ts';
import { FORMATOS, parseImageUrl, PREFIJO_IMAGENES, readImage, type TipoImagen } from './store.ts';

/**
 * GET /imagenes/{sha256}.{ext}: a stored image or video, byte for byte, under the content type read
 * from its bytes when it was stored. The URL names the content, so it is cached for a year as
 * immutable, with the sha256 as its ETag. GET /imagenes/resenas/{clave}….webp: an approved review's photo.
 */
export function imageRoutes(db: Db) {
  return new Hono()
    .get('/resenas/:archivo', async (c) => {
      // A review's photo (issue 34): only while the review is approved; the same 404 for a pending, rejected or unknown one.
      const ref = parseFotoResena(c.req.param('archivo'));
      const datos = ref && (await fotoPublica(db, ref.clave, ref.variante));
      if (!ref || !datos) throw clientError(404, 'No existe esa imagen.');
      return imagen(c, datos, 'image/webp', `"${ref.clave}-${ref.variante}"`, RESENAS.fotoCacheControl);
    })
    .get('/:archivo', async (c) => {
      const url = `${PREFIJO_IMAGENES}/${c.req.param('archivo')}`;
      const ref = parseImageUrl(url);
      const image = ref && (await readImage(db, ref.sha256));
      if (!ref || !image || FORMATOS[image.tipo as TipoImagen] !== ref.ext) throw clientError(404, 'No existe esa imagen.');
      // A review's photo of before issue 34 sits in this store under its upload name: public only once its review is approved.
      if (image.nombre.startsWith('resena-') && (await esFotoNoPublicada(db, url))) throw clientError(404, 'No existe esa imagen.');
      return imagen(c, image.datos, image.tipo, `"${ref.sha256}"`, OPERACIONES.imagenCacheControl);
    });
}

/** An image's answer: 304 when the browser holds `etag`, else the bytes. */
function imagen(c: Context, datos: Uint8Array, tipo: string, etag: string, cacheControl: string): Response {
  const headers = { 'Cache-Control': cacheControl, ETag: etag };
  if ((c.req.header('If-None-Match') ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
    return c.body(null, 304, headers);
  return c.body(datos as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': tipo, 'Content-Length': String(datos.length) });
}
