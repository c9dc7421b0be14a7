import { Hono } from 'hono';
import { ownUserId, requireAuth, type AuthEnv } from '../auth/context.ts';
import type { Db } from '../db/client.ts';
import { clientError } from '../http/errors.ts';
import { parseId } from '../http/params.ts';
import { listOrders, orderDetail } from './queries.ts';

interface OrderDeps {
  db: Db;
  secret: () => Promise<Uint8Array>;
}

/** GET /api/detalle-pedido/{idVenta} (checkout §7): the customer's own order, in `mensaje`, with its receipts. */
export function orderRoutes({ db, secret }: OrderDeps) {
  return new Hono<AuthEnv>().use('/detalle-pedido/*', requireAuth(secret)).get('/detalle-pedido/:idVenta', async (c) => {
    const detalle = await orderDetail(db, parseId(c.req.param('idVenta'), 'número de pedido'), c.get('claims').idUsuario);
    // Another customer's order answers like a missing one: order numbers are not secrets, their contents are.
    if (!detalle) throw clientError(404, 'No encontramos ese pedido entre tus compras.');
    return c.json({ mensaje: detalle });
  });
}

/** GET /web/ListPedidos/{userId} (checkout §7): the token's own orders (403 for another user's), newest first. */
export function orderListRoutes({ db, secret }: OrderDeps) {
  return new Hono<AuthEnv>()
    .use('/ListPedidos/*', requireAuth(secret))
    .get('/ListPedidos/:userId', async (c) => c.json(await listOrders(db, ownUserId(c))));
}
