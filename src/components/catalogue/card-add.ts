import { fetchProducto } from '../../lib/api/catalogue-client.ts';
import { splitOptions } from '../../lib/product/fields.ts';
import { isSoldOut } from '../../lib/catalogue/selection.ts';
import { showAlert, showSelect } from '../../ui/alerts.ts';
import { addProductToCart } from '../../ui/add-to-cart.ts';

/**
 * The add button of a product card (storefront §2): fetches the live product, asks for a colour and
 * then a size when there are several (a single one is picked automatically; cancelling aborts), and
 * adds one unit.
 */
export async function addFromCard(button: HTMLButtonElement): Promise<void> {
  const id = Number(button.dataset.addId);
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  try {
    const producto = await fetchProducto(id).catch(() => undefined);
    if (!producto) {
      await showAlert({ icon: 'error', title: 'Error', text: 'Producto no encontrado.' });
      return;
    }
    if (isSoldOut(producto)) {
      await showAlert({ icon: 'warning', title: 'AGOTADO', text: `${producto.nombre} está agotado por ahora.` });
      return;
    }
    const color = await choose(splitOptions(producto.colores), 'Elige un color', producto.nombre);
    if (color === undefined) return;
    const tamano = await choose(splitOptions(producto.tamaños), 'Elige un tamaño', producto.nombre);
    if (tamano === undefined) return;
    await addProductToCart(producto, { color, tamano, cantidad: 1 });
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
  }
}

/** '' when there is nothing to choose, the only option when there is one, else the shopper's pick. */
async function choose(options: string[], title: string, text: string): Promise<string | undefined> {
  if (options.length === 0) return '';
  if (options.length === 1) return options[0];
  return showSelect({ title, text, options });
}
