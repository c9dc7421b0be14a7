import { fechaLima } from '../../lib/dates.ts';

/**
 * Lima days as instants (decision 0222): a day is 00:00 to 24:00 in America/Lima, which keeps UTC−5 all
 * year (Peru has no daylight saving), so the day D is [D 00:00−05:00, D+1 00:00−05:00).
 */

const DIA_MS = 24 * 60 * 60 * 1000;

/** The instant the Lima day `dia` (YYYY-MM-DD) begins. */
export const inicioDiaLima = (dia: string) => new Date(`${dia}T00:00:00-05:00`);

/** The Lima day `n` days after `dia` (before, when negative). */
export const sumarDias = (dia: string, n: number) => new Date(Date.parse(`${dia}T00:00:00Z`) + n * DIA_MS).toISOString().slice(0, 10);

/** How many Lima days from `desde` to `hasta`, both included. */
export const diasEntre = (desde: string, hasta: string) => Math.round((Date.parse(`${hasta}T00:00:00Z`) - Date.parse(`${desde}T00:00:00Z`)) / DIA_MS) + 1;

/** A period of Lima days, both included, and its instants [inicio, fin). */
export interface Periodo {
  desde: string;
  hasta: string;
  inicio: Date;
  fin: Date;
}

/** The period from the Lima day `desde` to `hasta` (both included). */
export function periodoLima(desde: string, hasta = desde): Periodo {
  return { desde, hasta, inicio: inicioDiaLima(desde), fin: inicioDiaLima(sumarDias(hasta, 1)) };
}

/** Every Lima day of the period, in order. */
export const diasDelPeriodo = ({ desde, hasta }: Pick<Periodo, 'desde' | 'hasta'>) =>
  Array.from({ length: diasEntre(desde, hasta) }, (_, i) => sumarDias(desde, i));

/** The Lima day an instant falls on. */
export const diaLimaDe = (instante: Date) => fechaLima(instante);
