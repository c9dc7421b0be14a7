import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { catalogoEstado } from '../db/schema/index.ts';
import { enqueue, type Handlers } from '../jobs/queue.ts';

/** The job that moves the catalogue version when a scheduled item starts or ends. */
const FRONTERA = 'contenido-programado';

/**
 * Schedules, for each future start or end of a banner, popup or message, one job at that instant that
 * moves the catalogue version: the static pages are rebuilt at the boundary (npm start's check, Netlify's
 * scheduled check), so what a shopper without JavaScript gets follows the schedule too; the browser
 * already shows or hides the item at the exact minute (decision 0199). One job per instant (keyed).
 */
export async function programarFronteras(tx: Db | Tx, instantes: readonly (Date | null | undefined)[], ahora = new Date()): Promise<void> {
  for (const instante of instantes) {
    if (!instante || instante.getTime() <= ahora.getTime()) continue;
    await enqueue(tx, FRONTERA, { en: instante.toISOString() }, { clave: `${FRONTERA}:${instante.toISOString()}`, ejecutarEn: instante });
  }
}

/** The queue's boundary job: the content the pages show changed at this instant, so their version moves. */
export function programacionJobs(db: Db): Handlers {
  return {
    [FRONTERA]: async () => {
      await db
        .update(catalogoEstado)
        .set({
          version: sql`${catalogoEstado.version} + 1`,
          versionDatos: sql`${catalogoEstado.versionDatos} + 1`,
          actualizado: sql`now()`,
        })
        .where(sql`${catalogoEstado.id} = 1`);
    },
  };
}
