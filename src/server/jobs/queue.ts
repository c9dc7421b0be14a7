import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { trabajos } from '../db/schema/index.ts';
import { describeError } from '../db/errors.ts';

/** A job handler: throws to have the job retried later. */
export type Handler = (datos: Record<string, unknown>) => Promise<void>;
export type Handlers = Record<string, Handler>;

export interface EnqueueOptions {
  /** Jobs with the same key are enqueued once. */
  clave?: string;
  /** Not before this moment (now when omitted). */
  ejecutarEn?: Date;
  maxIntentos?: number;
}

/** Adds a job, inside the caller's transaction when given one, so it exists exactly when the change does. */
export async function enqueue(db: Db | Tx, tipo: string, datos: Record<string, unknown>, options: EnqueueOptions = {}): Promise<void> {
  await db
    .insert(trabajos)
    .values({ tipo, datos, clave: options.clave, ejecutarEn: options.ejecutarEn ?? new Date(), maxIntentos: options.maxIntentos ?? 8 })
    .onConflictDoNothing();
}

/** Seconds before retry N (1-based): 30 s, 1 min, 2 min… at most an hour. */
export const retryDelaySeconds = (intento: number) => Math.min(3600, 30 * 2 ** Math.max(0, intento - 1));

/** How long a claimed job stays invisible to other workers while it runs. */
const LEASE_SECONDS = 300;

interface Claimed {
  id: number;
  tipo: string;
  datos: Record<string, unknown>;
  intentos: number;
  max_intentos: number;
}

/**
 * Runs the jobs that are due, each claimed with SKIP LOCKED so several workers (or instances) never
 * run one twice; a failure is retried with back-off until its attempts run out. Returns how many ran.
 */
export async function runDueJobs(db: Db, handlers: Handlers, limit = 20): Promise<number> {
  const result = await db.execute(sql`
    UPDATE ${trabajos} SET intentos = intentos + 1, bloqueado_hasta = now() + make_interval(secs => ${LEASE_SECONDS})
    WHERE id IN (
      SELECT id FROM ${trabajos}
      WHERE terminado IS NULL AND ejecutar_en <= now() AND intentos < max_intentos
        AND (bloqueado_hasta IS NULL OR bloqueado_hasta < now())
      ORDER BY ejecutar_en, id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING id, tipo, datos, intentos, max_intentos`);
  // RETURNING follows no ORDER BY: run the batch in the order the jobs were added (a customer's
  // e-mails about one order arrive in the order of its changes).
  const jobs = (result as unknown as { rows: Claimed[] }).rows.sort((a, b) => Number(a.id) - Number(b.id));
  for (const job of jobs) {
    try {
      const handler = handlers[job.tipo];
      if (!handler) throw new Error(`No hay quien atienda los trabajos de tipo ${job.tipo}.`);
      await handler(job.datos);
      await db.execute(sql`UPDATE ${trabajos} SET terminado = now(), bloqueado_hasta = NULL, ultimo_error = NULL WHERE id = ${job.id}`);
    } catch (error) {
      const message = describeError(error, { stack: false });
      const last = job.intentos >= job.max_intentos;
      console.error(
        `Trabajo ${job.tipo} #${job.id} falló (intento ${job.intentos} de ${job.max_intentos}${last ? ', se abandona' : ''}): ${message}`,
      );
      await db.execute(sql`
        UPDATE ${trabajos} SET bloqueado_hasta = NULL, ultimo_error = ${message.slice(0, 2000)},
          ejecutar_en = now() + make_interval(secs => ${retryDelaySeconds(job.intentos)})
        WHERE id = ${job.id}`);
    }
  }
  return jobs.length;
}
