import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { acquireLock, releaseLock } from './lock.ts';

/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A Postgres URL; takes precedence over `dataDir`. */
  url?: string;
  /** PGlite data directory; omit both for an in-memory database (tests). */
  dataDir?: string;
}

/** Opens the database: a Postgres server when `url` is given, else embedded PGlite. Applies migrations. */
export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  const database = options.url ? openPostgres(options.url) : await openPglite(options.dataDir);
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('postgres: conexión inactiva perdida:', error.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, driver: 'postgres', close: () => pool.end() };
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) acquireLock(dataDir);
  const client = dataDir ? new PGlite(resolve(dataDir, 'pgdata')) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    async close() {
      await client.close();
      if (dataDir) releaseLock(dataDir);
    },
  };
}

async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (database.driver === 'pglite') await migratePglite(database.db as never, config);
  else await migratePg(database.db as never, config);
}

/** The committed drizzle-kit migrations, found beside this module or from the project root. */
function migrationsFolder(): string {
  const besideModule = fileURLToPath(new URL('./migrations', import.meta.url));
  return existsSync(besideModule) ? besideModule : resolve('src/server/db/migrations');
}
