import type { ReactNode } from 'react';
import type { CheckoutPayload } from '../../lib/cart/checkout-payload.ts';
import { METODO_PREDETERMINADO, metodoPagoInfo } from '../../lib/api/metodos-pago.ts';
import { MENSAJES_PAGO, type OpcionPago } from '../../lib/checkout/pay-steps.ts';
import { formatSoles } from '../../lib/pricing/index.ts';
import { isHomeDelivery } from '../../lib/shipping/methods.ts';
import TotalsRows, { EnvioConPill } from '../../ui/TotalsRows.tsx';
import type { EstadoPrecios } from './useCheckout.ts';

interface Props {
  payload: CheckoutPayload;
  precios: EstadoPrecios;
  /** The payment methods. */
  methods: ReactNode;
  /** The method chosen (its list entry): the button and the note under it are its own (Yape's says it pays on this page). */
  metodo: OpcionPago | null;
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
export default function CheckoutSummary({ payload, precios, methods, metodo, processing, onPay }: Props) {
  // The chosen method's words, or the default method's while none is chosen.
  const elegido = metodo ?? metodoPagoInfo(METODO_PREDETERMINADO)!;
  const { resumen } = payload;
  const gratis = isHomeDelivery(payload.envio.metodo) && resumen.envio === 0;
  return (
    <section className="card co-card co-summary" aria-labelledby="co-resumen">
      <h2 id="co-resumen" className="co-card__title">
        Resumen del pedido
      </h2>
      <TotalsRows
        className="co-summary__rows"
        filas={[
          { label: 'Subtotal', valor: formatSoles(resumen.subtotal), testId: 'checkout-subtotal' },
          (!!payload.discountCode || resumen.descuento > 0) && {
            label: <>Descuento {payload.discountCode ? <span className="co-summary__code">{payload.discountCode}</span> : 'de rutina'}</>,
            valor: <>-{formatSoles(resumen.descuento)}</>,
            className: 'co-summary__discount',
            testId: 'checkout-descuento',
          },
          {
            label: 'Envío',
            valor: (
              <EnvioConPill gratis={gratis} testId="checkout-envio">
                {formatSoles(resumen.envio)}
              </EnvioConPill>
            ),
          },
          { label: 'Total', valor: formatSoles(resumen.total), className: 'co-summary__total', testId: 'checkout-total' },
        ]}
      />
      <p className={`co-summary__status co-summary__status--${precios}`} role="status" data-testid="estado-precios">
        {ESTADO_PRECIOS[precios]}
      </p>
      {methods}
      <button type="button" className="btn co-summary__pay" disabled={processing} aria-busy={processing} onClick={onPay}>
        {processing ? MENSAJES_PAGO.procesando : (elegido.botonPagar ?? MENSAJES_PAGO.pagar)}
      </button>
      <p className="co-summary__note">{elegido.nota}</p>
    </section>
  );
}
