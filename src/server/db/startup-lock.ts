import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Db } from './client.ts';

/** The PostgreSQL advisory-lock key ("kbea" in ASCII) under which processes sharing a database migrate and seed it. */
export const CLAVE_ARRANQUE = 0x6b62_6561;

/** How often a process waiting for another's migration or seed asks for the lock again. */
const ESPERA_MS = 100;

/**
 * Runs `task` while holding the PostgreSQL session advisory lock CLAVE_ARRANQUE, on a pool connection
 * kept for it: processes (or Netlify cold starts) starting together on one database migrate and seed
 * it one after another, and each later one finds the work done. The lock is asked for with
 * pg_try_advisory_lock every ESPERA_MS, so no wait runs into the pool's statement or read timeouts;
 * a process that dies holding it loses it with its connection. PGlite: one process owns the data
 * directory (lock.ts), so `task` just runs.
 */
export async function whileStarting<T>(db: Db, task: () => Promise<T>): Promise<T> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return task();
  const client = await pool.connect();
  try {
    while (!(await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [CLAVE_ARRANQUE])).rows[0]!.locked)
      await sleep(ESPERA_MS);
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  try {
    return await task();
  } finally {
    // If the unlock fails, closing the connection is what releases the lock.
    await client.query('SELECT pg_advisory_unlock($1)', [CLAVE_ARRANQUE]).then(
      () => client.release(),
      (error: Error) => client.release(error),
    );
  }
}
