import { and, eq, isNull } from 'drizzle-orm';
import { productPath } from '../../lib/catalogue/routes.ts';
import type { Db } from '../db/client.ts';
import { avisosStock } from '../db/schema/index.ts';
import type { Handlers } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { avisoStockEmail } from './emails.ts';
import { pendientesDe, productoParaAviso, TRABAJO_AVISO_STOCK } from './queries.ts';

/** The one-click unsubscribe link of a subscription. */
export const urlBajaAviso = (siteUrl: string, clave: string) => `${siteUrl.replace(/\/+$/, '')}/api/avisos-stock/baja/${clave}`;

/**
 * The restock job (issue 25), enqueued by the trigger of migration 0011: when the product is still
 * visible and in stock, e-mails each pending subscriber and ends that subscription, one row at a
 * time under its lock (a failure retries the job, which sends only to the rows not yet marked).
 */
export function avisoJobs({ db, mailer, siteUrl }: { db: Db; mailer: Mailer; siteUrl: string }): Handlers {
  return {
    [TRABAJO_AVISO_STOCK]: async (datos) => {
      const producto = await productoParaAviso(db, Number(datos.productoId));
      // Gone again (or hidden) before the job ran: the next restock enqueues another.
      if (!producto || !producto.visible || producto.stock <= 0) return;
      const url = `${siteUrl.replace(/\/+$/, '')}${productPath({ idProducto: producto.id, nombre: producto.nombre })}`;
      for (const pendiente of await pendientesDe(db, producto.id)) {
        await db.transaction(async (tx) => {
          const [aviso] = await tx
            .select()
            .from(avisosStock)
            .where(and(eq(avisosStock.id, pendiente.id), isNull(avisosStock.enviado), isNull(avisosStock.baja)))
            .for('update', { skipLocked: true });
          if (!aviso) return;
          await mailer.send(avisoStockEmail({ to: aviso.correo, producto: producto.nombre, url, bajaUrl: urlBajaAviso(siteUrl, aviso.clave) }));
          await tx.update(avisosStock).set({ enviado: new Date() }).where(eq(avisosStock.id, aviso.id));
        });
      }
    },
  };
}
