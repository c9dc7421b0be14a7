import { Hono } from 'hono';
import { requireAuth, type AuthEnv } from '../auth/context.ts';
import type { Db } from '../db/client.ts';
import { clientError } from '../http/errors.ts';
import { parseId } from '../http/params.ts';
import { orderDetail } from './queries.ts';

/** GET /api/detalle-pedido/{idVenta} (checkout §7): the customer's own order, in `mensaje`. */
export function orderRoutes({ db, secret }: { db: Db; secret: () => Promise<Uint8Array> }) {
  return new Hono<AuthEnv>().use('/detalle-pedido/*', requireAuth(secret)).get('/detalle-pedido/:idVenta', async (c) => {
    const detalle = await orderDetail(db, parseId(c.req.param('idVenta'), 'número de pedido'), c.get('claims').idUsuario);
    // Another customer's order answers like a missing one: order numbers are not secrets, their contents are.
    if (!detalle) throw clientError(404, 'No encontramos ese pedido entre tus compras.');
    return c.json({ mensaje: detalle });
  });
}
