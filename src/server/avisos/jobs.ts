import { and, eq, isNull } from 'drizzle-orm';
import { productPath } from '../../lib/catalogue/routes.ts';
import type { Db } from '../db/client.ts';
import { avisosStock } from '../db/schema/index.ts';
import { enqueue, type Handlers } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { avisoStockEmail } from './emails.ts';
import { pendientesDe, productoParaAviso, reposicionPorAsentar, TRABAJO_AVISO_STOCK, TRABAJO_AVISO_STOCK_ASENTADO } from './queries.ts';

/** The one-click unsubscribe link of a subscription. */
export const urlBajaAviso = (siteUrl: string, clave: string) => `${siteUrl.replace(/\/+$/, '')}/api/avisos-stock/baja/${clave}`;

/**
 * The restock job (issue 25), enqueued by the trigger of migration 0011: when the product is still
 * visible and in stock, and has been since it came back at least `esperaSegundos` ago, e-mails each
 * pending subscriber and ends that subscription, one row at a time under its lock (a failure retries
 * the job, which sends only to the rows not yet marked). A restock younger than that is looked at
 * again once it is old enough: units a released reservation brought back for a few minutes, sold out
 * again by then, spend nobody's one notice (they keep waiting for the next restock).
 */
export function avisoJobs({
  db,
  mailer,
  siteUrl,
  esperaSegundos,
}: {
  db: Db;
  mailer: Mailer;
  siteUrl: string;
  esperaSegundos: number;
}): Handlers {
  const avisar = async (datos: Record<string, unknown>) => {
    const producto = await productoParaAviso(db, Number(datos.productoId));
    // Gone again (or hidden): the subscriptions keep waiting; the next restock enqueues another job.
    if (!producto || !producto.visible || producto.stock <= 0) return;
    const listo = await reposicionPorAsentar(db, producto.id, esperaSegundos);
    if (listo) {
      // One look per restock (the key): a later restock's job schedules its own. A second late, as the
      // database's microseconds do not survive a Date.
      await enqueue(
        db,
        TRABAJO_AVISO_STOCK_ASENTADO,
        { productoId: producto.id },
        { clave: `${TRABAJO_AVISO_STOCK_ASENTADO}:${producto.id}:${listo.getTime()}`, ejecutarEn: new Date(listo.getTime() + 1000) },
      );
      return;
    }
    const url = `${siteUrl.replace(/\/+$/, '')}${productPath({ idProducto: producto.id, nombre: producto.nombre })}`;
    for (const pendiente of await pendientesDe(db, producto.id)) {
      await db.transaction(async (tx) => {
        const [aviso] = await tx
          .select()
          .from(avisosStock)
          .where(and(eq(avisosStock.id, pendiente.id), isNull(avisosStock.enviado), isNull(avisosStock.baja)))
          .for('update', { skipLocked: true });
        if (!aviso) return;
        await mailer.send(
          avisoStockEmail({ to: aviso.correo, producto: producto.nombre, url, bajaUrl: urlBajaAviso(siteUrl, aviso.clave) }),
        );
        await tx.update(avisosStock).set({ enviado: new Date() }).where(eq(avisosStock.id, aviso.id));
      });
    }
  };
  return { [TRABAJO_AVISO_STOCK]: avisar, [TRABAJO_AVISO_STOCK_ASENTADO]: avisar };
}
