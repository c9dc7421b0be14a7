import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EstadoPublicacionRespuesta } from '../../src/lib/api/publicacion-schemas.ts';
import { catalogueVersion } from '../../src/server/catalogue/queries.ts';
import { registrarConstruccion, registrarFallida, registrarPublicada, registroPublicacion } from '../../src/server/publicacion/estado.ts';
import { siteRefresher } from '../../src/site-builder/site-refresh.ts';
import { describeEachDatabase } from './databases.ts';
import { openShop, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-prueba-publicacion-0123';

describeEachDatabase('publishing status', (target) => {
  let shop: TestShop;
  const headers = { 'X-Forwarded-For': '10.3.7.1' };
  const estado = async () => {
    const res = await shop.call('GET', '/admin/api/publicacion', { token: TOKEN, headers });
    expect(res.status).toBe(200);
    return (await res.json()) as EstadoPublicacionRespuesta;
  };
  const version = () => catalogueVersion(shop.database.db);

  beforeAll(async () => {
    shop = await openShop(target, { config: { adminToken: TOKEN, trustProxy: true } });
  });
  afterAll(() => shop?.close());

  it('is refused without an operator', async () => {
    expect((await shop.call('GET', '/admin/api/publicacion', { headers })).status).toBe(401);
  });

  it('follows a change from pending to being built to live, and keeps when it went live', async () => {
    await registrarPublicada(shop.database.db, await version());
    const vivo = await estado();
    expect(vivo).toMatchObject({ estado: 'al-dia', version: await version(), versionPublicada: await version(), error: null });
    expect(Date.parse(vivo.publicadaEn!)).toBeGreaterThan(Date.now() - 60_000);

    const res = await shop.call('POST', '/admin/api/mensajes', { token: TOKEN, headers, body: { mensaje: 'Envío gratis desde S/ 250' } });
    expect(res.status).toBe(201);
    const pendiente = await estado();
    expect(pendiente).toMatchObject({ estado: 'pendiente', versionPublicada: vivo.version });
    expect(pendiente.version).toBeGreaterThan(vivo.version);

    await registrarConstruccion(shop.database.db, pendiente.version);
    expect(await estado()).toMatchObject({ estado: 'construyendo', versionPublicada: vivo.version });

    await registrarPublicada(shop.database.db, pendiente.version);
    const publicada = await estado();
    expect(publicada).toMatchObject({ estado: 'al-dia', versionPublicada: pendiente.version });
    // Seen live again (Netlify's check every few minutes): the moment it went live stays.
    await registrarPublicada(shop.database.db, pendiente.version);
    expect((await estado()).publicadaEn).toBe(publicada.publicadaEn);
    // A late request to build a version already live does not make it 'being built' again.
    await registrarConstruccion(shop.database.db, pendiente.version);
    expect((await estado()).estado).toBe('al-dia');
  });

  it('says a failed rebuild with its error until a newer version goes live', async () => {
    await shop.call('POST', '/admin/api/mensajes', { token: TOKEN, headers, body: { mensaje: 'Yape y transferencia' } });
    const actual = await version();
    await registrarConstruccion(shop.database.db, actual);
    await registrarFallida(shop.database.db, actual, 'La página /producto/x no se pudo generar: falta el nombre.');
    expect(await estado()).toMatchObject({
      estado: 'fallida',
      version: actual,
      error: 'La página /producto/x no se pudo generar: falta el nombre.',
    });
    // The next change waits for its own rebuild: pending, not the old failure.
    await shop.call('POST', '/admin/api/mensajes', { token: TOKEN, headers, body: { mensaje: 'Boleta o factura' } });
    expect((await estado()).estado).toBe('pendiente');
    await registrarPublicada(shop.database.db, await version());
    expect((await estado()).estado).toBe('al-dia');
  });

  it('reports a build that ran past its time without going live as failed', async () => {
    await shop.call('POST', '/admin/api/mensajes', { token: TOKEN, headers, body: { mensaje: 'Devoluciones en 15 días' } });
    const actual = await version();
    await registrarConstruccion(shop.database.db, actual);
    await shop.database.db.execute(sql`UPDATE publicaciones SET iniciada = now() - interval '11 minutes' WHERE version = ${actual}`);
    const fallida = await estado();
    expect(fallida.estado).toBe('fallida');
    expect(fallida.error).toMatch(/^La construcción empezó hace más de 10 minutos y no se publicó\./);
  });

  it("records npm start's builds: live when built, the error when the build fails", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'publicacion-'));
    try {
      await shop.call('POST', '/admin/api/mensajes', { token: TOKEN, headers, body: { mensaje: 'Nuevo local' } });
      let falla: string | undefined = 'Astro: no se pudo leer la instantánea';
      const refrescar = siteRefresher({
        distDir: dist,
        catalogueVersion: version,
        build: async (v) => {
          expect((await estado()).estado).toBe('construyendo');
          if (falla) throw new Error(falla);
          writeFileSync(join(dist, 'version.json'), JSON.stringify({ version: v }));
        },
        isStale: (_dir, v) => {
          try {
            return (JSON.parse(readFileSync(join(dist, 'version.json'), 'utf8')) as { version: number }).version !== v;
          } catch {
            return true;
          }
        },
        log: () => {},
        logFailure: () => {},
        registro: registroPublicacion(shop.database.db),
      });
      await refrescar();
      expect(await estado()).toMatchObject({ estado: 'fallida', error: 'Astro: no se pudo leer la instantánea' });
      falla = undefined;
      await shop.call('POST', '/admin/api/mensajes', { token: TOKEN, headers, body: { mensaje: 'Arreglado' } });
      await refrescar();
      expect(await estado()).toMatchObject({ estado: 'al-dia', versionPublicada: await version() });
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
