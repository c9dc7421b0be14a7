/**
 * The back office's server side under load (issue 36): 10,000 orders written straight into a fresh
 * database (embedded PGlite in memory, or the PostgreSQL server of `--url`), then the orders desk's
 * first page, four filters (a saved view, a state, a search, a district) and the home, each requested
 * `--count` times through the API in this process (app.request: the server's own time, no network),
 * after two warm-up requests. `npm run bench` runs it in a process of its own.
 *
 * Standalone: `node --import tsx scripts/bench/backoffice.ts [--orders 10000] [--count 40] [--url postgres://…]`
 * prints a table, then one JSON line of `LatenciaBackoffice`s. With `--sembrar` it only writes the
 * orders into the configured database (DATABASE_URL, or the embedded one of DATA_DIR, which no server
 * may hold open): the shop the bench's browser then measures (backoffice-ui.ts).
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { seedIfEmpty } from '../../src/demo/seed.ts';
import { createApp } from '../../src/server/app.ts';
import { serverConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { startDatabase } from '../../src/server/db/startup.ts';
import type { Mailer } from '../../src/server/mail/mailer.ts';
import { createServices } from '../../src/server/services.ts';
import { percentil } from './percentil.ts';

export interface LatenciaBackoffice {
  nombre: string;
  path: string;
  medianMs: number;
  p95Ms: number;
  /** Orders the filter matched (the page's `total`); null for the home. */
  total: number | null;
}

const TOKEN = 'bench-backoffice-token-0123456789';

/** The desk's calls the bench measures: the app's first page (50 rows) and four filters, then the home. */
export const LLAMADAS: [string, string][] = [
  ['orders list, first page', '/admin/api/pedidos?porPagina=50'],
  ["orders list, view 'por preparar'", '/admin/api/pedidos?vista=por-preparar&porPagina=50'],
  ['orders list, state EN TRANSITO', `/admin/api/pedidos?estado=${encodeURIComponent('EN TRANSITO')}&porPagina=50`],
  ["orders list, search 'nuñez'", `/admin/api/pedidos?q=${encodeURIComponent('nuñez')}&porPagina=50`],
  ['orders list, district Cayma', '/admin/api/pedidos?distrito=Cayma&porPagina=50'],
  ['home (inicio)', '/admin/api/inicio'],
];

/** Writes `cantidad` orders of one customer in a spread of states, methods, districts and ages (up to ~70 days), with lines, a timeline step and payments. */
export async function sembrarPedidos(db: Awaited<ReturnType<typeof openDatabase>>['db'], cantidad: number): Promise<void> {
  const { rows } = (await db.execute(
    sql`INSERT INTO clientes (nombre, usuario, correo, password_hash) VALUES ('Banco de pruebas', 'bench-mesa', 'bench-mesa@example.pe', 'x') RETURNING id`,
  )) as unknown as { rows: { id: number }[] };
  const cliente = rows[0];
  await db.execute(sql`
    INSERT INTO pedidos (cliente_id, estado, clave_idempotencia, creado, actualizado, expira, recojo, metodo_envio, direccion,
      departamento, provincia, distrito, nombre, apellido, correo, telefono, documento_tipo, documento_numero,
      subtotal, descuento, envio, total, pasarela, metodo_pago, pago_id, pagado, courier, guia)
    SELECT ${cliente!.id}, e.estado, 'bench-' || i, c.creado, c.creado, c.creado + interval '1 day', i % 4 = 0,
      CASE WHEN i % 4 = 0 THEN 'Recojo en Miraflores' ELSE 'Envío a domicilio' END, 'Calle ' || i,
      'Lima', 'Lima', (ARRAY['Miraflores', 'San Isidro', 'Santiago de Surco', 'Cayma', 'Barranco', 'Lince', 'Jesús María'])[1 + i % 7],
      (ARRAY['María', 'José', 'Lucía', 'Carlos', 'Ana', 'Rocío'])[1 + i % 6], (ARRAY['Pérez', 'García', 'Núñez', 'Torres', 'Quispe'])[1 + i % 5],
      'cliente' || i || '@example.pe', '987654321', 'DNI', lpad(i::text, 8, '0'),
      4990 + (i * 37) % 20000, 0, 1000, 5990 + (i * 37) % 20000, 'prueba',
      (ARRAY['mercadopago', 'yape', 'transferencia'])[1 + i % 3],
      CASE WHEN e.estado <> 'PENDIENTE' THEN 'bench-pago-' || i END,
      CASE WHEN e.estado <> 'PENDIENTE' THEN c.creado + interval '5 minutes' END,
      CASE WHEN e.estado IN ('EN TRANSITO', 'ENTREGADO') AND i % 4 <> 0 THEN 'olva' END,
      CASE WHEN e.estado IN ('EN TRANSITO', 'ENTREGADO') AND i % 4 <> 0 THEN 'OLV-' || i END
    FROM generate_series(1, ${cantidad}) AS i,
      LATERAL (SELECT now() - (i * interval '10 minutes') AS creado) AS c,
      LATERAL (SELECT CASE
        WHEN i % 4 = 0 AND i % 3 = 1 THEN 'LISTO PARA RECOGER'
        WHEN i % 4 = 0 THEN (ARRAY['PENDIENTE', 'EN PREPARACION', 'ENTREGADO', 'CANCELADO'])[1 + i % 4 / 4 + i % 4]
        ELSE (ARRAY['PENDIENTE', 'EN PREPARACION', 'EN TRANSITO', 'ENTREGADO', 'ENTREGADO', 'CANCELADO'])[1 + i % 6]
      END AS estado) AS e`);
  await db.execute(sql`
    INSERT INTO pedido_lineas (pedido_id, producto_id, nombre, marca, cantidad, precio_unitario, precio_con_descuento, precio_cobrado)
    SELECT p.id, 1 + p.id % 40, 'Producto de prueba ' || (p.id % 40), 'Marca', 1 + p.id % 3, 4990, 4990, 4990
    FROM pedidos p, generate_series(1, 2) AS linea WHERE linea = 1 OR p.id % 2 = 0`);
  await db.execute(sql`
    INSERT INTO pedido_historial (pedido_id, estado, fecha, nota, actor)
    SELECT id, estado, actualizado, 'Banco de pruebas.', 'Sistema' FROM pedidos`);
  await db.execute(sql`
    INSERT INTO pagos (id, pedido_id, pasarela, estado, monto, moneda, tipo)
    SELECT pago_id, id, 'prueba', 'approved', total, 'PEN', 'credit_card' FROM pedidos WHERE pago_id IS NOT NULL`);
  // One order in 250 has a second approved payment to give back: the 'con alerta' view.
  await db.execute(sql`
    INSERT INTO pagos (id, pedido_id, pasarela, estado, monto, moneda, tipo)
    SELECT pago_id || '-b', id, 'prueba', 'approved', total, 'PEN', 'credit_card' FROM pedidos WHERE pago_id IS NOT NULL AND id % 250 = 0`);
  await db.execute(sql`ANALYZE`);
}

