import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopCliDeps } from '../../src/cli/deps.ts';
import { runShop } from '../../src/cli/shop.ts';
import { createApp } from '../../src/server/app.ts';
import { listProductos } from '../../src/server/catalogue/queries.ts';
import { PG_DUMP_ADVICE } from '../../src/server/db/backup.ts';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { announcePort } from '../../src/server/db/lock.ts';
import { auditoria, clientes, pedidoHistorial, pedidoLineas, pedidos } from '../../src/server/db/schema/index.ts';
import { openShop, payDePrueba, placeOrder, plainProducts, type TestShop } from './shop.ts';

const TOKEN = 'operador-de-respaldos-0123456789';

/** What a backup must keep: the catalogue, the customers and their orders. */
async function contents(db: Db) {
  return {
    catalogo: await listProductos(db),
    clientes: await db.select().from(clientes).orderBy(asc(clientes.id)),
    pedidos: await db.select().from(pedidos).orderBy(asc(pedidos.id)),
    lineas: await db.select().from(pedidoLineas).orderBy(asc(pedidoLineas.id)),
    historial: await db.select().from(pedidoHistorial).orderBy(asc(pedidoHistorial.id)),
  };
}

/** `npm run shop -- <args>` with captured output and the given settings. */
/** The audit trail's backup entries: who took one, and how. */
const respaldosAuditados = async (db: Db) =>
  (await db.select().from(auditoria).orderBy(asc(auditoria.id)))
    .filter((e) => e.accion === 'respaldo.descarga')
    .map((e) => ({ operador: e.operador, objetivo: e.objetivo, despues: e.despues }));

