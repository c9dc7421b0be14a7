import type { DetallePedido } from '../api/checkout-schemas.ts';

/**
 * The payment result pages (checkout §2): what Mercado Pago (or the test mode) puts in the back
 * URL's query string. The query string only tells the page what to say; the order is marked paid by
 * the server from the signed webhook, so the page asks the server for the order's state.
 */

export interface PaymentResult {
  status: string;
  paymentId: string;
  preferenceId: string;
  /** The order id (idVenta) the preference pays. */
  externalReference: string;
  paymentType: string;
  merchantOrderId: string;
}

/** Reads the back URL's parameters; Mercado Pago also sends collection_id and collection_status. */
export function readPaymentResult(search: string): PaymentResult {
  const params = new URLSearchParams(search);
  const get = (...names: string[]) => names.map((name) => params.get(name)?.trim() ?? '').find((value) => value && value !== 'null') ?? '';
  return {
    status: get('status', 'collection_status'),
    paymentId: get('payment_id', 'collection_id'),
    preferenceId: get('preference_id'),
    externalReference: get('external_reference'),
    paymentType: get('payment_type'),
    merchantOrderId: get('merchant_order_id'),
  };
}

/** Approved only when the status says so and a payment id came with it (checkout §2, /success). */
export const isApproved = (result: PaymentResult) => result.status === 'approved' && result.paymentId !== '';

/** The order id of the result as a number, or null when it is not one. */
export function orderIdOf(result: PaymentResult): number | null {
  const id = Number(result.externalReference);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** How the success page waits for the webhook: one look at the order every 2 s, for at most a minute. */
export const CONFIRMACION = { intervaloMs: 2000, esperaMaximaMs: 60_000 } as const;

/** What the success page says while it waits for the webhook: confirming, confirmed, or still waiting after the limit. */
export type Confirmacion = 'confirmando' | 'confirmado' | 'demorado' | 'sin-datos';

/** The confirmation state after one look at the order, given whether the wait is over. */
export function confirmacionDe(pedido: Pick<DetallePedido, 'pagado'> | null, tiempoAgotado: boolean): Confirmacion {
  if (pedido?.pagado) return 'confirmado';
  return tiempoAgotado ? 'demorado' : 'confirmando';
}
