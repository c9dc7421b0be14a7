import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { DetallePedidoBackoffice, NotaInterna, PaginaPedidos, ResultadoLote } from '../../lib/api/backoffice-schemas.ts';
import type { EstadoPedido } from '../../lib/api/checkout-schemas.ts';
import {
  cambioEstadoMesaSchema,
  consultaSinVacios,
  correccionGuiaSchema,
  filtroPedidosSchema,
  loteSchema,
  notaInternaSchema,
} from '../../lib/api/pedidos-backoffice-schemas.ts';
import { ESTADO_PEDIDO_TEXTO } from '../../lib/orders/timeline.ts';
import { COURIERS, MESA } from '../../lib/tienda.ts';
import { comprobantesDelPedido } from '../comprobantes/emision.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { pedidoNotas, pedidos } from '../db/schema/index.ts';
import { parseBody } from '../http/body.ts';
import { clientError } from '../http/errors.ts';
import { parseId } from '../http/params.ts';
import { enqueue } from '../jobs/queue.ts';
import { moveOrder, record, type Movimiento } from '../orders/life.ts';
import { noLaborables } from '../reclamos/calendario.ts';
import { audit, operadorDe, type OperatorEnv } from './audit.ts';
import { detalleMesa, paginaPedidos, ultimoCorreoEstado } from './queries.ts';

/** A courier's name as people read it ('Olva Courier'), from its id. */
const nombreCourier = (id: string | null) => COURIERS.find((c) => c.id === id)?.nombre ?? id ?? '';
const notFound = (id: number) => clientError(404, `No existe el pedido N.° ${id}.`);

type Deps = {
  db: Db;
  config: Pick<ServerConfig, 'comprobantes' | 'siteUrl' | 'resenas' | 'reclamos' | 'mesa'>;
};

/** The first zod issue's message as a Spanish 400. */
function refusalOf(error: { issues: { message: string }[] }): never {
  throw clientError(400, error.issues[0]?.message ?? 'La consulta no es válida.');
}

/**
 * The orders desk (issue 36) under /admin/api: the list filtered, searched, sorted and paged in the
 * database (saved views included), an order's detail with who took each step, its internal notes and
 * what may be done now; one move or several at once (each in its own transaction, each audited, the
 * customer e-mailed unless `avisar: false`), the guía's correction after shipping, the last e-mail
 * sent again, and the details packing slips are drawn from. `npm run shop -- pedidos …` reads the same
 * list (its `pedidos` are the desk's rows).
 */
