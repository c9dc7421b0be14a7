import { Hono, type Context } from 'hono';
import { preferenciaSchema, type Preferencia } from '../../lib/api/checkout-schemas.ts';
import { PEDIDOS } from '../../lib/tienda.ts';
import { clientIp, ownUserId, requireAuth, type AuthEnv } from '../auth/context.ts';
import { enforceRateLimit } from '../auth/rate-limit.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { createOrder, derivedKey, type CheckoutDeps, type Clave } from './create-order.ts';
import { quoteOrder, quoteToWire } from './quote.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The body of a checkout call for the token's own user (checkout §7). */
async function checkoutBody(c: Context<AuthEnv>): Promise<{ userId: number; body: Preferencia }> {
  const userId = ownUserId(c);
  const body = await parseBody(c, preferenciaSchema);
  if (body.metadata.id_usuario !== userId) throw clientError(403, 'Los datos del pedido son de otro usuario.');
  return { userId, body };
}

/**
 * POST /carrito/cotizar/{userId} (the server's price of a cart) and /carrito/create-preference/{userId}:
 * pay attempts are rate-limited per IP and per account, and the Idempotency-Key header is optional
 * (without it the server derives the key from the customer, the request and a short time window).
 */
export function checkoutRoutes(deps: CheckoutDeps & { secret: () => Promise<Uint8Array> }) {
  const { db, config } = deps;
  return new Hono<AuthEnv>()
    .use('/cotizar/*', requireAuth(deps.secret))
    .use('/create-preference/*', requireAuth(deps.secret))
    .post('/cotizar/:userId', async (c) => {
      const { userId, body } = await checkoutBody(c);
      return c.json(quoteToWire(await quoteOrder(db, userId, body, { unidadesPorProducto: config.unidadesPorProducto })));
    })
    .post('/create-preference/:userId', async (c) => {
      const header = c.req.header('Idempotency-Key')?.trim();
      if (header !== undefined && !IDEMPOTENCY_KEY.test(header)) {
        throw clientError(400, 'La clave de idempotencia (encabezado Idempotency-Key) debe tener de 8 a 100 letras, números, guiones o guiones bajos.');
      }
      const userId = ownUserId(c);
      await enforceRateLimit(db, `checkout:ip:${clientIp(c, config)}`, config.rateLimits.checkoutPorIp);
      await enforceRateLimit(db, `checkout:cuenta:${userId}`, config.rateLimits.checkoutPorCuenta);
      const { body } = await checkoutBody(c);
      const clave: Clave = header ? { tipo: 'cliente', valor: header } : derivedKey(userId, body, PEDIDOS.ventanaIdempotenciaMinutos);
      return c.json(await createOrder(deps, userId, clave, body));
    });
}
