import { Hono } from 'hono';
import { ownUserId, requireAuth, type AuthEnv } from '../auth/context.ts';
import type { Db } from '../db/client.ts';
import { clientError } from '../http/errors.ts';
import { parseId } from '../http/params.ts';
import type { ServerConfig } from '../config.ts';
import { transferenciaDelPedido } from '../checkout/metodos/transferencia.ts';
import { listOrders, orderDetail } from './queries.ts';

interface OrderDeps {
  db: Db;
  secret: () => Promise<Uint8Array>;
  /** The shop's bank accounts, shown on a pending transfer order (issue 36). */
  config?: Pick<ServerConfig, 'transferencia'>;
}

/** GET /api/detalle-pedido/{idVenta} (checkout §7): the customer's own order, in `mensaje`, with its receipts. */
export function orderRoutes({ db, secret, config }: OrderDeps) {
  return new Hono<AuthEnv>().use('/detalle-pedido/*', requireAuth(secret)).get('/detalle-pedido/:idVenta', async (c) => {
    const detalle = await orderDetail(db, parseId(c.req.param('idVenta'), 'número de pedido'), c.get('claims').idUsuario);
    // Another customer's order answers like a missing one: order numbers are not secrets, their contents are.
    if (!detalle) throw clientError(404, 'No encontramos ese pedido entre tus compras.');
    // A transfer order still waiting for its transfer shows where to pay and how much (issue 36).
    const transferencia = config ? await transferenciaDelPedido(db, config.transferencia, detalle.idVenta) : {};
    return c.json({ mensaje: { ...detalle, ...transferencia } });
  });
}

/** GET /web/ListPedidos/{userId} (checkout §7): the token's own orders (403 for another user's), newest first. */
export function orderListRoutes({ db, secret }: OrderDeps) {
  return new Hono<AuthEnv>()
    .use('/ListPedidos/*', requireAuth(secret))
    .get('/ListPedidos/:userId', async (c) => c.json(await listOrders(db, ownUserId(c))));
}
