import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Producto } from '../../lib/api/schemas.ts';
import { cartCount, lineRef } from '../../lib/cart/lines.ts';
import { buildCheckoutPayload } from '../../lib/cart/checkout-payload.ts';
import { brandLookup, needsReview } from '../../lib/cart/refresh.ts';
import { canCheckout, cartSummary } from '../../lib/cart/summary.ts';
import { hasEligibleLines } from '../../lib/pricing/coupons.ts';
import { $user } from '../../stores/auth.ts';
import { $ajustesTienda, loadAjustesTienda } from '../../stores/ajustes.ts';
import { $cart } from '../../stores/cart.ts';
import { saveCheckoutPayload } from '../../stores/checkout.ts';
import { showAlert } from '../../ui/alerts.ts';
import CartLineItem from './CartLineItem.tsx';
import { CART_EMPTY_TEXT, CartLoading, EmptyCart } from './CartPlaceholders.tsx';
import CouponBox from './CouponBox.tsx';
import DeliveryOptions from './DeliveryOptions.tsx';
import OrderSummary from './OrderSummary.tsx';
import { refreshCart } from './refresh-cart.ts';
import ShippingModal from './ShippingModal.tsx';
import { useCoupons } from './useCoupons.ts';
import { useDelivery } from './useDelivery.ts';
import './cart.css';
import './delivery.css';
import './summary.css';

/**
 * The cart page /carrito (storefront §2): lines, order summary with the coupon entry, the delivery
 * or pickup selector with its shipping-details modal, and the pay button that carries the state to
 * /procesoDePago. Prices are refreshed from the live products of its own lines on load and before checkout.
 */
export default function CartPage() {
  const stored = useStore($cart);
  const [mounted, setMounted] = useState(false);
  const [productos, setProductos] = useState<Producto[] | null>(null);
  const [paying, setPaying] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const lines = mounted ? stored : [];
  const delivery = useDelivery();
  const marcaDe = useMemo(() => brandLookup(productos ?? []), [productos]);
  const coupons = useCoupons(lines, marcaDe, productos !== null);
  const ajustes = useStore($ajustesTienda);

  useEffect(() => {
    setMounted(true);
    void loadAjustesTienda();
    refreshCart()
      .then(({ productos: live }) => setProductos(live))
      .catch((error: unknown) => {
        // The cart still works with the stored prices; checkout refreshes again.
        console.error('No se pudieron actualizar los precios del carrito', error);
        setProductos([]);
      });
  }, []);

  // The page's own copy of the empty state (carrito.astro, shown before this island for an empty stored cart) has
  // given way to this island's: it leaves the page in the same commit, so the page never holds two.
  useLayoutEffect(() => {
    if (mounted) document.querySelector('.cart-shell__empty')?.remove();
  }, [mounted]);

  const summary = cartSummary(lines, coupons.applied, delivery.metodo, delivery.shipping, ajustes.envioGratisDesde);

  if (!mounted) return <CartLoading label="Cargando tu carrito…" />;
  if (lines.length === 0) return <EmptyCart text={CART_EMPTY_TEXT} />;

  async function pay() {
    setPaying(true);
    try {
      const [{ productos: live, refresh }] = await Promise.all([refreshCart(), loadAjustesTienda()]);
      setProductos(live);
      // Something changed: the shopper reviews the cart first (checkout §8).
      if (needsReview(refresh)) return;
      saveCheckoutPayload(
        buildCheckoutPayload({
          lines: $cart.get(),
          user: $user.get(),
          metodo: delivery.metodo,
          shipping: delivery.shipping,
          applied: coupons.applied,
          ajustes: $ajustesTienda.get(),
        }),
      );
      location.assign('/procesoDePago');
    } catch (error) {
      console.error('No se pudo validar el carrito', error);
      void showAlert({ icon: 'error', title: 'Error', text: 'Ocurrió un error al validar los productos. Intenta nuevamente.' });
    } finally {
      setPaying(false);
    }
  }

  const count = cartCount(lines);
  return (
    <div className="cart">
      <div className="cart__main">
        <section className="card cart-lines" aria-labelledby="productos-titulo">
          <h2 id="productos-titulo" ref={heading} tabIndex={-1} className="cart-section-title">
            Productos{' '}
            <span className="cart-lines__count">
              ({count} {count === 1 ? 'unidad' : 'unidades'})
            </span>
          </h2>
          <ul className="cart-lines__list">
            {lines.map((line, index) => (
              <CartLineItem key={lineRef(line)} line={line} lines={lines} eager={index === 0} onRemoved={() => heading.current?.focus()} />
            ))}
          </ul>
          <a className="cart-lines__more" href="/">
            ← Seguir comprando
          </a>
        </section>
        <DeliveryOptions delivery={delivery} envioGratis={summary.envioGratis} />
      </div>
      <aside className="cart__aside">
        <OrderSummary
          summary={summary}
          canPay={canCheckout(lines, delivery.metodo, delivery.shipping)}
          paying={paying}
          onPay={() => void pay()}
          coupon={<CouponBox coupons={coupons} eligible={hasEligibleLines(lines)} amount={summary.descuento} ready={productos !== null} />}
        />
      </aside>
      {delivery.modalOpen && (
        <ShippingModal initial={delivery.shipping} envioGratis={summary.envioGratis} onSave={delivery.save} onClose={delivery.closeModal} />
      )}
    </div>
  );
}
