import { existsSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS, type Db } from './client.ts';
import { acquireLock, releaseLock } from './lock.ts';

/** The embedded PGlite client behind a Drizzle database; undefined when it is a Postgres server. */
export function embeddedClient(db: Db): PGlite | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
}

/**
 * A consistent copy of the embedded database: its whole data directory as a gzipped tarball (a plain one with
 * `compression` 'none', which loads faster). The copy is taken while no transaction is open (PGlite's transaction
 * lock), after a checkpoint, so it holds exactly the committed data; the shop keeps answering meanwhile, only
 * queries wait.
 */
export async function dumpEmbedded(client: PGlite, compression: 'gzip' | 'none' = 'gzip'): Promise<Blob> {
  await client.exec('CHECKPOINT');
  return client._runExclusiveTransaction(() => client.dumpDataDir(compression));
}

/** The folder PGlite keeps the embedded database of `dataDir` in. */
export const pgDataDir = (dataDir: string) => resolve(dataDir, 'pgdata');

/** Whether `dataDir` holds an embedded database. */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  const dir = pgDataDir(dataDir);
  return existsSync(dir) && readdirSync(dir).length > 0;
}

/** gzip's magic number: every backup starts with it. */
export const isGzip = (head: Uint8Array) => head[0] === 0x1f && head[1] === 0x8b;

/**
 * Restores a backup made by `dumpEmbedded` into `dataDir`, which must hold no database; answers the
 * restored catalogue version. A file that is not a backup of the shop leaves `dataDir` as it was.
 */
export async function restoreEmbedded(dataDir: string, archive: Blob): Promise<number> {
  if (hasEmbeddedDatabase(dataDir)) throw new Error(`La carpeta ${dataDir} ya tiene una base de datos.`);
  acquireLock(dataDir);
  try {
    let client: PGlite | undefined;
    try {
      client = await PGlite.create(pgDataDir(dataDir), { loadDataDir: archive, extensions: PGLITE_EXTENSIONS });
      const { rows } = await client.query<{ version: number }>('select version from catalogo_estado where id = 1');
      return rows[0]?.version ?? 0;
    } catch (error) {
      await client?.close().catch(() => {});
      client = undefined;
      rmSync(pgDataDir(dataDir), { recursive: true, force: true });
      throw error;
    } finally {
      await client?.close();
    }
  } finally {
    releaseLock(dataDir);
  }
}

/** What to do instead when the database is a Postgres server (DATABASE_URL): its own tools. */
export const PG_DUMP_ADVICE = [
  'La base de datos es un servidor PostgreSQL (DATABASE_URL): respáldala con sus herramientas, por ejemplo',
  '  pg_dump --format=custom --no-owner --file=respaldo.dump "$DATABASE_URL"',
  'y restáurala en una base vacía con',
  '  pg_restore --no-owner --dbname="$DATABASE_URL" respaldo.dump',
  '(en un servicio gestionado, usa también sus copias automáticas).',
].join('\n');

/** The default name of a backup taken at `now`: respaldo-2025-03-01-1230.tar.gz (UTC). */
export const backupFileName = (now: Date) => `respaldo-${now.toISOString().slice(0, 16).replace('T', '-').replace(':', '')}.tar.gz`;
