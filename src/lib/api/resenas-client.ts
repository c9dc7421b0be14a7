import { fieldsOf, isTrue, listOf } from './checks.ts';
import type { PuedoResenar, ResenaCreada, ResenaNueva, ResenaPublica, ResenasProducto } from './resenas-schemas.ts';
import { request } from './request.ts';
import { api, param } from './routes.ts';

/** Reviews only buyers can write (issue 25): the product page's calls. */

export const isResenaPublica = fieldsOf<ResenaPublica>({
  id: 'number',
  estrellas: 'number',
  titulo: 'string',
  texto: 'string',
  autor: 'string',
  fecha: 'string',
  compraVerificada: isTrue,
});
const isResenasProducto = fieldsOf<ResenasProducto>({
  idProducto: 'number',
  promedio: 'number',
  cantidad: 'number',
  pagina: 'number',
  paginas: 'number',
  resenas: listOf(isResenaPublica),
});
const isPuedoResenar = fieldsOf<PuedoResenar>({ puede: 'boolean', mensaje: 'string' });
const isResenaCreada = fieldsOf<ResenaCreada>({ mensaje: 'string', resena: 'object' });

/** GET /api/resenas/producto/{id}?pagina=N: a page of the product's approved reviews, newest first, with the average and count. */
export const fetchResenas = (idProducto: number, pagina = 1, signal?: AbortSignal): Promise<ResenasProducto> =>
  request(`${api.api.resenas.producto[':idProducto'].$path({ param: { idProducto: param(idProducto) } })}?pagina=${pagina}`, {
    check: isResenasProducto,
    signal,
  });

/** GET /api/resenas/puedo/{id}: whether the signed-in customer may review the product, and the shop's words why (not). */
export const puedoResenar = (idProducto: number, token: string, signal?: AbortSignal): Promise<PuedoResenar> =>
  request(api.api.resenas.puedo[':idProducto'].$path({ param: { idProducto: param(idProducto) } }), {
    check: isPuedoResenar,
    token,
    signal,
  });

/** POST /api/resenas: sends a review for moderation; a refusal (400, 403, 409) is an ApiError with the server's mensaje. */
export const enviarResena = (body: ResenaNueva, token: string): Promise<ResenaCreada> =>
  request(api.api.resenas.$path(), { method: 'POST', body, token, check: isResenaCreada });
