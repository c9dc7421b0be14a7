import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { FiltroCatalogo } from '../../../lib/api/catalogo-schemas.ts';
import { fechaLima } from '../../../lib/dates.ts';
import { MESA } from '../../../lib/tienda.ts';
import { CON_ACENTO, marcas, productos, SIN_ACENTO } from '../../db/schema/index.ts';

/**
 * The catalogue filter (catalogo-schemas.ts) as SQL over `productos`, shared by the back office's list,
 * its export and the bulk changes by filter: every condition the filter names, ANDed; none named is
 * `archivado IS NULL` (the shop's catalogue). No join is needed: the brand is matched in a subquery.
 */

/** A text as the search compares it: no accents, lower case (as migration 0024's `busqueda` column). */
export const textoBusqueda = (texto: string) => texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
/** A LIKE pattern matching `texto` anywhere, its wildcards taken literally. */
const contiene = (texto: string) => `%${texto.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const marcaPlana = sql`lower(translate(${marcas.nombre}, ${sql.raw(`'${CON_ACENTO}'`)}, ${sql.raw(`'${SIN_ACENTO}'`)}))`;

/** Options of the filter that come from the shop's settings. */
export interface OpcionesFiltro {
  /** Units at or under which the stock is 'bajo' (config.mesa.stockBajo, LOW_STOCK_THRESHOLD). */
  umbralBajo?: number;
  /** The moment 'oferta' is judged at (its Lima day); now by default. */
  ahora?: Date;
}

/** The WHERE of a catalogue filter. */
export function condicionCatalogo(filtro: FiltroCatalogo, { umbralBajo = MESA.stockBajo, ahora = new Date() }: OpcionesFiltro = {}): SQL {
  const partes: SQL[] = [];
  const archivo = filtro.archivados ?? 'no';
  if (archivo === 'no') partes.push(isNull(productos.archivado));
  if (archivo === 'solo') partes.push(isNotNull(productos.archivado));
  // Each word must be in the SKU, the name or the brand: 'anua toner' finds Anua's toners.
  const palabras = textoBusqueda(filtro.q ?? '')
    .split(/\s+/)
    .filter(Boolean);
  for (const palabra of palabras)
    partes.push(
      // `= ANY(ARRAY(…))`, not `IN (…)`: the brands are found first, so both sides of the OR read an index (trigram, brand).
      sql`(${productos.busqueda} LIKE ${contiene(palabra)} OR ${productos.marcaId} = ANY(ARRAY(SELECT ${marcas.id} FROM ${marcas} WHERE ${marcaPlana} LIKE ${contiene(palabra)})))`,
    );
  if (filtro.marca !== undefined) partes.push(eq(productos.marcaId, filtro.marca));
  if (filtro.categoria !== undefined) partes.push(eq(productos.categoriaId, filtro.categoria));
  if (filtro.hija !== undefined) partes.push(eq(productos.childId, filtro.hija));
  if (filtro.stock === 'agotado') partes.push(sql`${productos.stock} = 0`);
  if (filtro.stock === 'bajo') partes.push(sql`${productos.stock} BETWEEN 1 AND ${umbralBajo}`);
  if (filtro.stock === 'disponible') partes.push(sql`${productos.stock} > ${umbralBajo}`);
  if (filtro.oferta) {
    const hoy = fechaLima(ahora);
    const enOferta = sql`((${productos.descuento} > 0 OR ${productos.descuentoN} > 0)
      AND (${productos.descuentoDesde} IS NULL OR ${productos.descuentoDesde} <= ${hoy}::date)
      AND (${productos.descuentoHasta} IS NULL OR ${productos.descuentoHasta} >= ${hoy}::date))`;
    partes.push(filtro.oferta === 'si' ? enOferta : sql`NOT ${enOferta}`);
  }
  if (filtro.preventa) partes.push(filtro.preventa === 'si' ? eq(productos.newores, 'Preventa') : sql`${productos.newores} <> 'Preventa'`);
  if (filtro.nuevo) partes.push(filtro.nuevo === 'si' ? eq(productos.newores, 'Nuevo') : sql`${productos.newores} <> 'Nuevo'`);
  return partes.length ? and(...partes)! : sql`true`;
}
