import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { productionProblems, productionRefusal } from '../../src/server/config-check.ts';

/** Every setting a production deployment needs, on a Node server of its own. */
const READY = {
  NODE_ENV: 'production',
  JWT_SECRET: 'k'.repeat(48),
  SITE_URL: 'https://kbeautyperu.pe',
  MP_ACCESS_TOKEN: 'APP_USR-1234567890',
  MP_WEBHOOK_SECRET: 'secreto-de-notificaciones',
  SMTP_URL: 'smtp://tienda:clave@smtp.example.pe:587',
  NUBEFACT_URL: 'https://api.nubefact.com/api/v1/0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0',
  NUBEFACT_TOKEN: 'b7c1e0f4a9d84c2e9f3a6b5d8e7c4a1f2b3c4d5e6f708192a3b4c5d6e7f80912',
};

const without = (name: keyof typeof READY) => ({ ...READY, [name]: undefined });

describe('production readiness', () => {
  it('passes a complete production environment, on a server and on Netlify', () => {
    expect(productionProblems(READY)).toEqual([]);
    expect(productionProblems({ ...READY, NETLIFY: 'true', DATABASE_URL: 'postgres://tienda@db.example.pe/tienda' })).toEqual([]);
    expect(productionRefusal(READY)).toBeUndefined();
  });

  it('checks nothing outside production: development generates its secret and uses the pago de prueba and the outbox', () => {
    expect(productionProblems({})).toEqual([]);
    expect(productionProblems({ NODE_ENV: 'development', NETLIFY: 'true' })).toEqual([]);
  });

  it('refuses each missing setting with its own message', () => {
    expect(productionProblems(without('JWT_SECRET'))).toEqual([
      'JWT_SECRET no está definido: define uno de al menos 32 bytes (openssl rand -base64 48).',
    ]);
    expect(productionProblems({ ...READY, JWT_SECRET: 'corto-y-adivinable' })).toEqual([
      'JWT_SECRET es demasiado corto (18 bytes): debe tener al menos 32 (openssl rand -base64 48).',
    ]);
    expect(productionProblems(without('SITE_URL'))).toEqual([
      expect.stringMatching(/^SITE_URL debe ser la dirección pública https de la tienda.*\(recibido: nada\)\.$/),
    ]);
    expect(productionProblems({ ...READY, SITE_URL: 'http://kbeautyperu.pe' })).toEqual([
      expect.stringContaining('(recibido: "http://kbeautyperu.pe")'),
    ]);
    expect(productionProblems({ ...READY, SITE_URL: 'kbeautyperu.pe' })).toEqual([expect.stringMatching(/^SITE_URL debe ser/)]);
    expect(productionProblems(without('MP_ACCESS_TOKEN'))).toEqual([
      expect.stringMatching(/^MP_ACCESS_TOKEN no está definido: sin el token de acceso de Mercado Pago/),
    ]);
    expect(productionProblems(without('MP_WEBHOOK_SECRET'))).toEqual([expect.stringMatching(/^MP_WEBHOOK_SECRET no está definido/)]);
    expect(productionProblems(without('SMTP_URL'))).toEqual([expect.stringMatching(/^SMTP_URL no está definido/)]);
    expect(productionProblems(without('NUBEFACT_TOKEN'))).toEqual([
      expect.stringMatching(/^NUBEFACT_URL y NUBEFACT_TOKEN no están definidos: sin proveedor de comprobantes electrónicos/),
    ]);
  });

  it('requires DATABASE_URL on Netlify only', () => {
    const netlify = [expect.stringMatching(/^DATABASE_URL no está definido: en Netlify la tienda necesita un servidor PostgreSQL/)];
    expect(productionProblems({ ...READY, NETLIFY: 'true' })).toEqual(netlify);
    expect(productionProblems(READY, { netlify: true })).toEqual(netlify);
    expect(productionProblems(READY)).toEqual([]);
  });

  it('lists every problem at once in one Spanish message', () => {
    const message = productionRefusal({ NODE_ENV: 'production', NETLIFY: 'true' })!;
    const lines = message.split('\n');
    expect(lines[0]).toBe('La tienda no arranca en producción (NODE_ENV=production) porque falta configuración:');
    expect(lines.filter((line) => line.startsWith('  - ')).map((line) => line.slice(4).split(' ')[0])).toEqual([
      'JWT_SECRET',
      'SITE_URL',
      'DATABASE_URL',
      'MP_ACCESS_TOKEN',
      'MP_WEBHOOK_SECRET',
      'NUBEFACT_URL',
      'SMTP_URL',
    ]);
  });

  it.each(['scripts/start.ts', 'scripts/api.ts'])('%s exits with the message before opening anything', async (script) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kbeauty-prod-'));
    try {
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: join(dataDir, 'data'), SITE_URL: 'http://localhost:4321' },
        timeout: 20_000,
      });
      const failure = (await run.then(
        () => undefined,
        (error: unknown) => error,
      )) as { code: number; stderr: string } | undefined;
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain('La tienda no arranca en producción (NODE_ENV=production) porque falta configuración:');
      expect(failure?.stderr).toContain('  - JWT_SECRET no está definido');
      expect(failure?.stderr).toContain('  - SMTP_URL no está definido');
      expect(failure?.stderr).not.toContain('    at ');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
