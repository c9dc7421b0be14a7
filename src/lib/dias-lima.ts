import { fechaLima } from './dates.ts';

/**
 * Lima calendar days (decision 0222): a day is 00:00 to 24:00 in America/Lima, which keeps UTC−5 all year
 * (Peru has no daylight saving), so the day D runs from D 00:00−05:00 to D+1 00:00−05:00. Shared by the
 * daily close on the server and its screen, which moves a day back and forth.
 */

const DIA_MS = 24 * 60 * 60 * 1000;

/** The instant the Lima day `dia` (YYYY-MM-DD) begins. */
export const inicioDiaLima = (dia: string) => new Date(`${dia}T00:00:00-05:00`);

/** The day `n` days after `dia` (before, when negative). */
export const sumarDias = (dia: string, n: number) => new Date(Date.parse(`${dia}T00:00:00Z`) + n * DIA_MS).toISOString().slice(0, 10);

/** How many days from `desde` to `hasta`, both included. */
export const diasEntre = (desde: string, hasta: string) =>
  Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / DIA_MS) + 1;

/** Yesterday in Lima, at `ahora`. */
export const ayerEnLima = (ahora: Date = new Date()) => sumarDias(fechaLima(ahora), -1);
