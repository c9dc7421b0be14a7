import type { IdMetodoPago } from '../../../lib/api/metodos-pago.ts';
import type { Pasarela } from '../../payments/gateway.ts';
import { checkoutPro } from './checkout-pro.ts';
import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { MetodoServidor } from './metodo.ts';
import { transferencia } from './transferencia.ts';
import { yape } from './yape.ts';

/**
 * The payment methods this server implements, in the checkout's order: each one's file in this folder.
 * The bank transfer (issue 36) is offered while the shop has accounts to show. A new method is its list entry, its file here and its line below, and its checkout panel.
 */
export const METODOS_SERVIDOR = [checkoutPro, yape, transferencia] as const satisfies readonly MetodoServidor[];

/**
 * The methods an order placed now can be paid with (GET /carrito/metodos-pago, docs/decisions/0162-payment-methods-offered.md): those whose
 * implementation completes with this provider; none without a provider (create-preference answers 503).
 */
export async function metodosDisponibles(
  metodos: readonly MetodoServidor[],
  pasarela: Pasarela | null,
  config: ServerConfig,
  db: Db,
): Promise<IdMetodoPago[]> {
  // A method added through the seam has an id of its own: the answer names it as its implementation does.
  const disponibles = await Promise.all(metodos.map((metodo) => metodo.disponible(pasarela, config, db)));
  return metodos.filter((_, i) => disponibles[i]).map((metodo) => metodo.info.id as IdMetodoPago);
}
