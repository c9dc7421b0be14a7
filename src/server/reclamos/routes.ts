import { Hono, type MiddlewareHandler } from 'hono';
import { reclamoNuevoSchema, type HojaRespuesta } from '../../lib/api/reclamos-schemas.ts';
import { clientIp, requireAuth, type AuthDeps, type AuthEnv } from '../auth/context.ts';
import { enforceRateLimit } from '../auth/rate-limit.ts';
import { parseBody } from '../http/body.ts';
import { noLaborables } from './calendario.ts';
import { registrarReclamo } from './queries.ts';

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
 * number, date and deadline (201 `{ hoja }`); a signed-in customer's sheet is linked to the account.
 * Only well-formed sheets count toward the per-IP limit, so a consumer correcting a form is never locked out.
 */
export function reclamoRoutes({ db, config, secret }: AuthDeps) {
  return new Hono<AuthEnv>().use('/libro-reclamaciones', optionalAuth(secret)).post('/libro-reclamaciones', async (c) => {
    const datos = await parseBody(c, reclamoNuevoSchema);
    await enforceRateLimit(db, `reclamos:ip:${clientIp(c, config)}`, config.rateLimits.reclamosPorIp);
    const claims = c.get('claims') as AuthEnv['Variables']['claims'] | undefined;
    const hoja = await registrarReclamo(db, datos, { clienteId: claims?.idUsuario ?? null, noLaborable: noLaborables(config.reclamos.diasNoLaborables) });
    return c.json({ hoja } satisfies HojaRespuesta, 201);
  });
}
