import { Hono, type MiddlewareHandler } from 'hono';
import { avisoNuevoSchema, MENSAJES_AVISO, type AvisoRespuesta } from '../../lib/api/avisos-schemas.ts';
import { clientIp, requireAuth, type AuthDeps, type AuthEnv } from '../auth/context.ts';
import { enforceRateLimit } from '../auth/rate-limit.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { respuestaPaginaSimple } from '../http/pagina-simple.ts';
import { correoDeCliente, darDeBaja, productoParaAviso, suscribir } from './queries.ts';

/** A customer's session token when the request brings one (then valid and current, else 401); none is an anonymous visitor. */
function optionalAuth(secret: AuthDeps['secret']): MiddlewareHandler<AuthEnv> {
  const required = requireAuth(secret);
  return (c, next) => (c.req.header('Authorization') === undefined ? next() : required(c, next));
}

/**
 * 'Avísame cuando llegue' (issue 25). POST /api/avisos-stock `{ productoId, correo? }` subscribes an
 * address to a visible sold-out product and answers 202 with the same body whether it was added, was
 * already waiting (no second row) or is over the pending notices an address may hold from anonymous
 * requests (RESTOCK_ALERT_PER_ADDRESS_MAX; a signed-in customer's own address has no such cap): the
 * answer never tells whether an address waits. A signed-in customer may leave `correo` out. Every
 * well-formed request counts toward the per-IP limit, so the form cannot be used to mail strangers in bulk. GET /api/avisos-stock/baja/{clave} is the
 * e-mail's one-click unsubscribe: a small page, no sign-in.
 */
export function avisoRoutes({ db, config, secret }: AuthDeps) {
  return new Hono<AuthEnv>()
    .use('/avisos-stock', optionalAuth(secret))
    .post('/avisos-stock', async (c) => {
      const datos = await parseBody(c, avisoNuevoSchema);
      await enforceRateLimit(db, `avisos:ip:${clientIp(c, config)}`, config.rateLimits.avisosPorIp);
      const claims = c.get('claims') as AuthEnv['Variables']['claims'] | undefined;
      const cuenta = claims ? await correoDeCliente(db, claims.idUsuario) : undefined;
      const correo = datos.correo ?? cuenta;
      if (!correo) throw clientError(400, MENSAJES_AVISO.faltaCorreo);
      const producto = await productoParaAviso(db, datos.productoId);
      if (!producto || !producto.visible) throw clientError(409, MENSAJES_AVISO.noExiste);
      if (producto.stock > 0) throw clientError(409, MENSAJES_AVISO.hayStock);
      // An address nobody proved is theirs (not the signed-in account's) waits for a capped number of products.
      const limite = correo === cuenta ? undefined : config.avisosStock.pendientesPorCorreo;
      await suscribir(db, { productoId: producto.id, correo, clienteId: claims?.idUsuario ?? null, limite });
      // The same answer whether the address was added, already waiting or over its cap: nothing tells who waits for what.
      return c.json({ mensaje: MENSAJES_AVISO.teAvisaremos(correo) } satisfies AvisoRespuesta, 202);
    })
    .get('/avisos-stock/baja/:clave', async (c) => {
      const baja = await darDeBaja(db, c.req.param('clave'));
      const pagina = baja
        ? baja.yaEnviado
          ? {
              titulo: 'Aviso ya enviado',
              mensaje: `Ya te avisamos que ${baja.producto} volvió: no te escribiremos más sobre él.`,
              status: 200 as const,
            }
          : {
              titulo: 'Aviso anulado',
              mensaje: `Listo: no te avisaremos cuando ${baja.producto} vuelva a estar disponible.`,
              status: 200 as const,
            }
        : { titulo: 'Enlace no válido', mensaje: 'No encontramos ese aviso. Revisa el enlace que te enviamos.', status: 404 as const };
      return respuestaPaginaSimple(pagina, config.siteUrl);
    });
}
