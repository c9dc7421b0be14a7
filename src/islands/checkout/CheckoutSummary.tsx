import type { ReactNode } from 'react';
import type { CheckoutPayload } from '../../lib/cart/checkout-payload.ts';
import { MENSAJES_PAGO } from '../../lib/checkout/pay-steps.ts';
import { formatSoles } from '../../lib/pricing/index.ts';
import { isHomeDelivery } from '../../lib/shipping/methods.ts';
import type { EstadoPrecios } from './useCheckout.ts';

interface Props {
  payload: CheckoutPayload;
  precios: EstadoPrecios;
  /** The payment methods. */
  methods: ReactNode;
  processing: boolean;
  onPay: () => void;
}

const ESTADO_PRECIOS: Record<EstadoPrecios, string> = {
  'sin-sesion': 'Inicia sesión para confirmar los precios y pagar.',
  verificando: 'Confirmando precios con la tienda…',
  verificados: 'Precios confirmados por la tienda.',
  error: 'No pudimos confirmar los precios. Se volverán a verificar al pagar.',
};

/** The totals (Subtotal, Descuento with the coupon or a routine's bundle, Envío, Total; no extra discount at checkout, §9), the payment methods and the pay button. */
export default function CheckoutSummary({ payload, precios, methods, processing, onPay }: Props) {
  const { resumen } = payload;
  const gratis = isHomeDelivery(payload.envio.metodo) && resumen.envio === 0;
  return (
    <section className="card co-card co-summary" aria-labelledby="co-resumen">
      <h2 id="co-resumen" className="co-card__title">
        Resumen del pedido
      </h2>
      <dl className="co-summary__rows">
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="checkout-subtotal">{formatSoles(resumen.subtotal)}</dd>
        </div>
        {(payload.discountCode || resumen.descuento > 0) && (
          <div className="co-summary__discount">
            <dt>Descuento {payload.discountCode ? <span className="co-summary__code">{payload.discountCode}</span> : 'de rutina'}</dt>
            <dd data-testid="checkout-descuento">-{formatSoles(resumen.descuento)}</dd>
          </div>
        )}
        <div>
          <dt>Envío</dt>
          <dd>
            {gratis && <span className="pill pill--success">Gratis</span>}
            <span data-testid="checkout-envio">{formatSoles(resumen.envio)}</span>
          </dd>
        </div>
        <div className="co-summary__total">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatSoles(resumen.total)}</dd>
        </div>
      </dl>
      <p className={`co-summary__status co-summary__status--${precios}`} role="status" data-testid="estado-precios">
        {ESTADO_PRECIOS[precios]}
      </p>
      {methods}
      <button type="button" className="btn co-summary__pay" disabled={processing} aria-busy={processing} onClick={onPay}>
        {processing ? MENSAJES_PAGO.procesando : 'Pagar ahora'}
      </button>
      <p className="co-summary__note">Con Mercado Pago completas el pago en su página segura y vuelves a la tienda al terminar.</p>
    </section>
  );
}
