import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shopTransport } from '../../src/cli/local.ts';
import { runShop } from '../../src/cli/shop.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { createScratchPostgres } from './databases.ts';

/**
 * The first owner of a production shop without SHOP_ADMIN_TOKEN (decision docs/decisions/0173-primer-dueno.md):
 * on the server, with the shop's own settings and no shop running on the database, `npm run shop --
 * personal invitar … --rol dueno` opens the database itself and invites through the same operator API
 * in-process, under a token made for that run only; the shop's operator API itself stays closed to
 * tokens. The link is printed and the e-mail goes out (here: the outbox, as without SMTP_URL).
 */
describe('the first owner of a production shop, invited from the command line with no token and no running shop', () => {
  const produccion = (dir: string, databaseUrl?: string) => ({
    NODE_ENV: 'production',
    JWT_SECRET: 'un-secreto-de-produccion-bastante-largo-0123456789',
    SITE_URL: 'https://kbeauty.example.pe',
    DATA_DIR: dir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });

  async function invitar(dir: string, databaseUrl: string | undefined) {
    const env = produccion(dir, databaseUrl);
    const settings = { baseUrl: 'http://localhost:4321', token: undefined, dataDir: dir, databaseUrl, shopUrlSet: false };
    const transporte = shopTransport(settings, env);
    expect(transporte.modo).toBe('local');
    const out: string[] = [];
    try {
      const code = await runShop(['personal', 'invitar', 'Duena@Example.pe', '--rol', 'dueno'], {
        ...settings,
        ...transporte.deps,
        operador: undefined,
        out: (t) => out.push(t),
        err: (t) => out.push(t),
      });
      expect(code, out.join('\n')).toBe(0);
      // The list shows the pending invitation, made by the run's own token.
      const otra = await runShop(['personal', 'lista'], {
        ...settings,
        ...transporte.deps,
        operador: undefined,
        out: (t) => out.push(t),
        err: (t) => out.push(t),
      });
      expect(otra).toBe(0);
    } finally {
      await transporte.close();
    }
    const texto = out.join('\n');
    const enlace = /^https:\/\/kbeauty\.example\.pe\/admin\/invitacion\?token=[\w-]{43}$/m.exec(texto)?.[0];
    expect(enlace, texto).toBeTruthy();
    expect(texto).toContain('Invitamos a duena@example.pe. El enlace vence en 48 horas.');
    expect(texto).toMatch(/Invitaciones pendientes:\n.*\n\d+\s+duena@example\.pe\s+Dueña o dueño\s+.*token de operador$/m);
    // The e-mail is in the outbox (no SMTP_URL here), quoted-printable: its soft line breaks undone.
    const correos = readdirSync(join(dir, 'outbox'))
      .filter((nombre) => nombre.endsWith('-duena@example.pe.eml'))
      .map((nombre) =>
        readFileSync(join(dir, 'outbox', nombre), 'utf8')
          .replace(/=\n/g, '')
          .replace(/=3D/g, '='),
      );
    expect(correos).toHaveLength(1);
    expect(correos[0]).toContain(enlace);
    return enlace!;
  }

  it('on the embedded database of DATA_DIR', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kbeauty-primer-dueno-'));
    try {
      await (await openDatabase({ dataDir: dir })).close();
      await invitar(dir, undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('on the PostgreSQL server of DATABASE_URL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kbeauty-primer-dueno-pg-'));
    const scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL!);
    try {
      await invitar(dir, scratch.url);
    } finally {
      await scratch.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