export function pedidosRoutes({ db, config }: Deps) {
  const noLaborable = noLaborables(config.reclamos.diasNoLaborables);
  const detalle = (c: Context<OperatorEnv>, id: number) => detalleMesa(db, id, config.siteUrl, c.get('rol'));

  /** One move as the operator makes it: audited in the move's own transaction; the customer told unless `avisar` is false. */
  const mover = (
    c: Context<OperatorEnv>,
    id: number,
    estado: EstadoPedido,
    { nota, courier, guia, avisar }: { nota?: string; courier?: string; guia?: string; avisar?: boolean },
  ): Promise<Movimiento> =>
    moveOrder(db, id, estado, {
      nota,
      envio: { courier, guia },
      actor: operadorDe(c),
      avisar: avisar ?? true,
      comprobantes: comprobantesDelPedido(config.comprobantes),
      invitacionResenaDias: config.resenas.invitacionDias,
      // The audit entry is written in the move's own transaction: no move without its entry, no entry without its move.
      alMover: (tx, antes) =>
        audit(tx, operadorDe(c), [
          {
            accion: 'pedido.estado',
            objetivo: `pedido ${id}`,
            antes: { estado: antes.estado },
            despues: {
              estado,
              ...(nota ? { nota } : {}),
              ...(courier ? { courier, guia } : {}),
              ...(avisar === false ? { avisar: false } : {}),
            },
          },
        ]),
    });

  return new Hono<OperatorEnv>()
    .get('/pedidos', async (c) => {
      const parsed = filtroPedidosSchema.safeParse(consultaSinVacios(c.req.query()));
      if (!parsed.success) refusalOf(parsed.error);
      return c.json((await paginaPedidos(db, parsed.data, new Date(), noLaborable)) satisfies PaginaPedidos);
    })
    .get('/pedidos/hojas', async (c) => {
      const raw = c.req.query('ids') ?? '';
      const partes = raw.split(',').map((parte) => parte.trim());
      if (!raw.trim() || partes.some((parte) => !/^\d{1,9}$/.test(parte) || Number(parte) < 1))
        throw clientError(400, 'Indica los números de pedido separados por comas (ids=12,13).');
      const ids = [...new Set(partes.map(Number))];
      if (ids.length > MESA.hojasMaximas) throw clientError(400, `Se imprimen hasta ${MESA.hojasMaximas} pedidos a la vez.`);
      const hojas: DetallePedidoBackoffice[] = [];
      for (const id of ids) {
        const pedido = await detalle(c, id);
        if (!pedido) throw notFound(id);
        hojas.push(pedido);
      }
      return c.json({ pedidos: hojas });
    })
    .post('/pedidos/lote', async (c) => {
      const lote = await parseBody(c, loteSchema);
      if (lote.ids.length > config.mesa.loteMaximo)
        throw clientError(400, `Un lote admite hasta ${config.mesa.loteMaximo} pedidos; divídelo en partes.`);
      const envioDe = new Map((lote.envios ?? []).map((envio) => [envio.idVenta, envio]));
      const resultados: ResultadoLote['resultados'] = [];
      // Each order in its own transaction: one refusal leaves the others done.
      for (const id of lote.ids) {
        const envio = envioDe.get(id);
        const movimiento = await mover(c, id, lote.estado, { courier: envio?.courier, guia: envio?.guia, avisar: lote.avisar });
        resultados.push(
          movimiento.resultado === 'movido'
            ? { idVenta: id, ok: true, mensaje: `Pedido N.° ${id}: pasó a «${ESTADO_PEDIDO_TEXTO[lote.estado]}».` }
            : movimiento.resultado === 'sin-pedido'
              ? { idVenta: id, ok: false, mensaje: `No existe el pedido N.° ${id}.` }
              : movimiento.resultado === 'incompleto'
                ? { idVenta: id, ok: false, mensaje: `Indica el courier y el número de guía del pedido N.° ${id}.` }
                : { idVenta: id, ok: false, mensaje: movimiento.mensaje },
        );
      }
      const hechos = resultados.filter((r) => r.ok).length;
      // In words: '3 pedidos pasaron a «En Tránsito».', '1 pedido pasó…', '2 de 3 pedidos pasaron…; 1 no se movió…'.
      const estado = `«${ESTADO_PEDIDO_TEXTO[lote.estado]}»`;
      const fallidos = resultados.length - hechos;
      const mensaje =
        hechos === resultados.length
          ? `${hechos} ${hechos === 1 ? 'pedido pasó' : 'pedidos pasaron'} a ${estado}.`
          : `${hechos} de ${resultados.length} pedidos ${hechos === 1 ? 'pasó' : 'pasaron'} a ${estado}; ${fallidos} no ${fallidos === 1 ? 'se movió' : 'se movieron'} (mira el motivo de cada uno).`;
      return c.json({ mensaje, resultados } satisfies ResultadoLote);
    })
    .get('/pedidos/:idVenta', async (c) => {
      const id = parseId(c.req.param('idVenta'), 'número de pedido');
      const pedido = await detalle(c, id);
      if (!pedido) throw notFound(id);
      return c.json({ pedido });
    })
    .post('/pedidos/:idVenta/estado', async (c) => {
      const id = parseId(c.req.param('idVenta'), 'número de pedido');
      const { estado, nota, courier, guia, avisar } = await parseBody(c, cambioEstadoMesaSchema);
      const movimiento = await mover(c, id, estado, { nota, courier, guia, avisar });
      if (movimiento.resultado === 'sin-pedido') throw notFound(id);
      if (movimiento.resultado === 'rechazado') throw clientError(409, movimiento.mensaje);
      if (movimiento.resultado === 'incompleto') throw clientError(400, movimiento.mensaje);
      const pedido = (await detalle(c, id))!;
      const mensaje =
        avisar === false
          ? `Pedido N.° ${id}: pasó a ${estado}. No se avisó al cliente.`
          : `Pedido N.° ${id}: pasó a ${estado}. Avisaremos a ${pedido.cliente.correo} por correo.`;
      return c.json({ mensaje, pedido });
    })
    .post('/pedidos/:idVenta/guia', async (c) => {
      const id = parseId(c.req.param('idVenta'), 'número de pedido');
      const { courier, guia, avisar } = await parseBody(c, correccionGuiaSchema);
      const resultado = await db.transaction(async (tx) => {
        const [pedido] = await tx.select().from(pedidos).where(eq(pedidos.id, id)).for('update');
        if (!pedido) return { error: notFound(id) };
        if (pedido.estado !== 'EN TRANSITO')
          return {
            error: clientError(
              409,
              `La guía se corrige solo en un pedido EN TRANSITO; el pedido N.° ${id} está ${pedido.estado}${pedido.estado === 'EN PREPARACION' && !pedido.recojo ? ': indica el courier y la guía al pasarlo a EN TRANSITO' : ''}.`,
            ),
          };
        if (pedido.courier === courier && pedido.guia === guia)
          return { error: clientError(409, `El pedido N.° ${id} ya tiene ese courier y esa guía.`) };
        await tx.update(pedidos).set({ courier, guia, actualizado: new Date() }).where(eq(pedidos.id, id));
        const antes = `${nombreCourier(pedido.courier)} ${pedido.guia ?? ''}`.trim();
        const historialId = await record(
          tx,
          id,
          'EN TRANSITO',
          `Guía corregida: ${antes} → ${nombreCourier(courier)} ${guia}.`,
          operadorDe(c),
        );
        await audit(tx, operadorDe(c), [
          {
            accion: 'pedido.guia',
            objetivo: `pedido ${id}`,
            antes: { courier: pedido.courier, guia: pedido.guia },
            despues: { courier, guia, ...(avisar === false ? { avisar: false } : {}) },
          },
        ]);
        // The customer's EN TRANSITO e-mail again, now with the corrected tracking.
        if (avisar !== false)
          await enqueue(tx, 'correo-estado', { pedidoId: id, estado: 'EN TRANSITO' }, { clave: `correo-estado:${historialId}` });
        return { correo: pedido.correo };
      });
      if ('error' in resultado) throw resultado.error;
      const mensaje = `Pedido N.° ${id}: guía corregida a ${nombreCourier(courier)} ${guia}.${avisar === false ? ' No se avisó al cliente.' : ` Avisaremos a ${resultado.correo} por correo.`}`;
      return c.json({ mensaje, pedido: (await detalle(c, id))! });
    })
    .post('/pedidos/:idVenta/reenviar-correo', async (c) => {
      const id = parseId(c.req.param('idVenta'), 'número de pedido');
      const mensaje = await db.transaction(async (tx) => {
        const [pedido] = await tx.select({ correo: pedidos.correo }).from(pedidos).where(eq(pedidos.id, id));
        if (!pedido) throw notFound(id);
        const ultimo = await ultimoCorreoEstado(tx, id);
        if (!ultimo) throw clientError(409, `El pedido N.° ${id} aún no tiene un correo de estado que reenviar.`);
        const ahora = new Date();
        await enqueue(tx, ultimo.tipo, ultimo.datos, { clave: `reenvio:${id}:${ahora.getTime()}` });
        const que = ultimo.tipo === 'correo-confirmacion' ? 'la confirmación del pago' : `el aviso de ${String(ultimo.datos.estado)}`;
        await audit(tx, operadorDe(c), [{ accion: 'pedido.reenvio', objetivo: `pedido ${id}`, despues: { correo: ultimo.tipo } }]);
        return `Pedido N.° ${id}: reenviaremos ${que} a ${pedido.correo}.`;
      });
      return c.json({ mensaje });
    })
    .post('/pedidos/:idVenta/notas', async (c) => {
      const id = parseId(c.req.param('idVenta'), 'número de pedido');
      const { texto } = await parseBody(c, notaInternaSchema);
      const nota = await db.transaction(async (tx) => {
        const [pedido] = await tx.select({ id: pedidos.id }).from(pedidos).where(eq(pedidos.id, id));
        if (!pedido) throw notFound(id);
        const [fila] = await tx
          .insert(pedidoNotas)
          .values({ pedidoId: id, autor: operadorDe(c), texto })
          .returning();
        await audit(tx, operadorDe(c), [{ accion: 'pedido.nota', objetivo: `pedido ${id}`, despues: { texto } }]);
        return fila!;
      });
      return c.json({
        mensaje: `Nota guardada en el pedido N.° ${id}.`,
        nota: { id: nota.id, fecha: nota.fecha.toISOString(), autor: nota.autor, texto: nota.texto } satisfies NotaInterna,
      });
    });
}
