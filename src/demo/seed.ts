import { and, asc, eq, ne } from 'drizzle-orm';
import { seedDemoCoupons } from './coupons.ts';
import type { Db } from '../server/db/client.ts';
import { trasCargaMasiva } from '../server/db/carga-masiva.ts';
import { fillDatabase } from '../server/db/startup.ts';
import {
  banners,
  categorias,
  categoriasHijas,
  lineas,
  marcas,
  mensajesBarra,
  popups,
  productos,
  sociales,
  type NuevoProducto,
} from '../server/db/schema/index.ts';
import { DEMO_HOME, demoCatalogue, type SeedProduct } from './catalogue.ts';
import { seedDemoPhotos } from './photos.ts';
import { seedDemoResenas } from './resenas.ts';
import { syntheticCatalogue } from './synthetic/catalogue.ts';
import { TAXONOMY } from './taxonomy.ts';

export interface SeedOptions {
  /** How many products of a synthetic catalogue (for benchmarks); unset: the hand-written demo catalogue. */
  products?: number;
  /**
   * Whether the hand-written demo carries its published reviews, with their buyers and delivered orders
   * (src/demo/resenas.ts): yes unless told (a synthetic catalogue never does). The API tests' shop leaves
   * them out: its tests count the orders, customers and reviews they make.
   */
  resenas?: boolean;
}

/**
 * Loads Peru's locations when missing, and the demo catalogue into a database without products
 * (the shop's start-up, fillDatabase, asked for the demo). Returns whether it loaded the catalogue.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const seeded = (await fillDatabase(db, (empty) => seedDemoCatalogue(empty, options))) === 'demo';
  if (seeded) await trasCargaMasiva(db, options.products ?? 0);
  return seeded;
}

/** Inserts taxonomy, brands, products (the demo's or `options.products` synthetic ones) and home content in one transaction. */
export async function seedDemoCatalogue(db: Db, options: SeedOptions = {}): Promise<void> {
  const { brands, products } = options.products === undefined ? demoCatalogue() : syntheticCatalogue(options.products);
  await db.transaction(async (tx) => {
    const categoriaIds = new Map<string, number>();
    const childIds = new Map<string, number>();
    for (const [lineaOrden, linea] of TAXONOMY.entries()) {
      const [lineaRow] = await tx.insert(lineas).values({ nombre: linea.linea, orden: lineaOrden }).returning({ id: lineas.id });
      for (const [categoriaOrden, categoria] of linea.categorias.entries()) {
        const [categoriaRow] = await tx
          .insert(categorias)
          .values({ nombre: categoria.nombre, lineaId: lineaRow!.id, orden: categoriaOrden })
          .returning({ id: categorias.id });
        categoriaIds.set(categoria.nombre, categoriaRow!.id);
        const hijas = await tx
          .insert(categoriasHijas)
          .values(categoria.hijas.map((nombre, orden) => ({ nombre, orden, categoriaId: categoriaRow!.id })))
          .returning({ id: categoriasHijas.id, nombre: categoriasHijas.nombre });
        for (const hija of hijas) childIds.set(`${categoria.nombre}/${hija.nombre}`, hija.id);
      }
    }

    const marcaRows = await tx.insert(marcas).values(brands).returning({ id: marcas.id, nombre: marcas.nombre });
    const marcaIds = new Map(marcaRows.map((marca) => [marca.nombre, marca.id]));

    const rows = products.map((product) => toRow(product, marcaIds, categoriaIds, childIds));
    for (let start = 0; start < rows.length; start += 500) {
      await tx.insert(productos).values(rows.slice(start, start + 500));
    }

    await seedDemoPhotos(tx as unknown as Db);

    const serums = await tx
      .select({ id: productos.id })
      .from(productos)
      .where(
        and(
          eq(productos.categoriaId, categoriaIds.get('Serúm')!),
          eq(productos.descuento, 0),
          eq(productos.descuentoN, 0),
          ne(productos.newores, 'Sale'),
        ),
      )
      .orderBy(asc(productos.id))
      .limit(5);
    await seedDemoCoupons(tx as unknown as Db, { brandId: marcaIds.get('COSRX')!, productIds: serums.map((row) => row.id) });

    await tx.insert(mensajesBarra).values(DEMO_HOME.mensajes.map((mensaje, orden) => ({ mensaje, orden })));
    await tx.insert(banners).values(DEMO_HOME.banners.map((banner, orden) => ({ ...banner, orden })));
    await tx.insert(popups).values([...DEMO_HOME.popups]);
    await tx.insert(sociales).values(DEMO_HOME.sociales.map((social, orden) => ({ ...social, orden })));

    if (options.products === undefined && options.resenas !== false) await seedDemoResenas(tx as unknown as Db);
  });
}

function toRow(
  product: SeedProduct,
  marcaIds: Map<string, number>,
  categoriaIds: Map<string, number>,
  childIds: Map<string, number>,
): NuevoProducto {
  const { marca, categoria, child, ...fields } = product;
  const marcaId = marcaIds.get(marca);
  const categoriaId = categoriaIds.get(categoria);
  const childId = childIds.get(`${categoria}/${child}`);
  if (!marcaId || !categoriaId || !childId) {
    throw new Error(`Producto de demostración inconsistente: ${product.nombre} (${marca}, ${categoria}, ${child}).`);
  }
  return { ...fields, marcaId, categoriaId, childId };
}
