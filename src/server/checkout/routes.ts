import { Hono, type Context } from 'hono';
import { preferenciaSchema, type Preferencia } from '../../lib/api/checkout-schemas.ts';
import { ownUserId, requireAuth, type AuthEnv } from '../auth/context.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { createOrder, type CheckoutDeps } from './create-order.ts';
import { quoteOrder, quoteToWire } from './quote.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The body of a checkout call for the token's own user (checkout §7). */
async function checkoutBody(c: Context<AuthEnv>): Promise<{ userId: number; body: Preferencia }> {
  const userId = ownUserId(c);
  const body = await parseBody(c, preferenciaSchema);
  if (body.metadata.id_usuario !== userId) throw clientError(403, 'Los datos del pedido son de otro usuario.');
  return { userId, body };
}

/** POST /carrito/cotizar/{userId} (the server's price of a cart) and /carrito/create-preference/{userId}. */
export function checkoutRoutes(deps: CheckoutDeps & { secret: () => Promise<Uint8Array> }) {
  return new Hono<AuthEnv>()
    .use('/cotizar/*', requireAuth(deps.secret))
    .use('/create-preference/*', requireAuth(deps.secret))
    .post('/cotizar/:userId', async (c) => {
      const { userId, body } = await checkoutBody(c);
      return c.json(quoteToWire(await quoteOrder(deps.db, userId, body)));
    })
    .post('/create-preference/:userId', async (c) => {
      const clave = c.req.header('Idempotency-Key')?.trim() ?? '';
      if (!IDEMPOTENCY_KEY.test(clave)) throw clientError(400, 'Falta la clave de idempotencia del intento de pago (encabezado Idempotency-Key).');
      const { userId, body } = await checkoutBody(c);
      return c.json(await createOrder(deps, userId, clave, body));
    });
}
