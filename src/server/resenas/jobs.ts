import { and, eq, notExists } from 'drizzle-orm';
import { productPath } from '../../lib/catalogue/routes.ts';
import type { Db, Tx } from '../db/client.ts';
import { clientes, pedidoLineas, pedidos, productos, resenas } from '../db/schema/index.ts';
import { enqueue, type Handlers } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { invitacionResenaEmail } from './emails.ts';
import { claveCorreos, urlBajaCorreos } from './pagina.ts';

/** The job that invites a buyer to review what she bought (`datos: { pedidoId }`). */
export const TRABAJO_INVITACION_RESENA = 'invitacion-resena';

const DIA_MS = 86_400_000;

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
