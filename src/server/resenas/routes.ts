import { Hono } from 'hono';
import { MENSAJES_RESENA, resenaNuevaSchema, type PuedoResenar, type ResenaCreada } from '../../lib/api/resenas-schemas.ts';
import { requireAuth, type AuthDeps, type AuthEnv } from '../auth/context.ts';
import { enforceRateLimit } from '../auth/rate-limit.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { respuestaPaginaSimple } from '../http/pagina-simple.ts';
import { detectType, megas, storeImage } from '../images/store.ts';
import { darDeBajaCorreos, paginaBaja } from './pagina.ts';
import { crearResena, elegibilidad, resenasDeProducto, resenasPublicadas } from './queries.ts';

/** The photo types a customer may send (read from the bytes): no SVG, GIF or video from strangers. */
const TIPOS_FOTO = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** How long a browser or CDN may keep the public lists: an approval shows within a minute. */
const CACHE_PUBLICA = 'public, max-age=60';

/** The product id of a path, or a 400 in Spanish. */
function idProductoDe(raw: string | undefined): number {
  if (!/^[1-9]\d{0,8}$/.test(raw ?? '')) throw clientError(400, MENSAJES_RESENA.productoInvalido);
  return Number(raw);
}

/** The `pagina` query (1 when absent), or a 400. */
function paginaDe(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) throw clientError(400, 'La página debe ser un número entero positivo.');
  return Number(raw);
}

/** The photo's bytes from base64 or a data: URL, checked by their content (JPEG, PNG or WebP, at most `maximo` bytes). */
export function fotoDe(foto: string, maximo: number): Uint8Array {
  const base64 = foto.replace(/^data:[^,]{0,100};base64,/i, '').replace(/\s+/g, '');
  if (!base64 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(base64)) throw clientError(400, MENSAJES_RESENA.fotoInvalida);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > maximo) throw clientError(413, `La foto pesa ${megas(bytes.length)}: el máximo es ${megas(maximo)}.`);
  const tipo = detectType(bytes);
  if (!tipo || !TIPOS_FOTO.has(tipo)) throw clientError(400, MENSAJES_RESENA.fotoInvalida);
  return bytes;
}

/**
 * Reviews only buyers can write (issue 25; the calls are listed in lib/api/resenas-schemas.ts). The
 * public lists show approved reviews only; a customer's review (one per product, from a delivered
 * order) waits for the operator. The per-account limit counts every well-formed review sent.
 */
export function resenaRoutes({ db, config, secret }: AuthDeps) {
  const auth = requireAuth(secret);
  const baja = async (clave: string) => respuestaPaginaSimple(paginaBaja(await darDeBajaCorreos(db, clave)), config.siteUrl);
  return new Hono<AuthEnv>()
    .get('/resenas/publicadas', async (c) => {
      c.header('Cache-Control', CACHE_PUBLICA);
      return c.json(await resenasPublicadas(db));
    })
    .get('/resenas/producto/:idProducto', async (c) => {
      const lista = await resenasDeProducto(db, idProductoDe(c.req.param('idProducto')), paginaDe(c.req.query('pagina')));
      if (!lista) throw clientError(404, MENSAJES_RESENA.noExiste);
      c.header('Cache-Control', CACHE_PUBLICA);
      return c.json(lista);
    })
    // The e-mail's unsubscribe link: a page for a person (GET) and RFC 8058's one-click POST for a mail client.
    .get('/resenas/baja/:clave', (c) => baja(c.req.param('clave')))
    .post('/resenas/baja/:clave', (c) => baja(c.req.param('clave')))
    .get('/resenas/puedo/:idProducto', auth, async (c) => {
      const veredicto = await elegibilidad(db, c.get('claims').idUsuario, idProductoDe(c.req.param('idProducto')));
      c.header('Cache-Control', 'private, no-store');
      return c.json((veredicto.puede ? { puede: true, mensaje: MENSAJES_RESENA.puede } : { puede: false, mensaje: veredicto.mensaje }) satisfies PuedoResenar);
    })
    .post('/resenas', auth, async (c) => {
      const datos = await parseBody(c, resenaNuevaSchema);
      const clienteId = c.get('claims').idUsuario;
      await enforceRateLimit(db, `resenas:cuenta:${clienteId}`, config.rateLimits.resenasPorCuenta);
      const veredicto = await elegibilidad(db, clienteId, datos.idProducto);
      if (!veredicto.puede) throw clientError(veredicto.status, veredicto.mensaje);
      const foto = datos.foto === undefined || datos.foto === '' ? null : (await storeImage(db, fotoDe(datos.foto, config.resenas.fotoMaximaBytes), `resena-${clienteId}-${datos.idProducto}`)).url;
      const { foto: _foto, idProducto: productoId, ...texto } = datos;
      const resena = await crearResena(db, { ...texto, productoId, clienteId, pedidoId: veredicto.pedidoId, foto });
      if (!resena) throw clientError(409, MENSAJES_RESENA.yaResenado);
      return c.json({ mensaje: MENSAJES_RESENA.recibida, resena } satisfies ResenaCreada, 201);
    });
}
