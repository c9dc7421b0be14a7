import { CELULAR_YAPE_PRUEBA, MENSAJES_YAPE, problemaCelular, problemaCodigo, type YapeDisponible } from '../api/yape-rules.ts';
import { toCentimos } from '../pricing/money.ts';
import { newIdempotencyKey } from './pay-steps.ts';

/**
 * Yape at /procesoDePago (issue 24), the browser's rules: whether the checkout offers it for this
 * total, the fields as typed, and the order's idempotency key that every retry of the same checkout
 * reuses. The phone and the code live in the form's state only: nothing here stores them.
 */

/** How the checkout offers Yape: not at all (unknown, or the shop does not take it now), for this order, or not above its ceiling. */
export type OfertaYape = 'oculto' | 'disponible' | 'montoMaximo';

/** Yape's offer for an order of `totalSoles`, given what GET /carrito/yape answered (null while unknown). */
export function ofertaYape(disponibilidad: YapeDisponible | null, totalSoles: number): OfertaYape {
  if (!disponibilidad?.disponible) return 'oculto';
  return toCentimos(totalSoles) > toCentimos(disponibilidad.maximo) ? 'montoMaximo' : 'disponible';
}

export type CampoYape = 'celular' | 'codigo';

/** The most digits each field takes. */
export const LARGO_YAPE: Record<CampoYape, number> = { celular: 9, codigo: 6 };

/** A field as typed or pasted ('987 654 321', '+51 987…' stays as digits only): digits only, at most its length. */
export const soloDigitos = (campo: CampoYape, typed: string) => typed.replace(/\D/g, '').slice(0, LARGO_YAPE[campo]);

/**
 * The message under a field, or null. In the test mode (`prueba`, as GET /carrito/yape says) Mercado
 * Pago's test phones (111111111…111111118) are taken too, as the server takes them then.
 */
export const problemaYape = (campo: CampoYape, value: string, prueba = false) =>
  campo === 'celular' ? (prueba && CELULAR_YAPE_PRUEBA.test(value) ? null : problemaCelular(value)) : problemaCodigo(value);

/** Which field a 400's mensaje refers to, when it is one of the fields' own messages. */
export function campoDelMensaje(mensaje: string): CampoYape | null {
  if (mensaje === MENSAJES_YAPE.celular || mensaje === MENSAJES_YAPE.faltaCelular) return 'celular';
  if (mensaje === MENSAJES_YAPE.codigo || mensaje === MENSAJES_YAPE.faltaCodigo) return 'codigo';
  return null;
}

/**
 * The Idempotency-Key of a Yape checkout: it names the ORDER, so every retry of the same checkout
 * (same body: cart, delivery, coupon, customer, receipt) sends the same key and pays the same order;
 * a different body, or a paid order (`forget`), gets a new one. Kept in memory only.
 */
export class OrderKey {
  private firma: string | null = null;
  private key = '';

  constructor(private readonly newKey: () => string = newIdempotencyKey) {}

  /** The key for this order body. */
  for(body: unknown): string {
    const firma = JSON.stringify(body);
    if (firma !== this.firma) {
      this.firma = firma;
      this.key = this.newKey();
    }
    return this.key;
  }

  /** The order was paid: the next checkout is another order. */
  forget(): void {
    this.firma = null;
    this.key = '';
  }
}
