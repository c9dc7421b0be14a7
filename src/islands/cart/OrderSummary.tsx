import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $ajustesTienda } from '../../stores/ajustes.ts';
import type { CartSummary } from '../../lib/cart/summary.ts';
import { freeShippingProgress, toCentimos } from '../../lib/pricing/index.ts';
import { formatSoles } from '../../lib/pricing/index.ts';
import TotalsRows, { EnvioConPill } from '../../ui/TotalsRows.tsx';

interface Props {
  summary: CartSummary;
  coupon: ReactNode;
  canPay: boolean;
  paying: boolean;
  onPay: () => void;
}

/** The order summary: coupon entry, Subtotal, Envío, Descuento, Total, the free-shipping hint and the pay button. */
export default function OrderSummary({ summary, coupon, canPay, paying, onPay }: Props) {
  const { envioGratisDesde } = useStore($ajustesTienda);
  const progress = freeShippingProgress(toCentimos(summary.subtotal) - toCentimos(summary.descuento), toCentimos(envioGratisDesde));
  return (
    <section className="card summary" aria-labelledby="resumen-titulo">
      <h2 id="resumen-titulo" className="cart-section-title">
        Resumen del pedido
      </h2>
      {coupon}
      <TotalsRows
        className="summary__rows"
        filas={[
          { label: 'Subtotal', valor: formatSoles(summary.subtotal), testId: 'resumen-subtotal' },
          {
            label: 'Envío',
            valor: (
              <EnvioConPill gratis={summary.envioGratis} testId="resumen-envio">
                {summary.envio === null ? 'Por calcular' : formatSoles(summary.envio)}
              </EnvioConPill>
            ),
          },
          {
            label: 'Descuento',
            valor: summary.descuento > 0 ? `-${formatSoles(summary.descuento)}` : formatSoles(0),
            className: summary.descuento > 0 ? 'summary__discount' : undefined,
            testId: 'resumen-descuento',
          },
          { label: 'Total', valor: formatSoles(summary.total), className: 'summary__total', testId: 'resumen-total' },
        ]}
      />
      <div className="summary__shipping-goal">
        <p>
          {summary.envioGratis ? (
            <strong>¡Tienes envío gratis!</strong>
          ) : (
            <>
              Te faltan <strong>{formatSoles(summary.faltaParaEnvioGratis)}</strong> para el envío gratis
            </>
          )}
        </p>
        <div className="summary__bar" aria-hidden="true">
          <span style={{ width: `${progress}%` }} />
        </div>
        <p className="summary__goal-note">Envío gratis en compras mayores a {formatSoles(envioGratisDesde)}</p>
      </div>
      <button
        type="button"
        className="btn summary__pay"
        disabled={!canPay || paying}
        aria-describedby={canPay ? undefined : 'pago-bloqueado'}
        onClick={onPay}
      >
        {paying ? 'Verificando precios…' : 'Ir a pagar'}
      </button>
      {!canPay && (
        <p id="pago-bloqueado" className="summary__blocked">
          Completa los datos de envío a provincia para continuar.
        </p>
      )}
      <ul className="summary__trust">
        <li>Compra 100% segura</li>
        <li>Productos originales</li>
      </ul>
    </section>
  );
}
