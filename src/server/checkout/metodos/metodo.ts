import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { Preferencia } from '../../../lib/api/checkout-schemas.ts';
import type { MetodoPagoInfo } from '../../../lib/api/metodos-pago.ts';
import type { AuthEnv } from '../../auth/context.ts';
import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Aplicacion } from '../../payments/aplicar.ts';
import type { OrdenDePago, PagoRemoto, Pasarela } from '../../payments/gateway.ts';
import type { CheckoutDeps, Clave } from '../create-order.ts';

/**
 * The payment-method seam (docs/decisions/0167-payment-method-seam.md). A method is its entry of
 * the shared list (src/lib/api/metodos-pago.ts), one server file here implementing `MetodoServidor`, and
 * its checkout panel in src/islands/checkout/. Nothing outside those files names a method.
 */

/**
 * What an order's creation ends with once its reservation committed (createOrder's last step, the method's):
 * the provider's checkout a `redirect` method sends the shopper to (`preferenciaId` and its page), or the
 * page an `in-page` method is paid at (no preference).
 */
export interface Finalizacion {
  preferenciaId: string | null;
  /** Where the shopper pays the order. */
  urlPago: string;
}

/** What a method's routes are given: the checkout's dependencies and the request helpers every pay call shares. */
export interface ContextoMetodo extends CheckoutDeps {
  /** The pay call's Idempotency-Key header (undefined without one); 400 for a malformed one. */
  encabezadoClave(c: Context<AuthEnv>): string | undefined;
  /** The attempt's key: the header's, or the one the server derives for this method (a method's attempt is another than another method's). */
  clave(encabezado: string | undefined, userId: number, body: Preferencia, metodo: MetodoPagoInfo): Clave;
  /** The pay calls' rate limits, per IP and per account. */
  limitarIntentos(c: Context<AuthEnv>, userId: number): Promise<void>;
  /** The body of a pay call for the token's own user `userId` (403 when its metadata names another). */
  cuerpo<S extends z.ZodType<Preferencia>>(c: Context<AuthEnv>, schema: S, userId: number): Promise<z.output<S>>;
  /** Applies a payment the provider reported to its order: the one transition the webhook uses too. */
  aplicarPago(pago: PagoRemoto): Promise<Aplicacion>;
  /** Guards the routes of the shopper's pay calls (the session token). */
  requiereSesion: MiddlewareHandler<AuthEnv>;
}

/** One payment method on the server. */
export interface MetodoServidor {
  /** Its entry of the shared list: id, label, limit, how it finishes. */
  info: MetodoPagoInfo;
  /** Whether this server completes it now with this provider and these settings (GET /carrito/metodos-pago lists it then). */
  disponible(pasarela: Pasarela | null, config: ServerConfig, db: Db): boolean | Promise<boolean>;
  /** Minutes its orders keep their stock unpaid (a bank transfer's hours, issue 36); PAYMENT_RESERVATION_MINUTES when absent. */
  reservaMinutos?(config: ServerConfig): number;
  /** createOrder's finishing step, after the reservation's commit; a throw cancels the order (stock and coupon back) and answers 502. */
  finalizar(orden: OrdenDePago, pasarela: Pasarela): Promise<Finalizacion>;
  /** Its own calls under /carrito (the pay call, and whatever else it needs). */
  rutas(ctx: ContextoMetodo): Hono<AuthEnv>;
}
