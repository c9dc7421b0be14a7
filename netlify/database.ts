/**
 * The database of the Netlify functions: the Postgres server of DATABASE_URL (an embedded database
 * cannot persist on a function's ephemeral disk), opened and migrated once per function instance by the
 * shop's one start-up (src/server/db/startup.ts). The demo catalogue is never loaded here: a deploy
 * that asks for it (DEMO_CATALOGUE) gets it from its build.
 */
import { databaseLimits } from '../src/server/config.ts';
import { startRefusal } from '../src/server/config-check.ts';
import type { Db } from '../src/server/db/client.ts';
import { startDatabase, startupMessage } from '../src/server/db/startup.ts';

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
  const settings = { databaseUrl: url, dataDir: '', catalogoDemo: false, databaseLimits: databaseLimits(process.env, { netlify: true }) };
  const { database, catalogo } = await startDatabase(settings);
  if (catalogo === 'vacio') console.log(startupMessage(settings, catalogo));
  return database.db;
}
