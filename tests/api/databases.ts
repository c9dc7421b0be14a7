import { readFileSync } from 'node:fs';
import { describe, inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { createScratchPostgres } from '../fixtures/scratch-postgres.ts';

export { createScratchPostgres };

/** A database the API suite runs against: embedded PGlite always, a Postgres server when configured. */
export interface TestDatabase {
  name: string;
  open(): Promise<Database>;
}

/** PGlite in memory always; the Postgres server of TEST_DATABASE_URL, which is skipped when that is unset. */
function allDatabases(): (TestDatabase & { available: boolean })[] {
  const serverUrl = process.env.TEST_DATABASE_URL;
  return [
    { name: 'PGlite', available: true, open: () => openDatabase({ pgliteDump: migratedPglite() }) },
    { name: 'PostgreSQL', available: Boolean(serverUrl), open: () => openScratchPostgres(serverUrl!) },
  ];
}

/** The databases the suite can reach now: PGlite, plus the server of TEST_DATABASE_URL when it is set. */
export const testDatabases = (): TestDatabase[] => allDatabases().filter((target) => target.available);

/**
 * Declares the suite `title` once per database. Without TEST_DATABASE_URL the PostgreSQL run is
 * reported as skipped, not silently absent.
 */
export function describeEachDatabase(title: string, body: (target: TestDatabase) => void): void {
  for (const target of allDatabases()) describe.skipIf(!target.available)(`${title} on ${target.name}`, () => body(target));
}

let dump: Blob | undefined;
/** The migrated, empty PGlite data directory tests/setup/pglite-dump.ts wrote, read once per test file. */
function migratedPglite(): Blob {
  dump ??= new Blob([readFileSync(inject('pgliteDump'))]);
  return dump;
}

/** A fresh database on the server (a copy of the run's migrated one), dropped again on close, so runs never see each other's rows. */
async function openScratchPostgres(serverUrl: string): Promise<Database> {
  const scratch = await createScratchPostgres(serverUrl, undefined, inject('postgresTemplate'));
  const database = await openDatabase({ url: scratch.url });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
