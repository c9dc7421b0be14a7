import { useStore } from '@nanostores/react';
import { DOC_LABELS, documentoDe } from '../../lib/account/profile.ts';
import { $session, $user } from '../../stores/auth.ts';
import { openAuthDialog } from '../../stores/ui.ts';
import DocumentSection from '../account/DocumentSection.tsx';
import { CartLoading, EmptyCart } from '../cart/CartPlaceholders.tsx';
import CheckoutLines from './CheckoutLines.tsx';
import CheckoutSummary from './CheckoutSummary.tsx';
import DeliveryCard from './DeliveryCard.tsx';
import PaymentMethods from './PaymentMethods.tsx';
import ComprobanteCard from './ComprobanteCard.tsx';
import { metodosOfrecidos } from '../../lib/checkout/pay-steps.ts';
import { useCheckout } from './useCheckout.ts';
import { useMetodosPago } from './useMetodosPago.ts';
import { usePanelesDePago } from './paneles.ts';
import { useComprobante } from './useComprobante.ts';
import '../account/account.css';
import './checkout.css';

/**
 * The checkout /procesoDePago (checkout §2): the order the cart carried here, priced again by the
 * server once the shopper is signed in, the customer's data and identity document, the comprobante (boleta
 * or factura), the payment method (each method's panel from paneles.ts) and the pay button that sends
 * the browser to the provider's page, or pays here with an in-page method (Yape, issue 24).
 */
export default function CheckoutPage() {
  const comprobante = useComprobante();
  const paneles = usePanelesDePago();
  const checkout = useCheckout(comprobante.check, paneles);
  const servidor = useMetodosPago();
  const user = useStore($user);
  const claims = useStore($session);
  const { payload, sesion, cliente } = checkout;

  if (!checkout.mounted) return <CartLoading label="Cargando tu pedido…" />;
  if (!payload || payload.productos.length === 0) return <EmptyCart text="Agrega productos a tu carrito para continuar con tu compra." />;

  const count = payload.productos.reduce((sum, line) => sum + line.cantidad, 0);
  const metodos = metodosOfrecidos(servidor, checkout.ofertas);
  const documento = cliente && documentoDe(cliente);
  return (
    <div className="co">
      <div className="co__main">
        <section className="card co-card" aria-labelledby="co-productos">
          <div className="co-card__head">
            <h2 id="co-productos" className="co-card__title">
              Tu pedido{' '}
              <span className="co-muted">
                ({count} {count === 1 ? 'unidad' : 'unidades'})
              </span>
            </h2>
            <a className="co-card__link" href="/carrito">
              Editar carrito
            </a>
          </div>
          <CheckoutLines lines={payload.productos} />
        </section>
        <DeliveryCard payload={payload} />
        <section className="card co-card" aria-labelledby="co-datos">
          <h2 id="co-datos" className="co-card__title">
            Tus datos
          </h2>
          {sesion ? (
            <dl className="co-buyer" data-testid="datos-comprador">
              <div>
                <dt>Nombre</dt>
                <dd>{cliente?.nombre || user?.nombre}</dd>
              </div>
              <div>
                <dt>Celular</dt>
                <dd>{cliente?.telefono || user?.telefono}</dd>
              </div>
              <div className="co-buyer__wide">
                <dt>Correo</dt>
                <dd>{cliente?.correo || user?.correo}</dd>
              </div>
            </dl>
          ) : (
            <div className="co-login">
              <p>Inicia sesión o crea tu cuenta para completar tu compra.</p>
              <button type="button" className="btn" onClick={() => openAuthDialog('login')}>
                Iniciar Sesión
              </button>
            </div>
          )}
        </section>
        {sesion && claims && cliente && (
          <div id="documento-checkout" className={checkout.needsDocument ? 'co-doc co-doc--needed' : 'co-doc'}>
            <DocumentSection
              cliente={cliente}
              session={{ claims, token: sesion.token }}
              onSaved={checkout.reloadCliente}
              onVerified={checkout.documentSaved}
            />
          </div>
        )}
        <ComprobanteCard
          comprobante={comprobante}
          documento={documento ? `${DOC_LABELS[documento.type]} ${documento.number}` : null}
          disabled={checkout.processing}
        />
      </div>
      <aside className="co__aside">
        <CheckoutSummary
          payload={payload}
          precios={checkout.precios}
          metodo={metodos.find((opcion) => opcion.id === checkout.metodo) ?? null}
          processing={checkout.processing}
          onPay={() => void checkout.pay()}
          methods={
            <PaymentMethods
              metodos={metodos}
              metodo={checkout.metodo}
              onChange={checkout.setMetodo}
              disabled={checkout.processing}
              ofertas={checkout.ofertas}
              panel={(id) => paneles[id]?.campos(payload.resumen.total)}
            />
          }
        />
      </aside>
    </div>
  );
}
