/**
 * Working days in Lima's calendar (UTC−5, no daylight saving): Monday to Friday except the days the
 * caller's `noLaborable` names (the server's: Peru's public holidays and the shop's own, see
 * server/reclamos/calendario.ts). Pure: the Libro de Reclamaciones' deadline and the operator's
 * countdown both come from here.
 */

import { fechaLima, LIMA_OFFSET_MS } from './dates.ts';

const DIA_MS = 24 * 60 * 60 * 1000;

/** The day `n` days after a YYYY-MM-DD date (before it when negative). */
const moverDias = (dia: string, n: number) => new Date(Date.parse(`${dia}T00:00:00Z`) + n * DIA_MS).toISOString().slice(0, 10);

/** Whether a YYYY-MM-DD date is one that does not count besides weekends (a holiday). */
export type NoLaborable = (dia: string) => boolean;

/** Whether a YYYY-MM-DD date is a working day: not Saturday, Sunday nor a day `noLaborable` names. */
export function esDiaHabil(dia: string, noLaborable: NoLaborable): boolean {
  const semana = new Date(`${dia}T00:00:00Z`).getUTCDay();
  return semana !== 0 && semana !== 6 && !noLaborable(dia);
}

/** The date `dias` working days after `desde` (its Lima date; the day itself does not count). */
export function sumarDiasHabiles(desde: Date | string, dias: number, noLaborable: NoLaborable): string {
  let dia = fechaLima(desde);
  for (let contados = 0; contados < dias;) {
    dia = moverDias(dia, 1);
    if (esDiaHabil(dia, noLaborable)) contados += 1;
  }
  return dia;
}

/**
 * The working days from `desde` to `hasta` (Lima dates): those after `desde` up to and including
 * `hasta`, negative when `hasta` comes first (then those after `hasta` up to and including `desde`).
 */
export function diasHabilesEntre(desde: Date | string, hasta: Date | string, noLaborable: NoLaborable): number {
  const inicio = fechaLima(desde);
  const fin = fechaLima(hasta);
  const [menor, mayor, signo] = inicio <= fin ? [inicio, fin, 1] : [fin, inicio, -1];
  let contados = 0;
  for (let dia = moverDias(menor, 1); dia <= mayor; dia = moverDias(dia, 1)) {
    if (esDiaHabil(dia, noLaborable)) contados += 1;
  }
  return signo * contados;
}

/**
 * The instant `dias` working days after the instant `desde`, at the same time of day in Lima. An instant
 * on a non-working day counts from the start of the next working day: paid on Saturday or Sunday, an
 * order has the whole of Monday, not until Monday at the hour it was paid.
 */
export function plazoHabil(desde: Date, dias: number, noLaborable: NoLaborable): Date {
  const lima = new Date(desde.getTime() - LIMA_OFFSET_MS).toISOString();
  let [dia, hora] = [lima.slice(0, 10), lima.slice(11, 23)];
  if (!esDiaHabil(dia, noLaborable)) [dia, hora] = [sumarDiasHabiles(dia, 1, noLaborable), '00:00:00.000'];
  return new Date(Date.parse(`${sumarDiasHabiles(dia, dias, noLaborable)}T${hora}Z`) + LIMA_OFFSET_MS);
}
