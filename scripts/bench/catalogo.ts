/**
 * The back office's catalogue under load (issue 37): a fresh database (embedded PGlite in memory, or the
 * PostgreSQL server of `--url`) with a synthetic catalogue of `--products` products, then the product
 * list's first page, a search and a filter (GET /admin/api/catalogo/productos), each requested `--count`
 * times through the API in this process (app.request: the server's own time, no network) after two
 * warm-up requests, and a bulk change of 1,000 products (POST /admin/api/productos/lote: price, discount
 * with its end date and stock, one transaction, each product audited) applied `--lotes` times.
 *
 * Standalone: `node --import tsx scripts/bench/catalogo.ts [--products 30000] [--count 40] [--lotes 5] [--url postgres://…]`
 * prints a table, then one JSON line of `LatenciaCatalogo`s. `npm run bench -- --solo catalogo` runs it.
 */
import { parseArgs } from 'node:util';
import { asc, sql } from 'drizzle-orm';
import type { PaginaCatalogo } from '../../src/lib/api/productos-schemas.ts';
import { seedIfEmpty } from '../../src/demo/seed.ts';
import { createApp } from '../../src/server/app.ts';
import { serverConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { marcas, productos } from '../../src/server/db/schema/index.ts';
import type { Mailer } from '../../src/server/mail/mailer.ts';
import { createServices } from '../../src/server/services.ts';
import { percentil } from './percentil.ts';

export interface LatenciaCatalogo {
  nombre: string;
  medianMs: number;
  p95Ms: number;
  /** Products the call matched (the page's total), or the products the bulk change wrote. */
  total: number;
}

const TOKEN = 'bench-catalogo-token-0123456789';
/** Products in the measured bulk change (issue 37: 1,000 in ≤ 2 s). */
export const PRODUCTOS_POR_LOTE = 1_000;

/** Seeds a fresh database and measures the list and the bulk change; closes the database. */
export async function medirCatalogo(opciones: {
  productos: number;
  count: number;
  lotes: number;
  url?: string;
}): Promise<LatenciaCatalogo[]> {
  const database = await openDatabase({ url: opciones.url });
  try {
    await seedIfEmpty(database.db, { products: opciones.productos });
    await database.db.execute(sql`ANALYZE`);
    const mailer: Mailer = { send: async () => {} };
    const config = { ...serverConfig({}), adminToken: TOKEN, trustProxy: true, intervaloTrabajosSegundos: 0 };
    const app = createApp({ services: createServices({ db: database.db, config, mailer }) });
    const pedir = async (path: string, body?: unknown) => {
      const t0 = performance.now();
      const res = await app.request(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { Authorization: `Bearer ${TOKEN}`, 'X-Forwarded-For': '10.9.0.2', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const cuerpo = (await res.json()) as { total?: number; productos?: number; mensaje?: string };
      if (!res.ok) throw new Error(`${path}: ${res.status} ${cuerpo.mensaje ?? ''}`);
      return { ms: performance.now() - t0, total: typeof cuerpo.total === 'number' ? cuerpo.total : Number(cuerpo.productos ?? 0) };
    };

    // A brand of the middle of the list and a word of a product's name: a realistic search and filter.
    const [marca] = await database.db.select({ id: marcas.id }).from(marcas).orderBy(asc(marcas.id)).offset(3).limit(1);
    const primera = (await (
      await app.request('/admin/api/catalogo/productos', { headers: { Authorization: `Bearer ${TOKEN}`, 'X-Forwarded-For': '10.9.0.2' } })
    ).json()) as PaginaCatalogo;
    const palabra = primera.productos[7]?.nombre.split(/\s+/).find((w) => w.length >= 5) ?? 'crema';
    const llamadas: [string, string][] = [
      ['product list, first page', '/admin/api/catalogo/productos'],
      [`product list, search '${palabra}'`, `/admin/api/catalogo/productos?q=${encodeURIComponent(palabra)}`],
      ['product list, filter brand + in stock', `/admin/api/catalogo/productos?marca=${marca!.id}&stock=disponible`],
    ];
    const resultados: LatenciaCatalogo[] = [];
    for (const [nombre, path] of llamadas) {
      await pedir(path);
      const { total } = await pedir(path);
      const muestras: number[] = [];
      for (let i = 0; i < opciones.count; i++) muestras.push((await pedir(path)).ms);
      muestras.sort((a, b) => a - b);
      resultados.push({ nombre, medianMs: percentil(muestras, 0.5), p95Ms: percentil(muestras, 0.95), total: total ?? 0 });
    }

    // 1,000 products spread over the catalogue, each run a new price, discount and stock (so every row changes).
    const ids = (
      await database.db
        .select({ id: productos.id })
        .from(productos)
        .where(sql`${productos.id} % ${Math.max(1, Math.floor(opciones.productos / PRODUCTOS_POR_LOTE))} = 0`)
        .orderBy(asc(productos.id))
        .limit(PRODUCTOS_POR_LOTE)
    ).map((fila) => fila.id);
    const muestras: number[] = [];
    let escritos = 0;
    for (let vuelta = 0; vuelta < opciones.lotes; vuelta++) {
      const { ms, total } = await pedir('/admin/api/productos/lote', {
        simulacro: false,
        cambios: ids.map((idProducto, i) => ({
          idProducto,
          precio: 40 + ((i + vuelta) % 60),
          descuento: (vuelta % 3) * 5,
          descuentoHasta: '2030-12-31',
          stock: 10 + ((i + vuelta) % 25),
        })),
      });
      muestras.push(ms);
      escritos = total;
    }
    muestras.sort((a, b) => a - b);
    resultados.push({
      nombre: `bulk change of ${ids.length} products (one transaction)`,
      medianMs: percentil(muestras, 0.5),
      p95Ms: muestras.at(-1)!,
      total: escritos,
    });
    return resultados;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '30000' },
      count: { type: 'string', default: '40' },
      lotes: { type: 'string', default: '5' },
      url: { type: 'string' },
    },
  });
  const resultados = await medirCatalogo({
    productos: Number(values.products),
    count: Number(values.count),
    lotes: Number(values.lotes),
    url: values.url,
  });
  for (const r of resultados)
    console.error(`${r.nombre.padEnd(52)} median ${r.medianMs.toFixed(1)} ms  p95 ${r.p95Ms.toFixed(1)} ms  (${r.total} matched)`);
  process.stdout.write(`${JSON.stringify(resultados)}\n`, () => process.exit(0));
}