async function shopCommand(args: string[], deps: Partial<ShopCliDeps>) {
  const out: string[] = [];
  const err: string[] = [];
  const fetch = async () => {
    throw new Error('no debería llamar a la tienda');
  };
  const code = await runShop(args, {
    fetch,
    baseUrl: 'http://localhost:4321',
    token: TOKEN,
    shopUrlSet: false,
    out: (t) => out.push(t),
    err: (t) => err.push(t),
    ...deps,
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('backups of the embedded database', () => {
  const root = mkdtempSync(join(tmpdir(), 'kbeauty-respaldo-'));
  const dataDir = join(root, 'data');
  const file = (name: string) => join(root, name);
  let shop: TestShop;
  let before: Awaited<ReturnType<typeof contents>>;

  beforeAll(async () => {
    shop = await openShop({ name: 'PGlite', open: () => openDatabase({ dataDir }) }, { config: { adminToken: TOKEN } });
    const plain = plainProducts(await shop.catalogue());
    const ana = await shop.customer('respaldada');
    const pagado = await placeOrder(shop, ana, plain[0]!, { cantidad: 2 });
    await payDePrueba(shop, pagado.id, 'approved');
    await placeOrder(shop, await shop.customer('pendiente'), plain[1]!);
    before = await contents(shop.database.db);
    expect(before.clientes).toHaveLength(2);
    expect(before.pedidos).toHaveLength(2);
  });
  afterAll(async () => {
    await shop.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('while the shop holds the database, respaldo streams it from the operator API the lock points at', async () => {
    announcePort(dataDir, 4999);
    const urls: string[] = [];
    const fetch = async (url: string, init?: RequestInit) => {
      urls.push(url);
      return shop.app.request(new URL(url).pathname, init);
    };
    const result = await shopCommand(['respaldo', file('en-marcha.tar.gz')], { dataDir, fetch, operador: 'Ana Díaz' });
    expect(result).toMatchObject({ code: 0, err: '' });
    // The download leaves its entry in the audit trail, with the operator's name (X-Operador).
    expect(await respaldosAuditados(shop.database.db)).toEqual([
      { operador: 'token de operador (Ana Díaz)', objetivo: 'base de datos', despues: { via: 'api', bytes: expect.any(Number) } },
    ]);
    expect(result.out).toMatch(
      /^Respaldo de la tienda en marcha \(http:\/\/127\.0\.0\.1:4999\) escrito en .*en-marcha\.tar\.gz \(\d+\.\d MB\)\.$/,
    );
    expect(urls).toEqual(['http://127.0.0.1:4999/admin/api/respaldo']);
    expect(existsSync(file('en-marcha.tar.gz.parcial'))).toBe(false);
  });

  it('answers the operator only: without the token the backup is refused', async () => {
    expect((await shop.call('GET', '/admin/api/respaldo')).status).toBe(401);
    expect((await shop.call('GET', '/admin/api/respaldo', { token: 'otro-token-cualquiera-123' })).status).toBe(401);
  });

  it('restores into an empty data directory with the same catalogue, customers and orders', async () => {
    const restored = join(root, 'restaurada');
    const result = await shopCommand(['restaurar', file('en-marcha.tar.gz')], { dataDir: restored });
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toMatch(
      new RegExp(
        `^Respaldo .*en-marcha\\.tar\\.gz restaurado en ${restored}/ \\(catálogo versión \\d+\\)\\. Inicia la tienda con: DATA_DIR=${restored} npm start$`,
      ),
    );
    const database = await openDatabase({ dataDir: restored });
    try {
      expect(await contents(database.db)).toEqual(before);
    } finally {
      await database.close();
    }
  });

  it('opens the database itself when the shop is stopped, and never overwrites a database or a file', async () => {
    await shop.close();
    const direct = await shopCommand(['respaldo', file('detenida.tar.gz')], { dataDir, operador: 'Luis Ramos' });
    expect(direct).toMatchObject({ code: 0, err: '' });
    expect(direct.out).toMatch(
      /^Respaldo de .*\/data\/ escrito en .*detenida\.tar\.gz \(\d+\.\d MB\)\. Se restaura con: npm run shop -- restaurar /,
    );
    expect(await shopCommand(['respaldo', file('detenida.tar.gz')], { dataDir })).toMatchObject({
      code: 1,
      err: expect.stringMatching(/detenida\.tar\.gz ya existe: elige otro nombre/),
    });
    expect(await shopCommand(['restaurar', file('detenida.tar.gz')], { dataDir })).toMatchObject({
      code: 1,
      err: expect.stringMatching(/\/data\/ ya tiene una base de datos y restaurar nunca la sobrescribe/),
    });

    const second = join(root, 'segunda');
    expect(await shopCommand(['restaurar', file('detenida.tar.gz')], { dataDir: second })).toMatchObject({ code: 0 });
    const database = await openDatabase({ dataDir: second });
    try {
      expect(await contents(database.db)).toEqual(before);
      // The backup taken without the shop records itself before the copy: the copy holds its own entry.
      expect((await respaldosAuditados(database.db)).at(-1)).toEqual({
        operador: 'Luis Ramos',
        objetivo: 'base de datos',
        despues: { via: 'directo' },
      });
    } finally {
      await database.close();
      shop = await openShop({ name: 'PGlite', open: () => openDatabase({ dataDir }) });
    }
  });

  it('refuses what is not a backup, leaving the data directory without a database', async () => {
    writeFileSync(file('notas.txt'), 'no es un respaldo');
    const empty = join(root, 'vacia');
    expect(await shopCommand(['restaurar', file('notas.txt')], { dataDir: empty })).toMatchObject({
      code: 1,
      err: expect.stringMatching(/notas\.txt no es un respaldo de la tienda/),
    });
    expect(await shopCommand(['restaurar', file('no-existe.tar.gz')], { dataDir: empty })).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^No se pudo leer .*no-existe\.tar\.gz\.$/),
    });
    expect(await shopCommand(['restaurar'], { dataDir: empty })).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^Indica el archivo del respaldo/),
    });
    expect(existsSync(join(empty, 'pgdata')) && readdirSync(join(empty, 'pgdata')).length > 0).toBe(false);
  });

  it('points a Postgres deployment to pg_dump and pg_restore', async () => {
    const postgres = { dataDir, databaseUrl: 'postgres://tienda@db.example.pe/tienda' };
    expect(await shopCommand(['respaldo'], postgres)).toEqual({ code: 1, out: '', err: PG_DUMP_ADVICE });
    expect(await shopCommand(['restaurar', file('detenida.tar.gz')], postgres)).toMatchObject({
      code: 1,
      err: expect.stringContaining('pg_restore --no-owner'),
    });
  });
});

describe('the operator backup on a Postgres server', () => {
  it('answers 409 with the pg_dump advice instead of a file', async () => {
    const shop = await openShop({ name: 'PGlite', open: () => openDatabase() }, { config: { adminToken: TOKEN } });
    try {
      // A Drizzle database without an embedded client behind it, as on DATABASE_URL.
      const db = new Proxy(shop.database.db, { get: (target, key) => (key === '$client' ? undefined : Reflect.get(target, key)) });
      const app = createApp({ services: { ...shop.services, db } });
      const res = await app.request('/admin/api/respaldo', { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ mensaje: PG_DUMP_ADVICE });
    } finally {
      await shop.close();
    }
  });
});
