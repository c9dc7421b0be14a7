import { and, eq, notExists } from 'drizzle-orm';
import { productPath } from '../../lib/catalogue/routes.ts';
import type { Db, Tx } from '../db/client.ts';
import { clientes, pedidoLineas, pedidos, productos, resenas } from '../db/schema/index.ts';
import { enqueue, type Handlers } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitacionResenaEmail, resultadoResenaEmail, type ResultadoResena } from './emails.ts';
import { claveCorreos, urlBajaCorreos } from './pagina.ts';

/** The job that invites a buyer to review what she bought (`datos: { pedidoId }`). */
export const TRABAJO_INVITACION_RESENA = 'invitacion-resena';

/** The job that tells a buyer her review was published or rejected (`datos: { resenaId, resultado }`). */
export const TRABAJO_RESULTADO_RESENA = 'resultado-resena';

const DIA_MS = 86_400_000;

/**
 * Queues the buyer's e-mail about her review's moderation, in the moderation's transaction: once per review
 * and outcome (the job's key), so a double click, a second process or a later re-moderation sends no copy.
 */
export async function avisarResultado(tx: Tx, resenaId: number, resultado: ResultadoResena): Promise<void> {
  await enqueue(tx, TRABAJO_RESULTADO_RESENA, { resenaId, resultado }, { clave: `${TRABAJO_RESULTADO_RESENA}:${resenaId}:${resultado}` });
}

/** Queues the invitation of a delivered order `dias` days from now, once per order (in the delivery's transaction). */
export async function programarInvitacion(tx: Tx, pedidoId: number, dias: number, ahora = new Date()): Promise<void> {
  await enqueue(
    tx,
    TRABAJO_INVITACION_RESENA,
    { pedidoId },
    { clave: `${TRABAJO_INVITACION_RESENA}:${pedidoId}`, ejecutarEn: new Date(ahora.getTime() + dias * DIA_MS) },
  );
}

/**
 * The review invitation (issue 25): when the order is still ENTREGADO and its buyer accepts marketing
 * e-mails, one e-mail listing the order's products she has not reviewed yet (still on sale), with the
 * one-click unsubscribe link; nothing when nothing is left to review.
 */
export function resenaJobs({ db, mailer, siteUrl }: { db: Db; mailer: Mailer; siteUrl: string }): Handlers {
  const sitio = siteUrl.replace(/\/+$/, '');
  return {
    // A service message about her own review: sent whatever her marketing choice. Nothing when the review
    // is gone (her account deleted) or its outcome changed before the job ran (published, then rejected);
    // a review hidden since it was published was published: she is told so (hiding is silent).
    [TRABAJO_RESULTADO_RESENA]: async (datos) => {
      const resultado = datos.resultado as ResultadoResena;
      const [fila] = await db
        .select({
          estado: resenas.estado,
          titulo: resenas.titulo,
          motivo: resenas.motivo,
          nombre: clientes.nombre,
          correo: clientes.correo,
          idProducto: productos.id,
          producto: productos.nombre,
        })
        .from(resenas)
        .innerJoin(clientes, eq(clientes.id, resenas.clienteId))
        .innerJoin(productos, eq(productos.id, resenas.productoId))
        .where(eq(resenas.id, Number(datos.resenaId)));
      const vigente = resultado === 'publicada' ? ['APROBADA', 'OCULTA'] : ['RECHAZADA'];
      if (!fila || !vigente.includes(fila.estado)) return;
      await mailer.send(
        resultadoResenaEmail({
          to: fila.correo,
          nombre: fila.nombre.trim().split(/\s+/)[0] ?? '',
          resultado,
          producto: fila.producto,
          titulo: fila.titulo,
          url: `${sitio}${productPath({ idProducto: fila.idProducto, nombre: fila.producto })}#resenas`,
          motivo: fila.motivo ?? '',
        }),
      );
    },
    [TRABAJO_INVITACION_RESENA]: async (datos) => {
      const pedidoId = Number(datos.pedidoId);
      const [pedido] = await db
        .select({
          id: pedidos.id,
          estado: pedidos.estado,
          clienteId: pedidos.clienteId,
          nombre: clientes.nombre,
          correo: clientes.correo,
          aceptaMarketing: clientes.aceptaMarketing,
        })
        .from(pedidos)
        .innerJoin(clientes, eq(clientes.id, pedidos.clienteId))
        .where(eq(pedidos.id, pedidoId));
      if (!pedido || pedido.clienteId === null || pedido.estado !== 'ENTREGADO' || !pedido.aceptaMarketing) return;
      const porResenar = await db
        .selectDistinct({ idProducto: productos.id, nombre: productos.nombre })
        .from(pedidoLineas)
        .innerJoin(productos, eq(productos.id, pedidoLineas.productoId))
        .where(
          and(
            eq(pedidoLineas.pedidoId, pedidoId),
            eq(productos.visible, true),
            notExists(
              db
                .select({ id: resenas.id })
                .from(resenas)
                .where(and(eq(resenas.productoId, productos.id), eq(resenas.clienteId, pedido.clienteId))),
            ),
          ),
        )
        .orderBy(productos.id);
      if (porResenar.length === 0) return;
      const clave = await claveCorreos(db, pedido.clienteId);
      await mailer.send(
        invitacionResenaEmail({
          to: pedido.correo,
          nombre: pedido.nombre.trim().split(/\s+/)[0] ?? '',
          pedido: pedidoId,
          productos: porResenar.map((p) => ({ nombre: p.nombre, url: `${sitio}${productPath(p)}#resenas` })),
          bajaUrl: urlBajaCorreos(siteUrl, clave),
        }),
      );
    },
  };
}
