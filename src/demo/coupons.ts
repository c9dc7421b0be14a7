import type { Db } from '../server/db/client.ts';
import { cuponesGlobales } from '../server/db/schema/index.ts';

const DAY = 86_400_000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Demo shop coupons: one current, one not yet started, one expired, one for a brand and one for
 * some products, dated relative to the seed so the demo stays meaningful.
 */
export async function seedDemoCoupons(
  db: Db,
  { brandId, productIds, now = new Date() }: { brandId: number; productIds: number[]; now?: Date },
) {
  const at = (days: number) => isoDate(new Date(now.getTime() + days * DAY));
  await db.insert(cuponesGlobales).values([
    { codigo: 'KBEAUTY10', descuento: 10, fechaInicio: at(-30), fechaFin: at(365) },
    { codigo: 'NAVIDAD25', descuento: 25, fechaInicio: at(20), fechaFin: at(50) },
    { codigo: 'VERANO15', descuento: 15, fechaInicio: at(-120), fechaFin: at(-30) },
    { codigo: 'COSRX20', descuento: 20, fechaInicio: at(-10), fechaFin: at(365), assignedBrands: String(brandId) },
    { codigo: 'SERUM15', descuento: 15, fechaInicio: at(-10), fechaFin: at(365), assignedProducts: productIds.join(',') },
  ]);
}
