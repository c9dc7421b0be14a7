import { Hono, type MiddlewareHandler } from 'hono';
import { reclamoNuevoSchema, type HojaRespuesta } from '../../lib/api/reclamos-schemas.ts';
import { clientIp, requireAuth, type AuthDeps, type AuthEnv } from '../auth/context.ts';
import { enforceRateLimit } from '../auth/rate-limit.ts';
import { parseBody } from '../http/body.ts';
import { cabecerasPagina, respuestaPaginaSimple } from '../http/pagina-simple.ts';
import { calendarioVigente } from './calendario.ts';
import { numeroFirmado, rutaHoja } from './enlace.ts';
import { CSP_HOJA, paginaHoja } from './pagina.ts';
import { hojaDe, reclamoPorNumero, registrarReclamo } from './queries.ts';

/**
 * A customer's session token when the request brings one (it must then be valid and current: 401
 * otherwise, like every other call); no token is an anonymous visitor, who may file too.
 */
function optionalAuth(secret: AuthDeps['secret']): MiddlewareHandler<AuthEnv> {
  const required = requireAuth(secret);
  return (c, next) => (c.req.header('Authorization') === undefined ? next() : required(c, next));
}

/**
 * POST /api/libro-reclamaciones (issue 23): files a hoja de reclamación and answers it with its
 * number, date and deadline, and how its copy goes (201 `{ hoja, copia }`); a signed-in customer's
 * sheet is linked to the account. Only well-formed sheets count toward the per-IP limit, so a
 * consumer correcting a form is never locked out. GET /api/libro-reclamaciones/hoja/{numero}/{firma}
 * is the sheet's page, the capability its copy carries: a wrong signature is a 404 like a missing sheet.
 */
export function reclamoRoutes({ db, config, secret }: AuthDeps) {
  return new Hono<AuthEnv>()
    .use('/libro-reclamaciones', optionalAuth(secret))
    .post('/libro-reclamaciones', async (c) => {
      const datos = await parseBody(c, reclamoNuevoSchema);
      await enforceRateLimit(db, `reclamos:ip:${clientIp(c, config)}`, config.rateLimits.reclamosPorIp);
      const claims = c.get('claims') as AuthEnv['Variables']['claims'] | undefined;
      const { copia: envio, ...hoja } = await registrarReclamo(db, datos, {
        clienteId: claims?.idUsuario ?? null,
        // The deadline counts the shop's own closed days as they stand when the sheet is filed.
        noLaborable: await calendarioVigente(db, config.reclamos.diasNoLaborables),
        topes: config.reclamos,
      });
      return c.json({ hoja, copia: { envio, enlace: await rutaHoja(db, hoja.numero) } } satisfies HojaRespuesta, 201);
    })
    .get('/libro-reclamaciones/hoja/:numero/:firma', async (c) => {
      const numero = await numeroFirmado(db, c.req.param('numero'), c.req.param('firma'));
      const row = numero ? await reclamoPorNumero(db, numero) : undefined;
      if (!row)
        return respuestaPaginaSimple(
          {
            titulo: 'Hoja no encontrada',
            mensaje: 'No encontramos esa hoja de reclamación. Revisa el enlace que te enviamos por correo.',
            status: 404,
          },
          config.siteUrl,
        );
      return c.body(paginaHoja(hojaDe(row)), 200, cabecerasPagina(CSP_HOJA));
    });
}
