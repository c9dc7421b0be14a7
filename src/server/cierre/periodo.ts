import { fechaLima } from '../../lib/dates.ts';
import { diasEntre, inicioDiaLima, sumarDias } from '../../lib/dias-lima.ts';

/** A period of Lima days, both included, and its instants [inicio, fin) (decision 0222). */
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
