import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/client.ts';
import { readLock } from '../server/db/lock.ts';
import { runShop } from './shop.ts';
import { shopTransport } from './local.ts';

describe('npm run shop without a running shop', () => {
  it('talks HTTP to SHOP_URL or when there is no database, and otherwise opens the embedded database itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kbeauty-cli-local-'));
    try {
      const settings = { baseUrl: 'http://localhost:4321', token: undefined, dataDir: dir, databaseUrl: undefined, shopUrlSet: false };
      expect(shopTransport(settings).modo).toBe('http');
      expect(shopTransport({ ...settings, shopUrlSet: true, baseUrl: 'https://tienda.example.pe' }).deps.baseUrl).toBe(
        'https://tienda.example.pe',
      );

      const database = await openDatabase({ dataDir: dir });
      await database.close();
      const transporte = shopTransport(settings);
      expect(transporte.modo).toBe('local');
      const out: string[] = [];
      try {
        const code = await runShop(['mensaje', 'agregar', 'Hola', 'Lima'], {
          ...settings,
          ...transporte.deps,
          operador: 'prueba',
          out: (t) => out.push(t),
          err: (t) => out.push(t),
        });
        expect(code).toBe(0);
        expect(out.join('\n')).toMatch(/^Mensaje 1 agregado al final \(posición 1\): "Hola Lima"\./);
        // The command holds the database's lock while it runs, like the shop would.
        expect(readLock(dir)?.pid).toBe(process.pid);
      } finally {
        await transporte.close();
      }
      expect(readLock(dir)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
