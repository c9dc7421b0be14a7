import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { databaseLimits, type DatabaseLimits } from '../config.ts';
import * as schema from './schema/index.ts';
import { acquireLock, releaseLock } from './lock.ts';
import { whileStarting } from './startup-lock.ts';

/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open transaction of `Db`: what runs inside one (stock moves, audit rows, queued jobs) takes it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

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
  /** Postgres pool size, connection and statement limits; DB_POOL_MAX, DB_CONNECT_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS or the defaults when omitted. */
  limits?: DatabaseLimits;
  /**
   * An in-memory PGlite starts from this copy of a data directory (PGlite's `dumpDataDir`) instead of an empty
   * one; the migrations still run over it. The API suite starts each database from one migrated copy.
   */
  pgliteDump?: Blob;
}

/** Opens the database: a Postgres server when `url` is given, else embedded PGlite. Applies migrations. */
export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  const database = await connectDatabase(options);
  try {
    await migrateDatabase(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/**
 * The database without migrating it. A Postgres pool connects on first use, so this succeeds while
 * the server is down (its queries fail with connection errors until it returns); PGlite opens now.
 */
export async function connectDatabase(options: OpenOptions = {}): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.limits ?? databaseLimits())
    : await openPglite(options.dataDir, options.pgliteDump);
}

/** The pool's settings: a silent server fails a connection or a statement instead of holding the request. */
export function poolConfig(url: string, { poolMax, connectTimeoutMs, statementTimeoutMs }: DatabaseLimits): pg.PoolConfig {
  return {
    connectionString: url,
    max: poolMax,
    Client: SelfHealingClient,
    connectionTimeoutMillis: connectTimeoutMs,
    // The server cancels a slow statement first (57014, the connection stays usable); the client's
    // read timeout, a second later, covers a server that stopped answering at all.
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + 1_000 } : {}),
  };
}

/**
 * A pg client that drops its connection when a query gets no answer in time: node-postgres leaves
 * it waiting for that answer, and Drizzle's transactions give it back to the pool as if healthy.
 */
class SelfHealingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A checked-out client whose connection ends emits 'error'; its query already failed with it.
    this.on('error', () => {});
  }

  override query(...args: unknown[]): never {
    const callback = args.at(-1);
    const dropIfSilent = (error: unknown) => {
      if (error instanceof Error && error.message === 'Query read timeout')
        (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    };
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        if (error) dropIfSilent(error);
        (callback as (error: unknown, result: unknown) => void)(error, result);
      };
    }
    const result = (super.query as (...rest: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) result.catch(dropIfSilent);
    return result as never;
  }
}

function openPostgres(url: string, limits: DatabaseLimits): Database {
  const pool = new pg.Pool(poolConfig(url, limits));
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('postgres: conexión inactiva perdida:', error.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { db, driver: 'postgres', close: () => pool.end() };
}

/** The PostgreSQL extensions the migrations create (0035: pg_trgm for the back office's search), loaded into every embedded database. */
export const PGLITE_EXTENSIONS = { pg_trgm };

async function openPglite(dataDir: string | undefined, dump: Blob | undefined): Promise<Database> {
  if (dataDir) acquireLock(dataDir);
  const client = dataDir
    ? new PGlite(resolve(dataDir, 'pgdata'), { extensions: PGLITE_EXTENSIONS })
    : new PGlite({ extensions: PGLITE_EXTENSIONS, ...(dump ? { loadDataDir: dump } : {}) });
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

/** Applies the committed migrations (idempotent); on PostgreSQL one process at a time (whileStarting). */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  if (database.driver === 'pglite') await migratePglite(database.db as never, config);
  else await whileStarting(database.db, () => migratePg(database.db as never, config));
}

/** The committed drizzle-kit migrations, found beside this module or from the project root. */
function migrationsFolder(): string {
  const besideModule = fileURLToPath(new URL('./migrations', import.meta.url));
  return existsSync(besideModule) ? besideModule : resolve('src/server/db/migrations');
}
