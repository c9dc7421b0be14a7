import { Hono } from 'hono';
import { devolucionSchema, reembolsoSchema } from '../../lib/api/devoluciones-schemas.ts';
import type { CambioEstadoRespuesta } from '../../lib/api/orders-schemas.ts';
import { formatCentimos } from '../../lib/pricing/money.ts';
import { audit, operadorDe, type OperatorEnv } from '../admin/audit.ts';
import { operatorOrderDetail } from '../admin/queries.ts';
import { exigirRol } from '../admin/roles.ts';
import { comprobantesDelPedido } from '../comprobantes/emision.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { parseId } from '../http/params.ts';
import type { Pagos } from './services.ts';
import { DevolucionRechazada, devolverLineas, fraseReembolso, reembolsarPedido } from './devoluciones.ts';
import { ajustesPublicos } from '../tienda/ajustes.ts';

/**
 * The owner's refunds and returns (issue 36), under /admin/api, owner only and freshly signed in:
 * POST /pedidos/{id}/reembolso {motivo} cancels a paid order not yet delivered and refunds its payment;
 * POST /pedidos/{id}/devolucion {lineas, motivo} takes back units of a delivered order. Both answer
 * `{ mensaje, pedido }` (the operator's detail, its refunds included); a refusal is a 409 `{ mensaje }`.
 */
export function devolucionRoutes(deps: { db: Db; pagos: Pagos; config: Pick<ServerConfig, 'comprobantes' | 'siteUrl'> }) {
  const { db } = deps;
  const rechazo = (error: unknown) => (error instanceof DevolucionRechazada ? clientError(error.status, error.message) : error);
  return new Hono<OperatorEnv>()
    .post('/pedidos/:idVenta/reembolso', exigirRol('dueno', { fresca: true }), async (c) => {
      const id = parseId(c.req.param('idVenta'), 'número de pedido');
      const { motivo } = await parseBody(c, reembolsoSchema);
      const quien = operadorDe(c);
      let reembolso;
      try {
        reembolso = await reembolsarPedido(db, id, {
          motivo,
          quien,
          pasarela: deps.pagos.pasarela,
          comprobantes: comprobantesDelPedido(deps.config.comprobantes),
          alCambiar: (tx, antes) =>
            audit(tx, quien, [
              {
                accion: 'pedido.reembolso',
                objetivo: `pedido ${id}`,
                antes: { estado: antes.estado },
                despues: { estado: 'CANCELADO', motivo, monto: antes.total },
              },
            ]),
        });
      } catch (error) {
        throw rechazo(error);
      }
      const pedido = (await operatorOrderDetail(db, id, deps.config.siteUrl))!;
      const mensaje = `Pedido N.° ${id} cancelado. ${fraseReembolso(reembolso)} Avisaremos a ${pedido.cliente.correo} por correo.`;
      return c.json({ mensaje, pedido } satisfies CambioEstadoRespuesta);
    })
    .post('/pedidos/:idVenta/devolucion', exigirRol('dueno', { fresca: true }), async (c) => {
      const id = parseId(c.req.param('idVenta'), 'número de pedido');
      const { lineas, motivo } = await parseBody(c, devolucionSchema);
      const quien = operadorDe(c);
      let resultado;
      try {
        resultado = await devolverLineas(db, id, {
          lineas,
          motivo,
          quien,
          pasarela: deps.pagos.pasarela,
          emision: deps.config.comprobantes,
          // The return window the owner set in Tienda (DEVOLUCIONES.dias until then).
          plazoDias: (await ajustesPublicos(db)).devolucionDias,
          alDevolver: (tx, devolucion) =>
            audit(tx, quien, [
              {
                accion: 'pedido.devolucion',
                objetivo: `pedido ${id}`,
                despues: { devolucion: devolucion.id, motivo, monto: devolucion.monto, lineas },
              },
            ]),
        });
      } catch (error) {
        throw rechazo(error);
      }
      const pedido = (await operatorOrderDetail(db, id, deps.config.siteUrl))!;
      const { devolucion, reembolso } = resultado;
      const mensaje = `Devolución del pedido N.° ${id} registrada por ${formatCentimos(devolucion.monto)}${devolucion.envio > 0 ? ' (envío incluido)' : ''}. ${reembolso ? fraseReembolso(reembolso) : 'No hay nada que reembolsar.'} Avisaremos a ${pedido.cliente.correo} por correo.`;
      return c.json({ mensaje, pedido } satisfies CambioEstadoRespuesta);
    });
}
