import { Hono, type Context } from 'hono';
import { MENSAJES_RESENA, resenaNuevaSchema, type PuedoResenar, type ResenaCreada } from '../../lib/api/resenas-schemas.ts';
import { requireAuth, type AuthDeps, type AuthEnv } from '../auth/context.ts';
import { enforceRateLimit, refuseWhenLimited } from '../auth/rate-limit.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { respuestaPaginaSimple } from '../http/pagina-simple.ts';
import { fotoDe, procesarFoto } from './fotos.ts';
import { darDeBajaCorreos, paginaBaja } from './pagina.ts';
import { crearResena, elegibilidad, elegibilidadPrevia, resenasDeProducto, resenasPublicadas } from './queries.ts';

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

/**
 * Whether a body may be read before the customer is known to be able to review something: one of at
 * most the general limit costs what any call costs, and keeps the exact answer for the product it names.
 */
const cuerpoPequeno = (c: Context, maximo: number) => {
  const largo = Number(c.req.header('Content-Length') ?? NaN);
  return Number.isFinite(largo) && largo <= maximo;
};

/**
 * Reviews only buyers can write (issue 25; the calls are listed in lib/api/resenas-schemas.ts). The
 * public lists show approved reviews only; a customer's review (one per product, from a delivered
 * order) waits for the operator. The per-account limit counts every well-formed review sent.
 */
export function resenaRoutes({ db, config, secret }: AuthDeps) {
  const auth = requireAuth(secret);
  const baja = async (clave: string) => respuestaPaginaSimple(paginaBaja(await darDeBajaCorreos(db, clave)), config.siteUrl);
  return (
    new Hono<AuthEnv>()
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
        return c.json(
          (veredicto.puede
            ? { puede: true, mensaje: MENSAJES_RESENA.puede }
            : { puede: false, mensaje: veredicto.mensaje }) satisfies PuedoResenar,
        );
      })
      .post('/resenas', auth, async (c) => {
        const clienteId = c.get('claims').idUsuario;
        const limite = `resenas:cuenta:${clienteId}`;
        // A photo's body (up to REVIEW_PHOTO_MAX_BYTES) is read only from a customer within her limit who
        // may review something (issue 34): anyone else's is answered unread.
        await refuseWhenLimited(db, limite, config.rateLimits.resenasPorCuenta);
        if (!cuerpoPequeno(c, config.cuerpoMaximoBytes)) {
          const previa = await elegibilidadPrevia(db, clienteId);
          if (!previa.puede) throw clientError(previa.status, previa.mensaje);
        }
        const datos = await parseBody(c, resenaNuevaSchema);
        await enforceRateLimit(db, limite, config.rateLimits.resenasPorCuenta);
        const veredicto = await elegibilidad(db, clienteId, datos.idProducto);
        if (!veredicto.puede) throw clientError(veredicto.status, veredicto.mensaje);
        const foto =
          datos.foto === undefined || datos.foto === '' ? null : await procesarFoto(fotoDe(datos.foto, config.resenas.fotoMaximaBytes));
        const { foto: _foto, idProducto: productoId, ...texto } = datos;
        const resena = await crearResena(db, { ...texto, productoId, clienteId, pedidoId: veredicto.pedidoId, foto });
        if (!resena) throw clientError(409, MENSAJES_RESENA.yaResenado);
        return c.json({ mensaje: MENSAJES_RESENA.recibida, resena } satisfies ResenaCreada, 201);
      })
  );
}
