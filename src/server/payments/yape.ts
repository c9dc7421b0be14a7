import { randomUUID } from 'node:crypto';
import { METODO_YAPE } from '../../lib/api/yape-rules.ts';
import { toCentimos } from '../../lib/pricing/money.ts';
import { PEDIDOS, TIENDA } from '../../lib/tienda.ts';
import type { Db } from '../db/client.ts';
import { pagosPrueba } from '../db/schema/index.ts';
import { YapeSinToken, type PagoRemoto, type PagoYape } from './gateway.ts';

/**
 * Yape's provider calls (issue 24), for both providers: Mercado Pago's Checkout API (the tokenizer and the
 * payment, used by mercadoPagoPasarela with MP_PUBLIC_KEY) and the offline prueba's answers for Mercado
 * Pago's test phones (used by pruebaPasarela). The method's flow is src/server/checkout/metodos/yape.ts.
 */

/** Mercado Pago's id of the Yape payment method (a payment's payment_method_id): the shop's own id for it. */
const METODO_MP = METODO_YAPE.id;

/** Mercado Pago's Yape tokenizer (what MercadoPago.js's `mp.yape(...).create()` calls). */
export const YAPE_TOKENIZADOR = 'https://api.mercadopago.com/platforms/pci/yape/v1/payment';

/**
 * Exchanges the phone and the approval code for a one-use token, with the application's public key,
 * exactly as MercadoPago.js does from the browser (the request is the same; it leaves from the server so
 * the page needs no third-party script and its CSP no new origin). Neither value is kept or logged.
 */
export async function yapeToken(publicKey: string, pago: PagoYape, fetchOptions: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${YAPE_TOKENIZADOR}?public_key=${encodeURIComponent(publicKey)}`, {
    ...fetchOptions,
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ phoneNumber: pago.celular, otp: pago.codigo, requestId: randomUUID() }),
    signal: AbortSignal.timeout(PEDIDOS.timeoutMercadoPagoMs),
  });
  const answer = (await res.json().catch(() => ({}))) as { id?: unknown; cause?: { code?: unknown }[]; message?: unknown };
  if (res.ok && typeof answer.id === 'string' && answer.id) return answer.id;
  // A refused phone or code is the shopper's to fix with a new code; anything else is Mercado Pago's trouble.
  if (res.status >= 400 && res.status < 500)
    throw new YapeSinToken(res.status === 400 ? 'cc_rejected_bad_filled_security_code' : 'cc_rejected_form_error');
  throw new Error(`El tokenizador de Yape respondió ${res.status}.`);
}

/** The payment of Checkout API for a Yape token: the order's own amount, one installment, the payer's e-mail. */
export function yapePaymentBody(pago: PagoYape, token: string, siteUrl: string) {
  return {
    token,
    transaction_amount: pago.total,
    installments: 1,
    payment_method_id: METODO_MP,
    description: pago.descripcion,
    external_reference: String(pago.idVenta),
    payer: { email: pago.correo },
    notification_url: `${siteUrl}/webhooks/mercadopago?source_news=webhooks`,
    statement_descriptor: PEDIDOS.descriptorTarjeta,
    metadata: { id_venta: pago.idVenta },
  };
}

/**
 * The prueba's Yape payment: recorded in `pagos_prueba` as Mercado Pago would report it (a test phone
 * with code 123456 pays as its row says; another code gets no token; another phone is refused).
 */
export async function yapeDePrueba(db: Db, pago: PagoYape): Promise<PagoRemoto> {
  const detalle = resultadoDePrueba(pago);
  const estado = detalle === 'accredited' ? 'approved' : 'rejected';
  const [row] = await db
    .insert(pagosPrueba)
    .values({
      preferenciaId: `${METODO_MP}-${pago.idVenta}`,
      referenciaExterna: String(pago.idVenta),
      estado,
      detalle,
      monto: toCentimos(pago.total),
      moneda: TIENDA.moneda,
      tipo: 'debit_card',
      metodo: METODO_MP,
    })
    .returning({ id: pagosPrueba.id });
  return {
    id: String(row!.id),
    status: estado,
    status_detail: detalle,
    external_reference: String(pago.idVenta),
    currency_id: TIENDA.moneda,
    transaction_amount: pago.total,
    payment_type_id: 'debit_card',
    payment_method_id: METODO_MP,
  };
}

/** Mercado Pago's test phones for Yape (issue 24), all with the approval code 123456, and what each one's payment does. */
export const TELEFONOS_YAPE_PRUEBA: Record<string, string> = {
  '111111111': 'accredited',
  '111111112': 'cc_rejected_call_for_authorize',
  '111111113': 'cc_amount_rate_limit_exceeded',
  '111111114': 'cc_unsupported_unsupported',
  '111111115': 'cc_rejected_card_type_not_allowed',
  '111111116': 'cc_rejected_max_attempts',
  '111111117': 'cc_rejected_bad_filled_security_code',
  '111111118': 'cc_rejected_form_error',
};
export const CODIGO_YAPE_PRUEBA = '123456';

/** The prueba's Yape: a test phone with code 123456 pays as its row says; another code gets no token; another phone is refused. */
function resultadoDePrueba({ celular, codigo }: PagoYape): string {
  if (codigo !== CODIGO_YAPE_PRUEBA) throw new YapeSinToken('cc_rejected_bad_filled_security_code');
  return TELEFONOS_YAPE_PRUEBA[celular] ?? 'cc_rejected_form_error';
}
