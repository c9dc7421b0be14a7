import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { isApproved, orderIdOf, readPaymentResult, type PaymentResult } from '../../lib/checkout/payment-result.ts';
import { $session, $token } from '../../stores/auth.ts';
import { clearCheckout } from '../../stores/checkout.ts';
import { ESTADO_PEDIDO_TEXTO } from '../../lib/orders/timeline.ts';
import { useOrderConfirmation } from './useOrderConfirmation.ts';

const CHECK = 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.4 14.2-4.2-4.2 1.4-1.4 2.8 2.8 5.6-5.6 1.4 1.4-7 7Z';
const WARN = 'M1 21h22L12 2 1 21Zm12-3h-2v-2h2v2Zm0-4h-2v-4h2v4Z';

const Glyph = ({ d, tone }: { d: string; tone: 'success' | 'pending' }) => (
  <div className={`pay-result__icon pay-result__icon--${tone}`} aria-hidden="true">
    <svg viewBox="0 0 24 24" width="40" height="40">
      <path fill="currentColor" d={d} />
    </svg>
  </div>
);

/** The page's next step, and the way home. */
const Actions = ({ href, label }: { href: string; label: string }) => (
  <div className="pay-result__actions">
    <a className="btn" href={href}>
      {label}
    </a>
    <a className="btn btn--outline" href="/">
      Volver al inicio
    </a>
  </div>
);

/**
 * /success (checkout §2): approved only with status 'approved' and a payment id. Then the cart is
 * cleared, the payment and preference ids are shown, and (signed in) the order's state is asked
 * from the server until its payment is confirmed: the back URL alone never marks an order paid.
 */
export default function SuccessPage() {
  const [result, setResult] = useState<PaymentResult | null>(null);
  const claims = useStore($session);
  const token = useStore($token);
  const approved = result !== null && isApproved(result);
  const { confirmacion, pedido } = useOrderConfirmation(approved ? orderIdOf(result) : null, claims ? token : undefined);

  useEffect(() => {
    const read = readPaymentResult(location.search);
    setResult(read);
    if (isApproved(read)) clearCheckout();
  }, []);

  if (!result) return <div className="pay-result__loading" aria-busy="true" />;
  if (!approved) {
    return (
      <>
        <Glyph d={WARN} tone="pending" />
        <h1 className="pay-result__title">No pudimos confirmar tu pago</h1>
        <p className="pay-result__lead">
          Esta página no recibió la confirmación de un pago aprobado. Tu carrito sigue guardado para que revises tu compra o vuelvas a
          intentarlo.
        </p>
        <Actions href="/carrito" label="Volver al carrito" />
      </>
    );
  }
  return (
    <>
      <Glyph d={CHECK} tone="success" />
      <h1 className="pay-result__title">¡Pago Exitoso!</h1>
      <p className="pay-result__lead">Gracias por tu compra. Te enviaremos la confirmación y el seguimiento de tu pedido a tu correo.</p>
      <dl className="pay-result__facts">
        {result.externalReference && (
          <div>
            <dt>N.° de pedido</dt>
            <dd data-testid="pedido-id">{result.externalReference}</dd>
          </div>
        )}
        <div>
          <dt>ID de pago</dt>
          <dd data-testid="pago-id">{result.paymentId}</dd>
        </div>
        {result.preferenceId && (
          <div>
            <dt>Preferencia</dt>
            <dd data-testid="preferencia-id">{result.preferenceId}</dd>
          </div>
        )}
      </dl>
      {confirmacion !== 'sin-datos' && (
        <p className={`pay-result__status pay-result__status--${confirmacion}`} role="status" data-testid="confirmacion-pago">
          {confirmacion === 'confirmando' && (
            <>
              <span className="pay-result__spinner" aria-hidden="true" /> Estamos confirmando tu pago…
            </>
          )}
          {confirmacion === 'confirmado' && (
            <>Pago confirmado. Estado de tu pedido: {pedido ? ESTADO_PEDIDO_TEXTO[pedido.estado] : 'En preparación'}.</>
          )}
          {confirmacion === 'demorado' && (
            <>La confirmación está tardando más de lo habitual. Te avisaremos por correo y puedes seguir tu pedido en Mis Compras.</>
          )}
        </p>
      )}
      <Actions href="/mis-pedidos" label="Ver mis pedidos" />
    </>
  );
}
