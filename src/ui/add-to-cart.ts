import { lineFromProducto, type Eleccion, type ProductoDeLinea } from '../lib/cart/lines.ts';
import { addToCart } from '../stores/cart.ts';
import { afterNextPaint } from './after-paint.ts';
import { showAlert } from './alerts.ts';

/**
 * Adds a product to the cart, then shows '¡Producto añadido al carrito!' with 'Ir a mi carrito'
 * and 'Continuar comprando' (storefront §2) unless `silent` (buy now goes straight to the cart).
 */
export async function addProductToCart(producto: ProductoDeLinea, eleccion: Eleccion = {}, { silent = false } = {}): Promise<void> {
  addToCart(lineFromProducto(producto, eleccion));
  if (silent) return;
  // The header's count changes in the click's own frame; the dialog (a modal, with its scroll lock,
  // lays the whole page out again) opens right after that paint, so the tap answers at once (INP).
  await afterNextPaint();
  const goToCart = await showAlert({
    icon: 'success',
    title: '¡Producto añadido al carrito!',
    text: producto.nombre,
    confirmText: 'Ir a mi carrito',
    cancelText: 'Continuar comprando',
  });
  if (goToCart) window.location.assign('/carrito');
}
