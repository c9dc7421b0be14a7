import { Hono, type Context } from 'hono';
import { preferenciaSchema, type Preferencia } from '../../lib/api/checkout-schemas.ts';
import { PEDIDOS } from '../../lib/tienda.ts';
import { clientIp, ownUserId, requireAuth, type AuthEnv } from '../auth/context.ts';
import { enforceRateLimit } from '../auth/rate-limit.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { MENSAJES_YAPE, YAPE_MAXIMO_SOLES, type YapeDisponible } from '../../lib/api/yape-rules.ts';
import type { Emision } from '../comprobantes/emision.ts';
import { createOrder, derivedKey, type CheckoutDeps, type Clave, type MetodoPagoPedido } from './create-order.ts';
import { pagoYapeSchema, payWithYape, takesYape } from './yape.ts';
import { metodosDisponibles } from './metodos-pago.ts';
import type { MetodosPagoDisponibles } from '../../lib/api/metodos-pago.ts';
import { quoteOrder, quoteToWire } from './quote.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The body of a checkout call for the token's own user (checkout §7). */
async function checkoutBody(c: Context<AuthEnv>): Promise<{ userId: number; body: Preferencia }> {
  const userId = ownUserId(c);
  const body = await parseBody(c, preferenciaSchema);
  if (body.metadata.id_usuario !== userId) throw clientError(403, 'Los datos del pedido son de otro usuario.');
  return { userId, body };
}

/** The Idempotency-Key header of a pay attempt (undefined without one); 400 for a malformed one. */
function headerKey(c: Context<AuthEnv>): string | undefined {
  const header = c.req.header('Idempotency-Key')?.trim();
  if (header !== undefined && !IDEMPOTENCY_KEY.test(header)) {
    throw clientError(400, 'La clave de idempotencia (encabezado Idempotency-Key) debe tener de 8 a 100 letras, números, guiones o guiones bajos.');
  }
  return header;
}

/** The attempt's key: the header's, or the one the server derives from the customer, the request and the time. */
const claveDe = (header: string | undefined, userId: number, body: Preferencia, metodoPago: MetodoPagoPedido = 'checkout-pro'): Clave =>
  header ? { tipo: 'cliente', valor: header } : derivedKey(userId, body, PEDIDOS.ventanaIdempotenciaMinutos, new Date(), metodoPago);

/**
 * POST /carrito/cotizar/{userId} (the server's price of a cart), /carrito/create-preference/{userId}
 * and /carrito/yape/{userId} (issue 24: the same order paid with Yape at once), GET /carrito/yape
 * (whether the shop takes Yape), GET /carrito/metodos-pago (issue 34: the methods it completes now): pay attempts are rate-limited per IP and per account, and the
 * Idempotency-Key header is optional (without it the server derives the key from the customer, the
 * request and a short time window).
 */
export function checkoutRoutes(deps: CheckoutDeps & { secret: () => Promise<Uint8Array>; emision: Emision }) {
  const { db, config } = deps;
  const limitAttempts = async (c: Context<AuthEnv>, userId: number) => {
    await enforceRateLimit(db, `checkout:ip:${clientIp(c, config)}`, config.rateLimits.checkoutPorIp);
    await enforceRateLimit(db, `checkout:cuenta:${userId}`, config.rateLimits.checkoutPorCuenta);
  };
  return new Hono<AuthEnv>()
    .use('/cotizar/*', requireAuth(deps.secret))
    .use('/create-preference/*', requireAuth(deps.secret))
    .use('/yape/:userId', requireAuth(deps.secret))
    .post('/cotizar/:userId', async (c) => {
      const { userId, body } = await checkoutBody(c);
      return c.json(quoteToWire(await quoteOrder(db, userId, body, { unidadesPorProducto: config.unidadesPorProducto })));
    })
    .post('/create-preference/:userId', async (c) => {
      const header = headerKey(c);
      const userId = ownUserId(c);
      await limitAttempts(c, userId);
      const { body } = await checkoutBody(c);
      return c.json(await createOrder(deps, userId, claveDe(header, userId, body), body));
    })
    .get('/metodos-pago', (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ metodos: metodosDisponibles(deps.pasarela) } satisfies MetodosPagoDisponibles);
    })
    .get('/yape', (c) => c.json({ disponible: takesYape(deps.pasarela), maximo: YAPE_MAXIMO_SOLES, prueba: deps.pasarela?.sandbox ?? false } satisfies YapeDisponible))
    .post('/yape/:userId', async (c) => {
      const header = headerKey(c);
      const userId = ownUserId(c);
      if (!takesYape(deps.pasarela)) throw clientError(503, MENSAJES_YAPE.noDisponible);
      await limitAttempts(c, userId);
      const body = await parseBody(c, pagoYapeSchema);
      if (body.metadata.id_usuario !== userId) throw clientError(403, 'Los datos del pedido son de otro usuario.');
      const resultado = await payWithYape(deps, userId, claveDe(header, userId, body, 'yape'), body);
      return c.json(resultado.body, resultado.status);
    });
}
