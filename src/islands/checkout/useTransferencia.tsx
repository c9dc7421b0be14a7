import { useRef } from 'react';
import { PricesChangedError, reserveTransfer } from '../../lib/api/checkout-client.ts';
import type { ComprobanteBody } from '../../lib/api/checkout-schemas.ts';
import { ApiError, serverMessage } from '../../lib/api/request.ts';
import type { CheckoutPayload } from '../../lib/cart/checkout-payload.ts';
import { preferenceErrorText } from '../../lib/checkout/pay-steps.ts';
import { preferenceBody, type Comprador } from '../../lib/checkout/preference-body.ts';
import { OrderKey } from '../../lib/checkout/yape.ts';
import { formatSoles } from '../../lib/pricing/index.ts';
import { TRANSFERENCIA } from '../../lib/tienda.ts';
import { clearCheckout } from '../../stores/checkout.ts';
import { applyQuote, errorAlert, sessionRejected, validatePrices, type Sesion } from './checkout-flow.ts';
import type { PanelDePago } from './panel-de-pago.ts';

/** What the transfer's panel says under its card, before the order is reserved. */
export function TransferenciaPanel({ total }: { total: number }) {
  return (
    <div className="co-transfer" data-testid="panel-transferencia">
      <p>
        Al reservar guardamos tus productos hasta {TRANSFERENCIA.reservaHoras} horas y te mostramos nuestras cuentas bancarias (número y
        CCI). También te las enviamos por correo.
      </p>
      <p className="co-yape__amount">
        Monto a transferir: <strong data-testid="monto-transferencia">{formatSoles(total)}</strong>
      </p>
    </div>
  );
}

/**
 * The bank transfer's panel of the checkout (issue 36, the seam of issue 35): offered as GET
 * /carrito/metodos-pago names it; paying reserves the order (with the same idempotency key for every
 * retry of this checkout) and goes to the page that shows the accounts and the amount.
 */
export function usePanelTransferencia(): PanelDePago {
  const orderKey = useRef<OrderKey>(null);
  orderKey.current ??= new OrderKey();
  return {
    oferta: () => undefined,
    campos: (total) => <TransferenciaPanel total={total} />,
    check: () => true,
    pagar: ({ payload, sesion, comprador, comprobante }) => reserveWithTransfer(payload, sesion, comprador, comprobante, orderKey.current!),
  };
}

/**
 * Re-validates the prices, then reserves the order to be paid by transfer; once reserved the checkout is
 * cleared and the browser goes to the order's instructions (never returns then). Answers the payload to
 * show after a price change, or null after an alerted error.
 */
export async function reserveWithTransfer(
  payload: CheckoutPayload,
  sesion: Sesion,
  comprador: Comprador,
  comprobante: ComprobanteBody,
  orderKey: OrderKey,
): Promise<CheckoutPayload | null> {
  const validation = await validatePrices(payload, sesion, comprador);
  if (!validation.ok) return validation.payload;
  const body = preferenceBody(validation.payload, sesion.userId, comprador, comprobante);
  let reservado;
  try {
    reservado = await reserveTransfer(sesion.userId, sesion.token, body, orderKey.for(body));
  } catch (error) {
    console.error('No se pudo reservar el pedido por transferencia', error instanceof ApiError ? error.status : (error as Error)?.name);
    if (error instanceof PricesChangedError) return applyQuote(validation.payload, error.cotizacion).payload;
    if (error instanceof ApiError && error.status === 401) await sessionRejected(error);
    else void errorAlert(preferenceErrorText(serverMessage(error)));
    return null;
  }
  orderKey.forget();
  clearCheckout();
  location.assign(reservado.urlPago);
  return new Promise<never>(() => undefined);
}
