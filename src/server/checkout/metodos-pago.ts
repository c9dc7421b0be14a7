import type { IdMetodoPago } from '../../lib/api/metodos-pago.ts';
import type { Pasarela } from '../payments/gateway.ts';
import { takesYape } from './yape.ts';

/**
 * The payment methods this server completes now (GET /carrito/metodos-pago, issue 34): Mercado Pago
 * whenever a payment provider is configured (create-preference answers 503 without one), Yape when that
 * provider takes it. The bank transfer is not listed: nothing here records or confirms a transfer yet, and
 * the checkout shows it the day this list names it.
 */
export function metodosDisponibles(pasarela: Pasarela | null): IdMetodoPago[] {
  if (!pasarela) return [];
  return takesYape(pasarela) ? ['mercadopago', 'yape'] : ['mercadopago'];
}
