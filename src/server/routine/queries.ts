import { and, count, gt, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FiltrosPielValidos, ProductoRutina } from '../../lib/api/routine-schemas.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { pasoDeCategoria, type PasoRutina } from '../../lib/routine/pasos.ts';
import { ACCENTED_LETTERS, foldAccents, foldText } from '../../lib/text.ts';
import { productoVisible, selectProductos } from '../catalogue/queries.ts';
import type { Db } from '../db/client.ts';
import { categorias, productos } from '../db/schema/index.ts';

/** The routine builder's queries: the filter lists from the products' tags, the skin filter and the steps' products. */

/** A column folded in SQL as `foldText` folds a text (accents by lib/text.ts's table, lower case; trimmed where compared). */
const folded = (column: SQLWrapper) => sql`lower(translate(${column}, ${ACCENTED_LETTERS}, ${foldAccents(ACCENTED_LETTERS)}))`;

/** A comma-separated tag column holds the value (case- and accent-insensitively). */
const hasTag = (column: SQLWrapper, value: string) =>
  sql`position(${`,${foldText(value)},`} in ',' || regexp_replace(trim(${folded(column)}), ${'\\s*,\\s*'}, ',', 'g') || ',') > 0`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The ingredients mention none of the words; with any word given, unknown ingredients ('No especificado.') are excluded too. */
function sinAlergenos(alergias: string[]): SQL | undefined {
  if (alergias.length === 0) return undefined;
  return and(
    sql`${folded(productos.ingredientes)} not in ('', 'no especificado.', 'no especificado')`,
    ...alergias.map((word) => sql`${folded(productos.ingredientes)} not like ${`%${escapeLike(foldText(word))}%`}`),
  );
}

/** In stock, with the chosen skin type, age group and concern (empty: any), and without the allergens. */
function coincide(filtros: FiltrosPielValidos): SQL {
  return and(
    gt(productos.stock, 0),
    filtros.tipoPiel ? hasTag(productos.tipoPiel, filtros.tipoPiel) : undefined,
    filtros.grupoEdad ? hasTag(productos.edad, filtros.grupoEdad) : undefined,
    filtros.inquietudPiel ? hasTag(productos.inquietudPiel, filtros.inquietudPiel) : undefined,
    sinAlergenos(filtros.alergias),
  )!;
}

/** The skin types, age groups and concerns the catalogue's products carry, each list deduplicated and sorted. */
export async function listasDePiel(db: Db): Promise<{ tiposPiel: string[]; gruposEdad: string[]; inquietudes: string[] }> {
  const rows = await db
    .selectDistinct({ tipo: productos.tipoPiel, edad: productos.edad, inquietud: productos.inquietudPiel })
    .from(productos)
    .where(productoVisible);
  const lista = (values: string[]) => {
    const byKey = new Map<string, string>();
    for (const value of values
      .flatMap((tags) => tags.split(','))
      .map((tag) => tag.trim())
      .filter(Boolean)) {
      if (!byKey.has(foldText(value))) byKey.set(foldText(value), value);
    }
    return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'es', { numeric: true }));
  };
  return {
    tiposPiel: lista(rows.map((r) => r.tipo)),
    gruposEdad: lista(rows.map((r) => r.edad)),
    inquietudes: lista(rows.map((r) => r.inquietud)),
  };
}

/** In-stock products matching the filters: how many, and the first `limit` by id. */
export async function filtrarProductos(db: Db, filtros: FiltrosPielValidos, limit: number): Promise<{ total: number; data: Producto[] }> {
  const where = coincide(filtros);
  const [counted] = await db.select({ total: count() }).from(productos).where(and(productoVisible, where));
  return { total: Number(counted?.total ?? 0), data: await selectProductos(db, where, limit) };
}

/** A routine product as checkout §3 names its fields (nombreProducto), plus what a cart line needs. */
export const productoRutina = (p: Producto): ProductoRutina => ({
  idProducto: p.idProducto,
  nombreProducto: p.nombre,
  marca: p.marca,
  precio: p.precio,
  descuento: p.descuento,
  descuentoN: p.descuentoN,
  stock: p.stock,
  stock_total: p.stock_total,
  colores: p.colores,
  tamaños: p.tamaños,
  img: p.img,
  imagen: p.imagen,
  newores: p.newores,
  sedes: p.sedes,
  categoria: p.categoria,
  tipo_piel: p.tipo_piel,
  edad: p.edad,
  inquietud_piel: p.inquietud_piel,
  fechaAgregado: p.fechaAgregado,
});

/**
 * Each step's in-stock products matching the filters, by id, at most `porPaso` each, without
 * duplicates (one product, or one brand's product under one name, appears once in a step).
 */
export async function productosPorPaso(
  db: Db,
  filtros: FiltrosPielValidos,
  pasos: readonly PasoRutina[],
  porPaso: number,
): Promise<Map<PasoRutina, ProductoRutina[]>> {
  const nombres = pasos.flatMap((paso) => paso.categorias.map(foldText));
  const where = and(coincide(filtros), inArray(folded(sql`${categorias.nombre}`), nombres))!;
  const byPaso = new Map<PasoRutina, ProductoRutina[]>(pasos.map((paso) => [paso, []]));
  const seen = new Set<string>();
  for (const producto of await selectProductos(db, where)) {
    const paso = pasos.find((candidate) => candidate.clave === pasoDeCategoria(producto.categoria)?.clave);
    const list = paso && byPaso.get(paso);
    const keys = [`${paso?.clave}#${producto.idProducto}`, `${paso?.clave}|${foldText(producto.marca)}|${foldText(producto.nombre)}`];
    if (!list || list.length >= porPaso || keys.some((key) => seen.has(key))) continue;
    keys.forEach((key) => seen.add(key));
    list.push(productoRutina(producto));
  }
  return byPaso;
}
