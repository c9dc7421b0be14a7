import { Hono, type Context } from 'hono';
import { preferenciaSchema, type Preferencia } from '../../lib/api/checkout-schemas.ts';
import type { MetodosPagoDisponibles } from '../../lib/api/metodos-pago.ts';
import { PEDIDOS } from '../../lib/tienda.ts';
import { clientIp, ownUserId, requireAuth, type AuthEnv } from '../auth/context.ts';
import { enforceRateLimit } from '../auth/rate-limit.ts';
import type { Emision } from '../comprobantes/emision.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { applyPayment } from '../payments/aplicar.ts';
import { derivedKey, type CheckoutDeps } from './create-order.ts';
import { checkoutPro } from './metodos/checkout-pro.ts';
import { METODOS_SERVIDOR, metodosDisponibles } from './metodos/index.ts';
import type { ContextoMetodo, MetodoServidor } from './metodos/metodo.ts';
import { transferencia } from './metodos/transferencia.ts';
import { yape } from './metodos/yape.ts';
import { quoteOrder, quoteToWire } from './quote.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The body of a checkout call for the token's own user `userId` (checkout §7). */
async function ownBody<B extends Preferencia>(c: Context<AuthEnv>, body: B, userId: number): Promise<B> {
  if (body.metadata.id_usuario !== userId) throw clientError(403, 'Los datos del pedido son de otro usuario.');
  return body;
}

/** The Idempotency-Key header of a pay attempt (undefined without one); 400 for a malformed one. */
function headerKey(c: Context<AuthEnv>): string | undefined {
  const header = c.req.header('Idempotency-Key')?.trim();
  if (header !== undefined && !IDEMPOTENCY_KEY.test(header)) {
    throw clientError(
      400,
      'La clave de idempotencia (encabezado Idempotency-Key) debe tener de 8 a 100 letras, números, guiones o guiones bajos.',
    );
  }
  return header;
}

export type CheckoutRoutesDeps = CheckoutDeps & {
  secret: () => Promise<Uint8Array>;
  emision: Emision;
  /** The payment methods this server implements (METODOS_SERVIDOR unless a test adds one through the seam). */
  metodos?: readonly MetodoServidor[];
};

/**
 * POST /carrito/cotizar/{userId} (the server's price of a cart), GET /carrito/metodos-pago (issue 34: the
 * methods it completes now) and each payment method's own calls (Checkout Pro's create-preference, Yape's
 * /carrito/yape…; see ./metodos/): pay attempts are rate-limited per IP and per account, and the
 * Idempotency-Key header is optional (without it the server derives the key from the customer, the
 * request, the method and a short time window).
 */
export function checkoutRoutes(deps: CheckoutRoutesDeps) {
  const { db, config } = deps;
  const metodos = deps.metodos ?? METODOS_SERVIDOR;
  const ctx: ContextoMetodo = {
    ...deps,
    requiereSesion: requireAuth(deps.secret),
    encabezadoClave: headerKey,
    clave: (header, userId, body, metodo) =>
      header ? { tipo: 'cliente', valor: header } : derivedKey(userId, body, PEDIDOS.ventanaIdempotenciaMinutos, new Date(), metodo.id),
    async limitarIntentos(c, userId) {
      await enforceRateLimit(db, `checkout:ip:${clientIp(c, config)}`, config.rateLimits.checkoutPorIp);
      await enforceRateLimit(db, `checkout:cuenta:${userId}`, config.rateLimits.checkoutPorCuenta);
    },
    cuerpo: async (c, schema, userId) => ownBody(c, await parseBody(c, schema), userId),
    aplicarPago: (pago) => applyPayment(db, pago, deps.pasarela?.nombre ?? '', deps.emision),
  };
  const routes = new Hono<AuthEnv>()
    .use('/cotizar/*', requireAuth(deps.secret))
    .post('/cotizar/:userId', async (c) => {
      const userId = ownUserId(c);
      const body = await ctx.cuerpo(c, preferenciaSchema, userId);
      return c.json(quoteToWire(await quoteOrder(db, userId, body, { unidadesPorProducto: config.unidadesPorProducto })));
    })
    .get('/metodos-pago', async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ metodos: await metodosDisponibles(metodos, deps.pasarela, config, db) } satisfies MetodosPagoDisponibles);
    })
    // The shop's own methods, chained so their calls stay in the API's type (the browser's typed paths).
    .route('/', checkoutPro.rutas(ctx))
    .route('/', yape.rutas(ctx))
    .route('/', transferencia.rutas(ctx));
  // Any other method given (added through the seam) mounts its own calls beside them.
  for (const metodo of metodos) if (!(METODOS_SERVIDOR as readonly MetodoServidor[]).includes(metodo)) routes.route('/', metodo.rutas(ctx));
  return routes;
}
