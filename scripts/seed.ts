/**
 * `npm run seed -- [--products N] [--reset]`: loads the demo catalogue (or, for benchmarks, a synthetic
 * one of N products with their own names, texts and about N/40 brands) into the configured database:
 * the explicit way to ask for the demo where the shop starts empty (PostgreSQL, production).
 * Refuses while a server owns the embedded database, since PGlite has no inter-process lock.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { serverConfig } from '../src/server/config.ts';
import { startDatabase } from '../src/server/db/startup.ts';
import { seedDemoCatalogue } from '../src/demo/seed.ts';

const { values } = parseArgs({ options: { products: { type: 'string' }, reset: { type: 'boolean', default: false } } });
const products = values.products === undefined ? undefined : Number(values.products);
if (products !== undefined && (!Number.isInteger(products) || products < 1)) {
  console.error('--products debe ser un número entero positivo.');
  process.exit(2);
}

const config = serverConfig();
const load = (db: Parameters<typeof seedDemoCatalogue>[0]) => seedDemoCatalogue(db, { products });
// Asked for here whatever DEMO_CATALOGUE says; with --reset, the catalogue is replaced below instead.
const { database, catalogo } = await startDatabase({ ...config, catalogoDemo: !values.reset }, { loadDemo: load });
try {
  if (values.reset) {
    await database.db.execute(
      sql`TRUNCATE productos, categorias_hijas, categorias, lineas, marcas, mensajes_barra, banners, popups, sociales, cupones_globales RESTART IDENTITY CASCADE`,
    );
    await load(database.db);
    console.log(
      products === undefined
        ? 'Catálogo reemplazado por el de demostración.'
        : `Catálogo reemplazado por uno sintético de ${products} productos.`,
    );
  } else if (catalogo === 'demo') {
    console.log(products === undefined ? 'Catálogo de demostración cargado.' : `Catálogo sintético de ${products} productos cargado.`);
  } else {
    console.log('La base de datos ya tiene productos; usa --reset para reemplazarlos.');
  }
} finally {
  await database.close();
}
