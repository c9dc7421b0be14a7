import { fetchProductosPorIds } from '../../lib/api/catalogue-client.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { linesChanged, refreshLines, refreshNotice, type CartRefresh } from '../../lib/cart/refresh.ts';
import { $cart } from '../../stores/cart.ts';
import { showAlert } from '../../ui/alerts.ts';

/**
 * Re-fetches the live products of the cart's own lines (`/web/productos?ids=`, never the whole
 * catalogue) and refreshes every line from them (storefront §7, on load and before checkout); tells
 * the shopper what changed. Rejects when they cannot be loaded.
 */
export async function refreshCart(): Promise<{ productos: Producto[]; refresh: CartRefresh }> {
  const asked = new Set($cart.get().map((line) => line.idProducto));
  const productos = await fetchProductosPorIds([...asked]);
  // Applied to the cart as it is now: the shopper may have changed a quantity meanwhile.
  const before = $cart.get();
  const refresh = refreshLines(before, productos, asked);
  if (linesChanged(before, refresh)) $cart.set(refresh.lines);
  const notice = refreshNotice(refresh);
  if (notice) void showAlert({ icon: 'info', title: notice.title, text: notice.text, confirmText: 'Revisar mi carrito' });
  return { productos, refresh };
}
