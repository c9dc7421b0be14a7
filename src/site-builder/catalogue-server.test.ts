import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readLock } from '../server/db/lock.ts';
import { startCatalogueServer } from './catalogue-server.ts';

describe("the build's own catalogue server (issue 26)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kbeauty-catalogo-build-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the catalogue from a process of its own, which ends (database closed) when the build has read it', async () => {
    const catalogue = await startCatalogueServer(env);
    const owner = readLock(dataDir);
    // Another process owns the embedded database: not the build's.
    expect(owner?.pid).toBeGreaterThan(0);
    expect(owner?.pid).not.toBe(process.pid);
    expect(await (await fetch(`${catalogue.url}/web/version`)).json()).toEqual({ version: catalogue.version });
    expect(((await (await fetch(`${catalogue.url}/web/listprod`)).json()) as unknown[]).length).toBeGreaterThan(0);
    await catalogue.stop();
    expect(() => process.kill(owner!.pid, 0)).toThrow();
    expect(readLock(dataDir)).toBeUndefined();
    await expect(fetch(`${catalogue.url}/web/version`)).rejects.toThrow();
    // Stopping twice (the build's own call, then its `finally`) is harmless.
    await catalogue.stop();
  }, 60_000);

  it('fails with a clear error when the database cannot be opened', async () => {
    await expect(startCatalogueServer({ ...env, DATABASE_URL: 'postgres://nadie@127.0.0.1:1/nada' })).rejects.toThrow(
      'La base de datos del catálogo no se pudo abrir para el build',
    );
  }, 60_000);
});
