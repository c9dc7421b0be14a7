import { TIENDA } from '../tienda.ts';
import type { PagoOperador } from '../api/orders-schemas.ts';
import { formatSoles } from '../pricing/money.ts';

/**
 * An order's payments as the operator reads them: shared by the shop's e-mail about a payment to
 * review (server/orders/payment-alerts.ts) and the operator's order detail (`npm run shop -- pedido N`).
 */

/** The provider's payment statuses in Spanish. */
const ESTADOS_PAGO: Record<string, string> = {
  approved: 'aprobado',
  pending: 'pendiente',
  in_process: 'en revisión',
  authorized: 'autorizado',
  in_mediation: 'en mediación',
  rejected: 'rechazado',
  cancelled: 'anulado',
  refunded: 'devuelto',
  charged_back: 'contracargo',
};

/** A payment's recorded status as the operator reads it: 'devuelto', 'aprobado, no coincide con el pedido'… */
export function paymentStatusText(estado: string): string {
  const [, noCoincide, status = estado] = /^(no-coincide:)?(.*)$/.exec(estado)!;
  return `${ESTADOS_PAGO[status] ?? status}${noCoincide ? ', no coincide con el pedido' : ''}`;
}

/**
 * One payment in a line, as the shop's e-mail and `npm run shop -- pedido N` show it: its id, its
 * status in Spanish and in the provider's words (as Mercado Pago's panel and support name it), the
 * amount, the means of payment, and whether it is the one that paid the order.
 */
export function paymentLine(p: PagoOperador): string {
  const monto = p.moneda === TIENDA.moneda ? formatSoles(p.monto) : `${p.monto} ${p.moneda}`;
  const proveedor = [p.estado, p.detalle].filter(Boolean).join(', ');
  return `${p.id}  ${paymentStatusText(p.estado)} (${proveedor}) · ${monto}${p.tipo ? ` · ${p.tipo}` : ''}${p.del_pedido ? ' · pagó el pedido' : ''}`;
}
