import { lt, sql } from 'drizzle-orm';
import type { RateLimit } from '../../config.ts';
import type { Db } from '../db/client.ts';
import { limitesSolicitudes } from '../db/schema/index.ts';
import { clientError } from '../http/errors.ts';

/**
 * Counts one request for `clave` in the current fixed window and answers 429 past the limit. The
 * counter lives in the database, so the limit holds across server instances.
 */
export async function enforceRateLimit(db: Db, clave: string, limit: RateLimit, now = new Date()): Promise<void> {
  const windowMs = limit.windowSeconds * 1000;
  const ventana = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(limitesSolicitudes)
    .values({ clave, ventana, cuenta: 1 })
    .onConflictDoUpdate({
      target: [limitesSolicitudes.clave, limitesSolicitudes.ventana],
      set: { cuenta: sql`${limitesSolicitudes.cuenta} + 1` },
    })
    .returning({ cuenta: limitesSolicitudes.cuenta });
  if ((row?.cuenta ?? 0) > limit.max) {
    const minutes = Math.ceil((ventana.getTime() + windowMs - now.getTime()) / 60_000);
    throw clientError(429, `Demasiados intentos. Por favor, espera ${minutes} minuto(s) e intenta nuevamente.`);
  }
  // Old windows are dead weight; trimming them here keeps the table small without a scheduler.
  if (Math.random() < 0.01) await db.delete(limitesSolicitudes).where(lt(limitesSolicitudes.ventana, new Date(now.getTime() - 86_400_000)));
}
