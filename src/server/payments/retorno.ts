import type { Pedido } from '../db/schema/index.ts';

/**
 * Where Mercado Pago sends the shopper back after a payment, with the query parameters it adds
 * (collection_id, status, external_reference…): the test mode's page and the Yape payment answer the
 * same, so the result pages read one shape.
 */
export function retornoMercadoPago(
  pagina: '/success' | '/pending' | '/failure',
  pedido: Pick<Pedido, 'id' | 'preferenciaId'>,
  pago: { id: string; status: string; tipo: string },
): string {
  const query = new URLSearchParams({
    collection_id: pago.id,
    collection_status: pago.status,
    payment_id: pago.id,
    status: pago.status,
    external_reference: String(pedido.id),
    payment_type: pago.tipo,
    merchant_order_id: String(pedido.id),
    preference_id: pedido.preferenciaId ?? '',
    site_id: 'MPE',
    processing_mode: 'aggregator',
    merchant_account_id: 'null',
  });
  return `${pagina}?${query}`;
}
