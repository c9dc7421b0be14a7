import { computed } from 'nanostores';
import { persistentAtom } from '@nanostores/persistent';
import { addLine, cartCount, parseStoredCart, removeLine, updateQuantity, type CartLine, type LineKey } from '../lib/cart/lines.ts';
import { persistQuotaSafely } from './quota-safe-storage.ts';
import { shared } from './shared.ts';

/** The cart, persisted in localStorage under the key `cart` (storefront §4); one per page (shared.ts). */
export const $cart = shared('carrito', () => {
  persistQuotaSafely();
  return persistentAtom<CartLine[]>('cart', [], { encode: JSON.stringify, decode: parseStoredCart });
});

/** The header badge: the sum of quantities. */
export const $cartCount = shared('carritoCantidad', () => computed($cart, cartCount));

export const addToCart = (item: CartLine) => $cart.set(addLine($cart.get(), item));
export const removeFromCart = (key: LineKey) => $cart.set(removeLine($cart.get(), key));
export const setQuantity = (key: LineKey, cantidad: number) => $cart.set(updateQuantity($cart.get(), key, cantidad));

/** Empties the cart and removes the stored copy. */
export function clearCart(): void {
  $cart.set([]);
  if (typeof localStorage !== 'undefined') localStorage.removeItem('cart');
}
