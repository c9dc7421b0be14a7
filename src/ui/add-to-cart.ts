import type { Producto } from '../lib/api/schemas.ts';
import { lineFromProducto, type Eleccion } from '../lib/cart/lines.ts';
import { addToCart } from '../stores/cart.ts';
import { showAlert } from './alerts.ts';

/**
 * Adds a product to the cart, then shows '¡Producto añadido al carrito!' with 'Ir a mi carrito'
 * and 'Continuar comprando' (storefront §2) unless `silent` (buy now goes straight to the cart).
 */
export async function addProductToCart(producto: Producto, eleccion: Eleccion = {}, { silent = false } = {}): Promise<void> {
  addToCart(lineFromProducto(producto, eleccion));
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
