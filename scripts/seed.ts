/**
 * `npm run seed -- [--products N] [--reset]`: loads the demo catalogue (or, for benchmarks, a synthetic
 * one of N products with their own names, texts and about N/40 brands) into the configured database.
 * Refuses while a server owns the embedded database, since PGlite has no inter-process lock.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { serverConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { seedDemoCatalogue, seedIfEmpty } from '../src/demo/seed.ts';

const { values } = parseArgs({ options: { products: { type: 'string' }, reset: { type: 'boolean', default: false } } });
const products = values.products === undefined ? undefined : Number(values.products);
if (products !== undefined && (!Number.isInteger(products) || products < 1)) {
  console.error('--products debe ser un número entero positivo.');
  process.exit(2);
}

const config = serverConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  if (values.reset) {
    await database.db.execute(
      sql`TRUNCATE productos, categorias_hijas, categorias, lineas, marcas, mensajes_barra, banners, popups, sociales, cupones_globales RESTART IDENTITY CASCADE`,
    );
    await seedDemoCatalogue(database.db, { products });
    console.log(products === undefined ? 'Catálogo reemplazado por el de demostración.' : `Catálogo reemplazado por uno sintético de ${products} productos.`);
  } else if (await seedIfEmpty(database.db, { products })) {
    console.log(products === undefined ? 'Catálogo de demostración cargado.' : `Catálogo sintético de ${products} productos cargado.`);
  } else {
    console.log('La base de datos ya tiene productos; usa --reset para reemplazarlos.');
  }
} finally {
  await database.close();
}
