import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { logError } from './errors.ts';

/** Products written at once from which the table is vacuumed and analysed afterwards (a catalogue import, the seed). */
export const CARGA_MASIVA_PRODUCTOS = 1_000;

/**
 * After a bulk load of `escritos` products: `VACUUM (ANALYZE) productos`, so the planner knows the new rows and the
 * back office's list counts them from its index alone (an index-only scan needs the table's visibility map, which
 * only VACUUM writes). PostgreSQL's autovacuum would get there within minutes; the embedded PGlite has none. Runs
 * outside any transaction (VACUUM cannot run in one); a failure is logged, never the import's.
 */
export async function trasCargaMasiva(db: Db, escritos: number): Promise<void> {
  if (escritos < CARGA_MASIVA_PRODUCTOS) return;
  try {
    await db.execute(sql`VACUUM (ANALYZE) productos`);
  } catch (error) {
    logError('No se pudo ordenar la tabla de productos tras la carga', error);
  }
}
