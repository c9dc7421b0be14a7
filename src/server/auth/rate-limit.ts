import { and, eq, lt, sql } from 'drizzle-orm';
import type { RateLimit } from '../../config.ts';
import type { Db } from '../db/client.ts';
import { limitesSolicitudes } from '../db/schema/index.ts';
import { clientError } from '../http/errors.ts';

/** The start of the fixed window `now` falls in. */
const windowStart = (limit: RateLimit, now: Date) => {
  const windowMs = limit.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
};

/** The 429 of a used-up window, saying how long to wait. */
function tooMany(limit: RateLimit, ventana: Date, now: Date) {
  const minutes = Math.ceil((ventana.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 60_000);
  return clientError(429, `Demasiados intentos. Por favor, espera ${minutes} minuto(s) e intenta nuevamente.`);
}

/**
 * Counts one request for `clave` in the current fixed window and answers 429 past the limit. The
 * counter lives in the database, so the limit holds across server instances.
 */
export async function enforceRateLimit(db: Db, clave: string, limit: RateLimit, now = new Date()): Promise<void> {
  const ventana = windowStart(limit, now);
  const [row] = await db
    .insert(limitesSolicitudes)
    .values({ clave, ventana, cuenta: 1 })
    .onConflictDoUpdate({
      target: [limitesSolicitudes.clave, limitesSolicitudes.ventana],
      set: { cuenta: sql`${limitesSolicitudes.cuenta} + 1` },
    })
    .returning({ cuenta: limitesSolicitudes.cuenta });
  if ((row?.cuenta ?? 0) > limit.max) throw tooMany(limit, ventana, now);
  // Old windows are dead weight; trimming them here keeps the table small without a scheduler.
  if (Math.random() < 0.01) await db.delete(limitesSolicitudes).where(lt(limitesSolicitudes.ventana, new Date(now.getTime() - 86_400_000)));
}

/** Answers 429 when `clave` has used up its window already, counting nothing (for limits on failures only). */
export async function refuseWhenLimited(db: Db, clave: string, limit: RateLimit, now = new Date()): Promise<void> {
  const ventana = windowStart(limit, now);
  const [row] = await db
    .select({ cuenta: limitesSolicitudes.cuenta })
    .from(limitesSolicitudes)
    .where(and(eq(limitesSolicitudes.clave, clave), eq(limitesSolicitudes.ventana, ventana)));
  if ((row?.cuenta ?? 0) >= limit.max) throw tooMany(limit, ventana, now);
}
