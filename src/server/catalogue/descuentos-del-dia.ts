import { eq, sql } from 'drizzle-orm';
import { fechaLima } from '../../lib/dates.ts';
import type { Db } from '../db/client.ts';
import { catalogoEstado, productos } from '../db/schema/index.ts';

/** A product's discount applies on `dia` (SQL twin of descuentoEnFechas in lib/pricing/product.ts). */
const vigenteEl = (dia: string) =>
  sql`((${productos.descuentoDesde} IS NULL OR ${productos.descuentoDesde} <= ${dia}::date)
    AND (${productos.descuentoHasta} IS NULL OR ${productos.descuentoHasta} >= ${dia}::date))`;

/**
 * Run by the background work (every JOBS_INTERVAL_SECONDS; every minute on Netlify): the first run of a
 * Lima day bumps both catalogue versions when some product's discount starts or ends between the day the
 * versions last reflected and this one, so `npm start` and Netlify's scheduled check rebuild the static
 * pages (which show the discounts of their build day) and the API's copies drop yesterday's prices.
 * One run per day does it, whatever the number of processes (the state row is locked). Answers whether
 * it bumped.
 */
export async function renovarDescuentosDelDia(db: Db, ahora = new Date()): Promise<boolean> {
  const hoy = fechaLima(ahora);
  return db.transaction(async (tx) => {
    const [estado] = await tx
      .select({ dia: catalogoEstado.descuentosDia })
      .from(catalogoEstado)
      .where(eq(catalogoEstado.id, 1))
      .for('update');
    if (!estado || estado.dia === hoy) return false;
    const conDescuento = sql`(${productos.descuento} > 0 OR ${productos.descuentoN} > 0)`;
    // Never looked before (a new shop, or one just migrated): any dated discount may have moved since its pages were built.
    const cambio =
      estado.dia === null
        ? sql`(${productos.descuentoDesde} IS NOT NULL OR ${productos.descuentoHasta} IS NOT NULL)`
        : sql`(${vigenteEl(estado.dia)}) IS DISTINCT FROM (${vigenteEl(hoy)})`;
    const [hay] = await tx
      .select({ si: sql<number>`1` })
      .from(productos)
      .where(sql`${conDescuento} AND ${cambio}`)
      .limit(1);
    await tx
      .update(catalogoEstado)
      .set(
        hay
          ? {
              descuentosDia: hoy,
              version: sql`${catalogoEstado.version} + 1`,
              versionDatos: sql`${catalogoEstado.versionDatos} + 1`,
              actualizado: sql`now()`,
            }
          : { descuentosDia: hoy },
      )
      .where(eq(catalogoEstado.id, 1));
    return Boolean(hay);
  });
}
