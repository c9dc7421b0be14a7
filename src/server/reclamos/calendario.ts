import Holidays from 'date-holidays';
import type { NoLaborable } from '../../lib/dias-habiles.ts';
import type { Db, Tx } from '../db/client.ts';
import { ajustesGuardados } from '../tienda/ajustes.ts';

/**
 * The calendar of the Libro de Reclamaciones' deadline: Peru's national public holidays from the
 * maintained `date-holidays` tables (country PE, type 'public': the laws that add or move a holiday
 * reach the shop with the package's updates, not with an edit of ours), plus the shop's own
 * non-working days: those the environment names (SHOP_NON_WORKING_DAYS: días no laborables the State
 * declares, a regional holiday) and those the owner keeps in Tienda (calendarioVigente).
 * Server-only: the browser never counts deadlines, it shows the server's.
 */

const peru = new Holidays('PE');
const porAnio = new Map<number, ReadonlySet<string>>();

/** Peru's public holidays of `anio` as YYYY-MM-DD dates (looked up once per year). */
export function feriadosPeru(anio: number): ReadonlySet<string> {
  let dias = porAnio.get(anio);
  if (!dias) {
    // `date` is the holiday's local start, 'YYYY-MM-DD 00:00:00': its first ten characters are Lima's date.
    dias = new Set(
      peru
        .getHolidays(anio)
        .filter((feriado) => feriado.type === 'public')
        .map((feriado) => feriado.date.slice(0, 10)),
    );
    porAnio.set(anio, dias);
  }
  return dias;
}

/** Whether a YYYY-MM-DD date is a national public holiday in Peru. */
export const esFeriadoPeru = (dia: string) => feriadosPeru(Number(dia.slice(0, 4))).has(dia);

/** The days besides weekends that do not count: Peru's public holidays and `diasNoLaborables` (YYYY-MM-DD). */
export function noLaborables(diasNoLaborables: readonly string[] = []): (dia: string) => boolean {
  const propios = new Set(diasNoLaborables);
  return (dia) => propios.has(dia) || esFeriadoPeru(dia);
}

/**
 * The calendar in force now: Peru's public holidays, `diasConfig` (SHOP_NON_WORKING_DAYS) and the days
 * the owner saved in Tienda, read from the database on each call so every process follows a change.
 */
export async function calendarioVigente(db: Db | Tx, diasConfig: readonly string[] = []): Promise<NoLaborable> {
  const guardados = (await ajustesGuardados(db))?.datos.diasNoLaborables ?? [];
  return noLaborables([...diasConfig, ...guardados]);
}
