/**
 * The payment methods, one list shared by the browser and the server (issue 35): each method's id (the
 * spec's, also what an order stores in `metodo_pago`), its Spanish label and description, its limit and how
 * its payment finishes. Plain data (no zod: the checkout loads it). A method's behaviour lives in its own
 * files: the server's in src/server/checkout/metodos/, the checkout's panel in src/islands/checkout/.
 */

import { toCentimos } from '../pricing/money.ts';
import { TRANSFERENCIA } from '../tienda.ts';

/**
 * How a method's payment finishes once its order is reserved: on the provider's page the shopper is sent to
 * (`redirect`, Checkout Pro), on the checkout page itself (`in-page`, Yape), or later, by the shop confirming
 * it by hand (`manual`, a bank transfer: staff confirm the payment received, issue 36).
 */
export type FinMetodoPago = 'redirect' | 'in-page' | 'manual';

/** One entry of the list. */
export interface MetodoPagoInfo {
  /** The spec's id (GET /carrito/metodos-pago), stored on the order. */
  id: string;
  /** The Spanish name the checkout and the order's pages show. */
  nombre: string;
  /** The line under the name at /procesoDePago. */
  detalle: string;
  finaliza: FinMetodoPago;
  /** The most one order paid this way may cost, in soles (checked once, when the order is reserved); none when unbounded. */
  maximoSoles?: number;
  /** What the shopper is told when the order costs more than `maximoSoles`. */
  mensajeMaximo?: string;
  /** The pay button's label while this method is chosen (the checkout's default otherwise). */
  botonPagar?: string;
  /** The note under the pay button while this method is chosen. */
  nota: string;
}

/** The most one Yape payment may take (a payer's highest Yape limit), in soles. */
const MAXIMO_YAPE = 2000;

/** Every method the shop knows, in the checkout's order. Which the server completes now is GET /carrito/metodos-pago's answer. */
export const METODOS_PAGO = [
  {
    id: 'mercadopago',
    nombre: 'Mercado Pago',
    detalle: 'Tarjetas de crédito o débito, PagoEfectivo y saldo en Mercado Pago.',
    finaliza: 'redirect',
    nota: 'Con Mercado Pago completas el pago en su página segura y vuelves a la tienda al terminar.',
  },
  {
    id: 'yape',
    nombre: 'Yape',
    detalle: 'Paga con tu celular y el código de aprobación de tu app Yape.',
    finaliza: 'in-page',
    maximoSoles: MAXIMO_YAPE,
    mensajeMaximo: `Yape acepta pagos de hasta S/ ${MAXIMO_YAPE.toLocaleString('en-US')}. Para este pedido paga con Mercado Pago.`,
    botonPagar: 'Pagar con Yape',
    nota: 'Con Yape pagas aquí mismo, a través de Mercado Pago: confirmamos tu pedido en segundos.',
  },
  {
    id: 'transferencia',
    nombre: 'Transferencia bancaria',
    detalle: `Desde tu banco o su app. Reservamos tu pedido hasta ${TRANSFERENCIA.reservaHoras} horas.`,
    finaliza: 'manual',
    botonPagar: 'Reservar y ver las cuentas',
    nota: 'Al reservar te mostramos nuestras cuentas y el monto exacto; confirmamos tu pedido al recibir la transferencia.',
  },
] as const satisfies readonly MetodoPagoInfo[];

export type IdMetodoPago = (typeof METODOS_PAGO)[number]['id'];

/** Every id of the list. */
export const IDS_METODO_PAGO: readonly IdMetodoPago[] = METODOS_PAGO.map((metodo) => metodo.id);

/** The method the checkout's pay button uses when none other says so, and the one the spec's create-preference pays with (checkout §2). */
export const METODO_PREDETERMINADO: IdMetodoPago = METODOS_PAGO[0].id;

/** The answer of GET /carrito/metodos-pago: the ids of the methods an order placed now can be paid with. */
export interface MetodosPagoDisponibles {
  metodos: IdMetodoPago[];
}

/** Whether `data` is an id the checkout knows (an unknown one, from a newer server, is ignored). */
export const esIdMetodoPago = (data: unknown): data is IdMetodoPago => IDS_METODO_PAGO.includes(data as IdMetodoPago);

/** The list's entry of `id`; undefined for an id the list does not have (an order of a method since removed, another server's). */
export const metodoPagoInfo = (id: string | null | undefined): MetodoPagoInfo | undefined =>
  METODOS_PAGO.find((metodo) => metodo.id === id);

/** The entry of a method the list must have (a method's own files name theirs). */
export function metodoDeLaLista<Id extends IdMetodoPago>(id: Id): Extract<(typeof METODOS_PAGO)[number], { id: Id }> {
  return METODOS_PAGO.find((metodo) => metodo.id === id) as Extract<(typeof METODOS_PAGO)[number], { id: Id }>;
}

/** Whether an order of `totalCentimos` is above the method's ceiling. */
export const sobreMaximo = (metodo: Pick<MetodoPagoInfo, 'maximoSoles'>, totalCentimos: number) =>
  metodo.maximoSoles !== undefined && totalCentimos > toCentimos(metodo.maximoSoles);
