import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpEmbedded, embeddedClient } from '../../src/server/db/backup.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { createScratchPostgres } from '../fixtures/scratch-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated, empty PGlite data directory (`dumpDataDir`), for tests/api/databases.ts. */
    pgliteDump: string;
    /** A migrated, empty database on TEST_DATABASE_URL's server to copy (`CREATE DATABASE … TEMPLATE`), when set. */
    postgresTemplate: string | undefined;
  }
}

/**
 * Migrates one database of each kind once per run, for the API tests' own to start from (tests/api/databases.ts):
 * an in-memory PGlite, whose data directory is written to a file (loading it takes 0.3 s where initialising and
 * migrating take 2.5 s), and, with TEST_DATABASE_URL, a database on that server to copy (0.05 s with the migrations'
 * check, where creating and migrating take 0.7 s). Each happens about a hundred times a run.
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase();
  // Uncompressed: a gzipped copy, as the shop's backups are, takes 0.5 s to load instead of 0.3.
  const dump = await dumpEmbedded(embeddedClient(database.db)!, 'none');
  await database.close();
  const file = join(tmpdir(), `kbeauty-pglite-${process.pid}.tar`);
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);

  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = serverUrl ? await createScratchPostgres(serverUrl, 'kbeauty_plantilla') : undefined;
  if (template) await (await openDatabase({ url: template.url })).close();
  project.provide('postgresTemplate', template?.name);

  return async () => {
    rmSync(file, { force: true });
    await template?.drop();
  };
}
