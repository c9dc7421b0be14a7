/**
 * The database of the Netlify functions: the Postgres server of DATABASE_URL (an embedded database
 * cannot persist on a function's ephemeral disk), opened and migrated once per function instance.
 */
import { databaseLimits } from '../src/server/config.ts';
import { startRefusal } from '../src/server/config-check.ts';
import { openDatabase, type Db } from '../src/server/db/client.ts';

let opening: Promise<Db> | undefined;

/** The instance's database, opened on first use; a failed opening is tried again on the next call. */
export function functionDatabase(): Promise<Db> {
  opening ??= open().catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

async function open(): Promise<Db> {
  // A production deployment missing a setting, or asking for the test mode, is refused (see config-check.ts).
  const refusal = startRefusal(process.env, { netlify: true });
  if (refusal) throw new Error(refusal);
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL es obligatorio en Netlify: el disco de una función no se conserva.');
  // Each warm instance has its own pool: a small one (DB_POOL_MAX, 3 by default) so many instances fit the server's connections.
  return (await openDatabase({ url, limits: databaseLimits(process.env, { netlify: true }) })).db;
}
