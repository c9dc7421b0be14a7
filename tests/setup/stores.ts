import { cleanStores } from 'nanostores';
import { afterAll } from 'vitest';

/**
 * A nanostores store stops listening a second after its last subscriber leaves; the cart's persistent store then
 * takes its `storage` listener off `window`. A browser-like test file (happy-dom, jsdom) that ends within that
 * second has its `window` torn down first, and the late timer fails the whole run with "window is not defined"
 * (seen in CI after CheckoutYape.test.tsx). So each such file lets go of the cart store at once when it ends.
 */
export async function letGoOfStores(): Promise<void> {
  if (typeof window === 'undefined') return;
  const { $cart } = await import('../../src/stores/cart.ts');
  cleanStores($cart);
}

afterAll(letGoOfStores);
