import type { DetallePedido, EstadoPedido } from '../api/checkout-schemas.ts';

/**
 * The status timeline of an order's detail (checkout §4): En preparación, En Tránsito, Listo para
 * Recoger, Entregado; every step up to the current state highlighted with the date it was reached.
 */

/** One step of the timeline. */
export interface PasoLinea {
  estado: EstadoPedido;
  etiqueta: string;
  /** Reached: the order is at this step or past it. */
  alcanzado: boolean;
  /** The order's current step. */
  actual: boolean;
  /** ISO date the step was reached; null when not reached (or not recorded). */
  fecha: string | null;
}

/**
 * How an order's state reads to the shopper, on the badge of the list and the detail and on the
 * timeline's steps alike: the spec's spelling (checkout §4: 'En Tránsito', 'Listo para Recoger').
 */
export const ESTADO_PEDIDO_TEXTO: Record<EstadoPedido, string> = {
  PENDIENTE: 'Pendiente de pago',
  'EN PREPARACION': 'En preparación',
  'EN TRANSITO': 'En Tránsito',
  'LISTO PARA RECOGER': 'Listo para Recoger',
  ENTREGADO: 'Entregado',
  CANCELADO: 'Cancelado',
};

const PASOS: { estado: EstadoPedido; etiqueta: string }[] = (
  ['EN PREPARACION', 'EN TRANSITO', 'LISTO PARA RECOGER', 'ENTREGADO'] as const
).map((estado) => ({
  estado,
  etiqueta: ESTADO_PEDIDO_TEXTO[estado],
}));

/**
 * The steps an order goes through: a pickup order never travels (no En Tránsito) and a delivered
 * order is never waiting at a shop (no Listo para Recoger).
 */
export const pasosDe = (recojo: boolean) => PASOS.filter(({ estado }) => estado !== (recojo ? 'EN TRANSITO' : 'LISTO PARA RECOGER'));

type Datos = Pick<DetallePedido, 'estado' | 'recojo' | 'historial' | 'fechaEntrega'>;

/** The last step the order reached before it was cancelled, from its history; -1 for none. */
function ultimoAlcanzado(pasos: { estado: EstadoPedido }[], historial: Datos['historial']): number {
  return historial.reduce(
    (last, { estado }) =>
      Math.max(
        last,
        pasos.findIndex((paso) => paso.estado === estado),
      ),
    -1,
  );
}

/**
 * The timeline of an order. A pending order has reached no step; a cancelled one keeps the steps it
 * had reached (Cancelado is never a step: it is said as the order's state). A delivered order with
 * no delivery date shows `hoy` (checkout §4).
 */
export function lineaDeTiempo({ estado, recojo, historial, fechaEntrega }: Datos, hoy: Date = new Date()): PasoLinea[] {
  const pasos = pasosDe(recojo);
  const actual = estado === 'CANCELADO' ? -1 : pasos.findIndex((paso) => paso.estado === estado);
  const hasta = estado === 'CANCELADO' ? ultimoAlcanzado(pasos, historial) : actual;
  return pasos.map((paso, index) => {
    const alcanzado = index <= hasta;
    const registrada = historial.find((entry) => entry.estado === paso.estado)?.fecha ?? null;
    const fecha = paso.estado === 'ENTREGADO' && alcanzado ? (fechaEntrega ?? registrada ?? hoy.toISOString()) : registrada;
    return { ...paso, alcanzado, actual: index === actual, fecha: alcanzado ? fecha : null };
  });
}

/** A date as the shop writes it for shoppers in Lima: '23 nov. 2026'. */
export function fechaCorta(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('es-PE', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'America/Lima' });
}
