import { CHECKOUT_KEY } from '../../lib/cart/checkout-payload.ts';
import { COUPON_KEY } from '../../lib/cart/coupons.ts';
import { DELIVERY_KEY } from '../../lib/cart/delivery-session.ts';
import { clearCart } from '../../stores/cart.ts';

/** After an approved payment: the cart, the checkout state, the applied coupon and the delivery choice are gone. */
export function clearCheckout(): void {
  clearCart();
  for (const key of [CHECKOUT_KEY, COUPON_KEY, DELIVERY_KEY]) sessionStorage.removeItem(key);
}
