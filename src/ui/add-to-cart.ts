import type { Producto } from '../lib/api/schemas.ts';
import { lineFromProducto } from '../lib/cart/lines.ts';
import { addToCart } from '../stores/cart.ts';
import { showAlert } from './alerts.ts';

export interface Choice {
  color?: string;
  size?: string;
  cantidad?: number;
}

/**
 * Adds a product to the cart, then shows '¡Producto añadido al carrito!' with 'Ir a mi carrito'
 * and 'Continuar comprando' (storefront §2) unless `silent` (buy now goes straight to the cart).
 */
export async function addProductToCart(producto: Producto, choice: Choice = {}, { silent = false } = {}): Promise<void> {
  addToCart(lineFromProducto(producto, choice));
  if (silent) return;
  const goToCart = await showAlert({
    icon: 'success',
    title: '¡Producto añadido al carrito!',
    text: producto.nombre,
    confirmText: 'Ir a mi carrito',
    cancelText: 'Continuar comprando',
  });
  if (goToCart) window.location.assign('/carrito');
}
