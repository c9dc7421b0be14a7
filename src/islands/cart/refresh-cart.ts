import { fetchProductos } from '../../lib/api/client.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { linesChanged, refreshLines, refreshNotice, type CartRefresh } from '../../lib/cart-page/refresh.ts';
import { $cart } from '../../stores/cart.ts';
import { showAlert } from '../ui/alerts.ts';

/**
 * Re-fetches /web/listprod and refreshes every cart line from it (storefront §7, on load and before
 * checkout); tells the shopper what changed. Rejects when the list cannot be loaded.
 */
export async function refreshCart(): Promise<{ productos: Producto[]; refresh: CartRefresh }> {
  const productos = await fetchProductos();
  // Applied to the cart as it is now: the shopper may have changed a quantity meanwhile.
  const before = $cart.get();
  const refresh = refreshLines(before, productos);
  if (linesChanged(before, refresh)) $cart.set(refresh.lines);
  const notice = refreshNotice(refresh);
  if (notice) void showAlert({ icon: 'info', title: notice.title, text: notice.text, confirmText: 'Revisar mi carrito' });
  return { productos, refresh };
}
