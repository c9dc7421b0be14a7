/**
 * GET /carrito/metodos-pago (issue 34): the payment methods the server can complete now, as plain data
 * (no zod: the checkout loads it). The checkout offers no method it would refuse at pay time.
 */

/** Every method the checkout knows how to list; the server names those it takes now. */
export const IDS_METODO_PAGO = ['mercadopago', 'yape', 'transferencia'] as const;
export type IdMetodoPago = (typeof IDS_METODO_PAGO)[number];

/** The answer: the ids of the methods an order placed now can be paid with. */
export interface MetodosPagoDisponibles {
  metodos: IdMetodoPago[];
}

/** Whether `data` is an id the checkout knows (an unknown one, from a newer server, is ignored). */
export const esIdMetodoPago = (data: unknown): data is IdMetodoPago => IDS_METODO_PAGO.includes(data as IdMetodoPago);
