import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { HTTPException } from 'hono/http-exception';
import type { RateLimit } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { limitesSolicitudes } from '../db/schema/index.ts';

/** Longest key stored as it is; longer ones (client-chosen text) are stored as their hash, so the index never overflows. */
const CLAVE_MAXIMA = 200;
const storedKey = (clave: string) =>
  clave.length <= CLAVE_MAXIMA ? clave : `sha256:${createHash('sha256').update(clave).digest('base64url')}`;

/** The start of the fixed window `now` falls in. */
const windowStart = (limit: RateLimit, now: Date) => {
  const windowMs = limit.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
};

/** The 429 of a used-up window, saying how long to wait, in its text and in `Retry-After` (seconds). */
function tooMany(limit: RateLimit, ventana: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((ventana.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000));
  const mensaje = `Demasiados intentos. Por favor, espera ${Math.ceil(seconds / 60)} minuto(s) e intenta nuevamente.`;
  const res = Response.json({ mensaje }, { status: 429, headers: { 'Retry-After': String(seconds) } });
  return new HTTPException(429, { message: mensaje, res });
}

/**
 * Counts one request for `clave` in the current fixed window and answers 429 past the limit. The
 * counter lives in the database, so the limit holds across server instances.
 */
export async function enforceRateLimit(db: Db, clave: string, limit: RateLimit, now = new Date()): Promise<void> {
  const ventana = windowStart(limit, now);
  if ((await countInWindow(db, clave, ventana)) > limit.max) throw tooMany(limit, ventana, now);
  // Old windows are dead weight; trimming them here keeps the table small without a scheduler.
  if (Math.random() < 0.01) await db.delete(limitesSolicitudes).where(lt(limitesSolicitudes.ventana, new Date(now.getTime() - 86_400_000)));
}

/**
 * Counts one more for `clave` in the window that starts at `ventana` and answers the window's count, in
 * one upsert (concurrent calls count in turn). Other daily caps (the complaint copies) count with it too.
 */
export async function countInWindow(db: Db | Tx, clave: string, ventana: Date): Promise<number> {
  const [row] = await db
    .insert(limitesSolicitudes)
    .values({ clave: storedKey(clave), ventana, cuenta: 1 })
    .onConflictDoUpdate({
      target: [limitesSolicitudes.clave, limitesSolicitudes.ventana],
      set: { cuenta: sql`${limitesSolicitudes.cuenta} + 1` },
    })
    .returning({ cuenta: limitesSolicitudes.cuenta });
  return row?.cuenta ?? 0;
}

/** Answers 429 when `clave` has used up its window already, counting nothing (for limits on failures only). */
export async function refuseWhenLimited(db: Db, clave: string, limit: RateLimit, now = new Date()): Promise<void> {
  const ventana = windowStart(limit, now);
  const [row] = await db
    .select({ cuenta: limitesSolicitudes.cuenta })
    .from(limitesSolicitudes)
    .where(and(eq(limitesSolicitudes.clave, storedKey(clave)), eq(limitesSolicitudes.ventana, ventana)));
  if ((row?.cuenta ?? 0) >= limit.max) throw tooMany(limit, ventana, now);
}

/** Forgets what `clave` counted in the current window (a successful login clears its own failures). */
export async function clearRateLimit(db: Db, clave: string, limit: RateLimit, now = new Date()): Promise<void> {
  await db
    .delete(limitesSolicitudes)
    .where(and(eq(limitesSolicitudes.clave, storedKey(clave)), eq(limitesSolicitudes.ventana, windowStart(limit, now))));
}