/** Seeds a fresh database and measures the desk's calls; closes the database. */
export async function medirBackoffice(opciones: { pedidos: number; count: number; url?: string }): Promise<LatenciaBackoffice[]> {
  const database = await openDatabase({ url: opciones.url });
  try {
    await seedIfEmpty(database.db);
    await sembrarPedidos(database.db, opciones.pedidos);
    const mailer: Mailer = { send: async () => {} };
    const services = createServices({ db: database.db, config: { ...serverConfig({}), adminToken: TOKEN, trustProxy: true }, mailer });
    const app = createApp({ services });
    const pedir = async (path: string) => {
      const t0 = performance.now();
      const res = await app.request(path, { headers: { Authorization: `Bearer ${TOKEN}`, 'X-Forwarded-For': '10.9.0.1' } });
      const cuerpo = (await res.json()) as { total?: number; mensaje?: string };
      if (!res.ok) throw new Error(`${path}: ${res.status} ${cuerpo.mensaje ?? ''}`);
      return { ms: performance.now() - t0, total: cuerpo.total ?? null };
    };
    const resultados: LatenciaBackoffice[] = [];
    for (const [nombre, path] of LLAMADAS) {
      await pedir(path);
      const { total } = await pedir(path);
      const muestras: number[] = [];
      for (let i = 0; i < opciones.count; i++) muestras.push((await pedir(path)).ms);
      muestras.sort((a, b) => a - b);
      resultados.push({ nombre, path, medianMs: percentil(muestras, 0.5), p95Ms: percentil(muestras, 0.95), total });
    }
    return resultados;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string', default: '10000' },
      count: { type: 'string', default: '40' },
      url: { type: 'string' },
      sembrar: { type: 'boolean', default: false },
    },
  });
  if (values.sembrar) {
    const { database } = await startDatabase(serverConfig());
    try {
      await sembrarPedidos(database.db, Number(values.orders));
    } finally {
      await database.close();
    }
    console.error(`${values.orders} pedidos escritos en la base de datos configurada.`);
    process.exit(0);
  }
  const resultados = await medirBackoffice({ pedidos: Number(values.orders), count: Number(values.count), url: values.url });
  for (const r of resultados)
    console.error(`${r.nombre.padEnd(40)} median ${r.medianMs.toFixed(1)} ms  p95 ${r.p95Ms.toFixed(1)} ms  (${r.total ?? '-'} matched)`);
  // The answer's last line; then out, whatever the services left running.
  process.stdout.write(`${JSON.stringify(resultados)}\n`, () => process.exit(0));
}
