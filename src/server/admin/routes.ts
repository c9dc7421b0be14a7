import { Hono } from 'hono';
import { ESTADOS_PEDIDO } from '../../lib/api/checkout-schemas.ts';
import { cambioEstadoSchema, type CambioEstadoRespuesta, type ListaPedidosOperador, type PedidoOperadorRespuesta } from '../../lib/api/orders-schemas.ts';
import { backupFileName, dumpEmbedded, embeddedClient, PG_DUMP_ADVICE } from '../db/backup.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { parseId } from '../http/params.ts';
import { moveOrder } from '../orders/transitions.ts';
import { requireOperator, type OperatorAuthDeps } from './auth.ts';
import { operatorOrderDetail, operatorOrders } from './queries.ts';
import { rebuildAfterCatalogueChange, type RebuildDeps } from './rebuild.ts';

const estadoSchema = cambioEstadoSchema.shape.estado;
const notFound = (id: number) => clientError(404, `No existe el pedido N.° ${id}.`);

/**
 * The operator API (under /admin/api), for the shop's staff and `npm run shop`: list orders, read one,
 * move it along (checkout §4), and download a backup of the embedded database (`npm run shop --
 * respaldo` while the shop holds it). Only the operator token opens it (see requireOperator).
 */
export function adminRoutes(deps: OperatorAuthDeps & RebuildDeps) {
  const { db } = deps;
  return new Hono()
    .use('*', requireOperator(deps))
    .use('*', rebuildAfterCatalogueChange(deps))
    .get('/pedidos', async (c) => {
      const raw = c.req.query('estado');
      const estado = raw === undefined || raw === '' ? undefined : estadoSchema.safeParse(raw);
      if (estado && !estado.success) throw clientError(400, `El estado debe ser uno de: ${ESTADOS_PEDIDO.join(', ')}.`);
      return c.json({ pedidos: await operatorOrders(db, estado?.data) } satisfies ListaPedidosOperador);
    })
    .get('/pedidos/:idVenta', async (c) => {
      const id = parseId(c.req.param('idVenta'), 'número de pedido');
      const pedido = await operatorOrderDetail(db, id);
      if (!pedido) throw notFound(id);
      return c.json({ pedido } satisfies PedidoOperadorRespuesta);
    })
    .post('/pedidos/:idVenta/estado', async (c) => {
      const id = parseId(c.req.param('idVenta'), 'número de pedido');
      const { estado, nota } = await parseBody(c, cambioEstadoSchema);
      const movimiento = await moveOrder(db, id, estado, nota);
      if (movimiento.resultado === 'sin-pedido') throw notFound(id);
      if (movimiento.resultado === 'rechazado') throw clientError(409, movimiento.mensaje);
      const pedido = (await operatorOrderDetail(db, id))!;
      const mensaje = `Pedido N.° ${id}: pasó a ${estado}. Avisaremos a ${pedido.cliente.correo} por correo.`;
      return c.json({ mensaje, pedido } satisfies CambioEstadoRespuesta);
    })
    .get('/respaldo', async (c) => {
      const client = embeddedClient(db);
      if (!client) throw clientError(409, PG_DUMP_ADVICE);
      const dump = await dumpEmbedded(client);
      return c.body(dump.stream(), 200, {
        'Content-Type': 'application/gzip',
        'Content-Length': String(dump.size),
        'Content-Disposition': `attachment; filename="${backupFileName(new Date())}"`,
        'Cache-Control': 'no-store',
      });
    });
}
