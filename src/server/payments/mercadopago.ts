import { MercadoPagoConfig, Payment, PaymentRefund, Preference } from 'mercadopago';
import { toCentimos, toSoles } from '../../lib/pricing/money.ts';
import { PEDIDOS, TIENDA } from '../../lib/tienda.ts';
import { ReembolsoRechazado, type OrdenDePago, type PagoRemoto, type PagoYape, type Pasarela, type SolicitudReembolso } from './gateway.ts';
import { yapePaymentBody, yapeToken } from './yape.ts';

export interface MercadoPagoOptions {
  accessToken: string;
  siteUrl: string;
  /** The application's public key (MP_PUBLIC_KEY): with it the shop takes Yape through the Checkout API. */
  publicKey?: string;
  /**
   * Extra fetch options for the SDK's requests (its options are spread into fetch): tests pass an
   * undici `dispatcher` that sends them to a local stub of Mercado Pago's API.
   */
  fetchOptions?: Record<string, unknown>;
}

/** Mercado Pago's identification types in Peru for the shop's document types. */
const TIPO_IDENTIFICACION: Record<string, string> = { DNI: 'DNI', CARNET_EXTRANJERIA: 'C.E', PASAPORTE: 'Otro' };

/** Checkout Pro through the official SDK (DESIGN.md, payments). */
export function mercadoPagoPasarela({ accessToken, siteUrl, publicKey, fetchOptions = {} }: MercadoPagoOptions): Pasarela {
  // The SDK keeps per-call options on its config object, so each call gets a config of its own.
  const config = (idempotencyKey?: string) =>
    new MercadoPagoConfig({
      accessToken,
      options: { timeout: PEDIDOS.timeoutMercadoPagoMs, ...(idempotencyKey ? { idempotencyKey } : {}), ...fetchOptions },
    });
  return {
    nombre: 'mercadopago',
    sandbox: accessToken.startsWith('TEST-'),
    async crearPreferencia(orden: OrdenDePago) {
      const preference = await new Preference(config(orden.idempotencyKey)).create({ body: preferenceBody(orden, siteUrl) });
      if (!preference.id || !preference.init_point) throw new Error('Mercado Pago no devolvió la preferencia.');
      return { id: preference.id, initPoint: preference.init_point };
    },
    async obtenerPago(id: string): Promise<PagoRemoto> {
      return pagoRemoto(await new Payment(config()).get({ id }), id);
    },
    async reembolsar({ pagoId, monto, idempotencyKey }: SolicitudReembolso) {
      let reembolso: Awaited<ReturnType<PaymentRefund['create']>>;
      try {
        reembolso = await new PaymentRefund(config(idempotencyKey)).create({ payment_id: pagoId, body: { amount: toSoles(monto) } });
      } catch (error) {
        // A 4xx is Mercado Pago's refusal (the payment cannot be refunded: too old, already refunded, in
        // mediation, not enough balance): final. A 5xx, a timeout or no answer may be retried with the key.
        const status = Number(
          (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode,
        );
        if (status >= 400 && status < 500 && ![409, 423, 429].includes(status)) {
          throw new ReembolsoRechazado(`Mercado Pago no aceptó el reembolso (HTTP ${status}): ${(error as Error).message}`);
        }
        throw error;
      }
      if (reembolso.id === undefined) throw new Error('Mercado Pago no devolvió el reembolso.');
      return { id: String(reembolso.id), status: reembolso.status ?? '', monto: toCentimos(Number(reembolso.amount ?? 0)) };
    },
    ...(publicKey
      ? {
          async pagarConYape(pago: PagoYape): Promise<PagoRemoto> {
            const token = await yapeToken(publicKey, pago, fetchOptions);
            const creado = await new Payment(config(pago.idempotencyKey)).create({ body: yapePaymentBody(pago, token, siteUrl) });
            return pagoRemoto(creado, '');
          },
        }
      : {}),
  };
}

/** The fields the shop reads of Mercado Pago's payment resource. */
function pagoRemoto(pago: Awaited<ReturnType<Payment['get']>>, id: string): PagoRemoto {
  return {
    id: String(pago.id ?? id),
    status: pago.status ?? '',
    status_detail: pago.status_detail ?? '',
    external_reference: pago.external_reference ?? null,
    currency_id: pago.currency_id ?? '',
    transaction_amount: Number(pago.transaction_amount ?? 0),
    payment_type_id: pago.payment_type_id ?? '',
    payment_method_id: pago.payment_method_id ?? '',
    ...comisionDe(pago),
  };
}

/**
 * The fee and net of a Mercado Pago payment as it reports them (decision 0223): the fee is the sum of its
 * fee_details the shop pays (fee_payer 'collector'; a financing fee the payer pays is not the shop's), the
 * net its transaction_details.net_received_amount; one given, the other follows from the amount; neither
 * given, both null ('sin dato'), never estimated.
 */
export function comisionDe(pago: {
  transaction_amount?: number;
  fee_details?: { amount?: number; fee_payer?: string }[];
  transaction_details?: { net_received_amount?: number };
}): { comision: number | null; neto: number | null } {
  const bruto = Number(pago.transaction_amount ?? 0);
  const detalles = Array.isArray(pago.fee_details) ? pago.fee_details : null;
  const comision = detalles
    ? detalles.filter((d) => (d.fee_payer ?? 'collector') === 'collector').reduce((suma, d) => suma + toCentimos(Number(d.amount ?? 0)), 0)
    : null;
  const netoDado = pago.transaction_details?.net_received_amount;
  // Mercado Pago answers 0 for the net of a payment it has not credited yet (pending): that is no figure.
  const neto = typeof netoDado === 'number' && Number.isFinite(netoDado) && netoDado > 0 ? toCentimos(netoDado) : null;
  if (comision === null && neto === null) return { comision: null, neto: null };
  const brutoCentimos = toCentimos(bruto);
  return {
    comision: toSoles(comision ?? brutoCentimos - neto!),
    neto: toSoles(neto ?? brutoCentimos - comision!),
  };
}

/** The preference of checkout §7: items in PEN at the charged prices, payer, return and notification URLs. */
export function preferenceBody(orden: OrdenDePago, siteUrl: string) {
  return {
    items: orden.items.map((item) => ({
      id: item.id,
      title: item.title,
      quantity: item.quantity,
      unit_price: item.unitPrice,
      currency_id: TIENDA.moneda,
      ...(item.pictureUrl ? { picture_url: item.pictureUrl } : {}),
    })),
    payer: {
      name: orden.payer.nombre,
      surname: orden.payer.apellido,
      email: orden.payer.correo,
      ...(orden.payer.telefono ? { phone: { area_code: '51', number: orden.payer.telefono } } : {}),
      identification: { type: TIPO_IDENTIFICACION[orden.payer.documentoTipo] ?? 'Otro', number: orden.payer.documentoNumero },
    },
    back_urls: { success: `${siteUrl}/success`, pending: `${siteUrl}/pending`, failure: `${siteUrl}/failure` },
    auto_return: 'approved',
    external_reference: String(orden.idVenta),
    notification_url: `${siteUrl}/webhooks/mercadopago?source_news=webhooks`,
    statement_descriptor: PEDIDOS.descriptorTarjeta,
    // The preference takes payments while the order's stock is reserved; a cash code issued meanwhile
    // may be paid later, as long as the order with a payment under way is kept (bounded).
    expires: true,
    expiration_date_from: orden.creado.toISOString(),
    expiration_date_to: orden.expira.toISOString(),
    date_of_expiration: orden.expiraEfectivo.toISOString(),
    metadata: { id_usuario: orden.clienteId, id_venta: orden.idVenta },
  };
}
