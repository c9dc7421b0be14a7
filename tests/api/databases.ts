import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client.ts';

/** A database the API suite runs against: embedded PGlite always, a Postgres server when configured. */
export interface TestDatabase {
  name: string;
  open(): Promise<Database>;
}

/** PGlite in memory, plus the server of TEST_DATABASE_URL when it is set. */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [{ name: 'PGlite', open: () => openDatabase() }];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) list.push({ name: 'PostgreSQL', open: () => openScratchPostgres(serverUrl) });
  return list;
}

/** A fresh database on the server, dropped again on close, so runs never see each other's rows. */
async function openScratchPostgres(serverUrl: string): Promise<Database> {
  const name = `kbeauty_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
