/**
 * `npm run bench:import [-- --rows 10000] [--pg postgres://…]`: the catalogue import's throughput.
 * Generates a realistic CSV of N products, then on embedded PGlite (a temporary data directory) and,
 * with --pg (or TEST_DATABASE_URL), on a fresh database of that PostgreSQL server, runs
 * `npm run shop -- importar` against the shop's API over real HTTP three times: the first import
 * (every row created), the same file again (every row unchanged) and a file that changes every
 * price (every row updated). Prints rows per second for each.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { OPERACIONES } from '../../src/lib/tienda.ts';
import { serverConfig } from '../../src/server/config.ts';
import { runShop } from '../../src/cli/shop.ts';
import { createApp } from '../../src/server/app.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { seedIfEmpty } from '../../src/demo/seed.ts';
import { createServices } from '../../src/server/services.ts';
import { catalogueCsv } from './import-data.ts';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' }, pg: { type: 'string' } } });
const rows = Number(values.rows);
if (!Number.isInteger(rows) || rows < 1) throw new Error('--rows debe ser un número entero positivo.');
const pgUrl = values.pg ?? process.env.TEST_DATABASE_URL;
const work = mkdtempSync(join(tmpdir(), 'kbeauty-bench-import-'));
const TOKEN = randomBytes(24).toString('hex');

const primera = join(work, 'catalogo.csv');
const cambios = join(work, 'catalogo-precios.csv');
writeFileSync(primera, catalogueCsv(rows));
writeFileSync(cambios, catalogueCsv(rows, { precioExtra: 1 }));

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The three imports on one database; answers rows/s of each. */
async function measure(name: string, database: Database) {
  await seedIfEmpty(database.db);
  const config = { ...serverConfig({}), adminToken: TOKEN, dataDir: work };
  const app = createApp({ services: createServices({ db: database.db, config }) });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const results: { paso: string; segundos: number; resumen: string }[] = [];
  try {
    for (const [paso, file] of [
      ['crear', primera],
      ['sin cambios', primera],
      ['actualizar precios', cambios],
    ] as const) {
      const out: string[] = [];
      const started = performance.now();
      const code = await runShop(['importar', file], {
        fetch: (url, init) => fetch(url, init),
        baseUrl,
        token: TOKEN,
        operador: 'bench',
        progress: { tty: Boolean(process.stdout.isTTY), write: (t) => process.stdout.write(t) },
        out: (t) => out.push(t),
        err: (t) => out.push(t),
      });
      const segundos = (performance.now() - started) / 1000;
      if (code !== 0) throw new Error(`La importación (${paso}) en ${name} falló:\n${out.join('\n')}`);
      results.push({ paso, segundos, resumen: out.join(' ').replace(/\s+/g, ' ') });
      console.log(`${name} · ${paso}: ${out.at(-1)}`);
    }
  } finally {
    server.close();
    await database.close();
  }
  return results;
}

const megas = (statSync(primera).size / 1024 / 1024).toFixed(1);
const report: string[] = [
  `Importación de ${rows.toLocaleString('es-PE')} filas (un CSV de ${megas} MB), por HTTP a la API del operador, lotes de ${OPERACIONES.filasPorLote} filas:`,
  '',
];
try {
  const targets: [string, () => Promise<Database>][] = [['PGlite', () => openDatabase({ dataDir: join(work, 'data') })]];
  if (pgUrl) {
    const name = `kbeauty_bench_${randomBytes(5).toString('hex')}`;
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    targets.push([
      'PostgreSQL',
      async () => {
        await adminQuery(pgUrl, `CREATE DATABASE ${name}`);
        const database = await openDatabase({ url: url.toString() });
        return {
          ...database,
          close: async () => {
            await database.close();
            await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          },
        };
      },
    ]);
  } else console.log('Sin --pg ni TEST_DATABASE_URL: solo PGlite.');
  report.push('| Base de datos | Paso | Tiempo | Filas/s |', '|---|---|---|---|');
  for (const [name, open] of targets) {
    for (const r of await measure(name, await open()))
      report.push(`| ${name} | ${r.paso} | ${r.segundos.toFixed(2)} s | ${Math.round(rows / r.segundos).toLocaleString('es-PE')} |`);
  }
  console.log(`\n${report.join('\n')}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
