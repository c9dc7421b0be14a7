import { Hono } from 'hono';
import { OPERACIONES } from '../../lib/tienda.ts';
import { type ServerConfig } from '../config.ts';
import { ESTADOS_PEDIDO } from '../../lib/api/checkout-schemas.ts';
import {
  cambioEstadoSchema,
  type CambioEstadoRespuesta,
  type ListaPedidosOperador,
  type PedidoOperadorRespuesta,
} from '../../lib/api/orders-schemas.ts';
import { comprobantesDelPedido } from '../comprobantes/emision.ts';
import { backupFileName, dumpEmbedded, embeddedClient, PG_DUMP_ADVICE } from '../db/backup.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { parseId } from '../http/params.ts';
import { moveOrder } from '../orders/life.ts';
import { devolucionRoutes } from '../orders/devoluciones-routes.ts';
import type { Pagos } from '../payments/services.ts';
import { audit, operadorDe, recentAudit, type OperatorEnv } from './audit.ts';
import { requireOperator, type OperatorAuthDeps } from './auth.ts';
import { exigirRol } from './roles.ts';
import { personalPublicRoutes, personalRoutes, type PersonalDeps } from '../personal/routes.ts';
import { comprobanteOperatorRoutes } from './comprobante-routes.ts';
import { contentRoutes } from './content-routes.ts';
import { couponRoutes } from './coupon-routes.ts';
import { productRoutes } from './product-routes.ts';
import { operatorOrderDetail, operatorOrders } from './queries.ts';
import { rebuildAfterCatalogueChange, type RebuildDeps } from './rebuild.ts';
import { reclamoOperatorRoutes } from './reclamos-routes.ts';
import { resenaOperatorRoutes } from './resenas-routes.ts';
import { transferenciaOperatorRoutes } from '../checkout/metodos/transferencia.ts';

const estadoSchema = cambioEstadoSchema.shape.estado;
const notFound = (id: number) => clientError(404, `No existe el pedido N.° ${id}.`);

/**
 * The operator API (under /admin/api), for the shop's staff and `npm run shop`: list orders, read one,
 * move it along (checkout §4), download a backup of the embedded database (`npm run shop --
 * respaldo` while the shop holds it), run the catalogue (products, import, images, coupons, home
 * content; issue 14), answer the Libro de Reclamaciones and follow the electronic receipts (issue 23),
 * moderate the customers' reviews (issue 25), each change recorded in the audit trail. A signed-in person, an API key or the
 * break-glass operator token opens it (see requireOperator); people, keys, exports and backups need a fresh owner (issue 36).
 */
export function adminRoutes(
  deps: OperatorAuthDeps &
    PersonalDeps &
    RebuildDeps & { pagos: Pagos; config: Pick<ServerConfig, 'imagenMaximaBytes' | 'comprobantes' | 'siteUrl' | 'resenas' | 'reclamos'> },
) {
  const { db } = deps;
  // Sign-in and invitations answer before the guard (they are how a person gets a session).
  return new Hono<OperatorEnv>()
    .route('/', personalPublicRoutes(deps))
    .use('*', requireOperator(deps))
    .route('/', personalRoutes(deps))
    .use('*', rebuildAfterCatalogueChange(deps))
    .route('/', productRoutes(deps))
    .route('/', couponRoutes(db))
    .route('/', contentRoutes(db))
    .route('/', reclamoOperatorRoutes(db, deps.config))
    .route('/', resenaOperatorRoutes(db))
    .route('/', comprobanteOperatorRoutes(deps))
    .route('/', devolucionRoutes(deps))
    .route('/', transferenciaOperatorRoutes(deps))
    .get('/auditoria', async (c) => {
      const raw = c.req.query('limite');
      const limite = raw === undefined || raw === '' ? OPERACIONES.auditoriaPorDefecto : Number(raw);
      if (!Number.isInteger(limite) || limite < 1 || limite > OPERACIONES.auditoriaMaxima)
        throw clientError(400, `El límite debe ser un número entero de 1 a ${OPERACIONES.auditoriaMaxima}.`);
      return c.json({ entradas: await recentAudit(db, limite) });
    })
    .get('/pedidos', async (c) => {
      const raw = c.req.query('estado');
      const estado = raw === undefined || raw === '' ? undefined : estadoSchema.safeParse(raw);
      if (estado && !estado.success) throw clientError(400, `El estado debe ser uno de: ${ESTADOS_PEDIDO.join(', ')}.`);
      return c.json({ pedidos: await operatorOrders(db, estado?.data) } satisfies ListaPedidosOperador);
    })
    .get('/pedidos/:idVenta', async (c) => {
      const id = parseId(c.req.param('idVenta'), 'número de pedido');
      const pedido = await operatorOrderDetail(db, id, deps.config.siteUrl);
      if (!pedido) throw notFound(id);
      return c.json({ pedido } satisfies PedidoOperadorRespuesta);
    })
    .post('/pedidos/:idVenta/estado', async (c) => {
      const id = parseId(c.req.param('idVenta'), 'número de pedido');
      const { estado, nota, courier, guia } = await parseBody(c, cambioEstadoSchema);
      // The audit entry is written in the move's own transaction: no move without its entry, no entry without its move.
      const movimiento = await moveOrder(db, id, estado, {
        nota,
        envio: { courier, guia },
        comprobantes: comprobantesDelPedido(deps.config.comprobantes),
        invitacionResenaDias: deps.config.resenas.invitacionDias,
        alMover: (tx, antes) =>
          audit(tx, operadorDe(c), [
            {
              accion: 'pedido.estado',
              objetivo: `pedido ${id}`,
              antes: { estado: antes.estado },
              despues: { estado, ...(nota ? { nota } : {}), ...(courier ? { courier, guia } : {}) },
            },
          ]),
      });
      if (movimiento.resultado === 'sin-pedido') throw notFound(id);
      if (movimiento.resultado === 'rechazado') throw clientError(409, movimiento.mensaje);
      if (movimiento.resultado === 'incompleto') throw clientError(400, movimiento.mensaje);
      const pedido = (await operatorOrderDetail(db, id, deps.config.siteUrl))!;
      const mensaje = `Pedido N.° ${id}: pasó a ${estado}. Avisaremos a ${pedido.cliente.correo} por correo.`;
      return c.json({ mensaje, pedido } satisfies CambioEstadoRespuesta);
    })
    .get('/respaldo', exigirRol('dueno', { fresca: true }), async (c) => {
      const client = embeddedClient(db);
      if (!client) throw clientError(409, PG_DUMP_ADVICE);
      const dump = await dumpEmbedded(client);
      // Who took a copy of every customer's data is on record, like every change.
      await audit(db, operadorDe(c), [
        { accion: 'respaldo.descarga', objetivo: 'base de datos', despues: { via: 'api', bytes: dump.size } },
      ]);
      return c.body(dump.stream(), 200, {
        'Content-Type': 'application/gzip',
        'Content-Length': String(dump.size),
        'Content-Disposition': `attachment; filename="${backupFileName(new Date())}"`,
        'Cache-Control': 'no-store',
      });
    });
}
