import { fetchProducto } from '../../lib/api/catalogue-client.ts';
import { pedirAvisoStock } from '../../lib/api/avisos-client.ts';
import { serverMessage } from '../../lib/api/request.ts';
import { isSoldOut } from '../../lib/catalogue/selection.ts';
import { availableUnits, buyError, forBuyBox, stepCantidad, type ProductoDeCompra } from '../../lib/product/buy-box.ts';
import { avisoStockHtml, buyBoxHtml, estadoInicial, type EstadoDeCompra } from '../../lib/product/buy-box-html.ts';
import { $token, $user } from '../../stores/auth.ts';
import { addProductToCart } from '../../ui/add-to-cart.ts';

/**
 * The product page's buy box on plain DOM (no framework): options, quantity, 'Agregar al carrito', 'Comprar
 * ahora' and, sold out, 'Avísame cuando llegue', with storefront §5's validations. The build writes its markup
 * (lib/product/buy-box-html.ts) and the product's buy fields in `data-producto`; this gives it behaviour as
 * soon as the page's module runs, then checks the live price and stock and draws the box again if they
 * changed, so a page built earlier never sells at a stale price. Sets `data-listo` once it answers taps.
 */
export function initBuyBox(root: HTMLElement, { live = false }: { live?: boolean } = {}): void {
  if (root.dataset.listo !== undefined) return;
  let producto = JSON.parse(root.dataset.producto ?? '{}') as ProductoDeCompra;
  const estado: EstadoDeCompra = { ...estadoInicial(producto), ...choiceIn(root) };

  const cantidadInput = () => root.querySelector<HTMLInputElement>(`#cantidad-${producto.idProducto}`);
  /** The −/+ buttons' disabled states and the error line after a change, without drawing the box again (focus stays put). */
  const refresh = () => {
    const agotado = isSoldOut(producto);
    const disponibles = availableUnits(producto);
    const cantidad = Number(estado.cantidad);
    const menos = root.querySelector<HTMLButtonElement>('[data-paso="-1"]');
    const mas = root.querySelector<HTMLButtonElement>('[data-paso="1"]');
    if (menos) menos.disabled = agotado || cantidad <= 1;
    if (mas) mas.disabled = agotado || cantidad >= disponibles;
    const error = root.querySelector('.buy-box__error');
    if (error && error.textContent !== estado.error) error.textContent = estado.error;
  };
  const draw = () => {
    const focused =
      document.activeElement instanceof HTMLElement && root.contains(document.activeElement) ? focusKey(document.activeElement) : undefined;
    root.innerHTML = buyBoxHtml(producto, estado);
    initAvisos(root);
    if (focused) root.querySelector<HTMLElement>(focused)?.focus();
  };
  const eleccionValida = () => {
    estado.error = buyError(producto, estado) ?? '';
    refresh();
    return estado.error ? undefined : { color: estado.color, tamano: estado.tamano, cantidad: Number(estado.cantidad) };
  };

  root.addEventListener('change', (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.type !== 'radio') return;
    const campo = input.dataset.campo as 'color' | 'tamano' | undefined;
    if (!campo) return;
    estado[campo] = input.value;
    estado.error = '';
    const shown = root.querySelector(`[data-valor="${campo}"]`);
    if (shown) shown.textContent = `: ${input.value}`;
    refresh();
  });
  root.addEventListener('input', (event) => {
    if (event.target !== cantidadInput()) return;
    estado.cantidad = (event.target as HTMLInputElement).value;
    estado.error = '';
    refresh();
  });
  root.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('button') : null;
    if (!target || target.disabled || !root.contains(target)) return;
    if (target.dataset.paso) {
      estado.cantidad = String(stepCantidad(estado.cantidad, Number(target.dataset.paso), availableUnits(producto)));
      estado.error = '';
      const input = cantidadInput();
      if (input) input.value = estado.cantidad;
      refresh();
      return;
    }
    const accion = target.dataset.accion;
    if (accion !== 'agregar' && accion !== 'comprar') return;
    const eleccion = eleccionValida();
    if (!eleccion) return;
    if (accion === 'agregar') void addProductToCart(producto, eleccion);
    else void addProductToCart(producto, eleccion, { silent: true }).then(() => location.assign('/carrito'));
  });

  initAvisos(root);
  root.dataset.listo = '';

  if (live) return;
  fetchProducto(producto.idProducto)
    .then((fresh) => {
      if (!fresh || !changed(producto, fresh)) return;
      producto = forBuyBox(fresh);
      // A quantity above what is left now is lowered to it (or left as typed when sold out: the box is disabled).
      const disponibles = availableUnits(producto);
      if (disponibles > 0 && Number(estado.cantidad) > disponibles) estado.cantidad = String(disponibles);
      root.dataset.producto = JSON.stringify(producto);
      draw();
    })
    .catch((reason: unknown) => console.error('No se pudo actualizar el producto', reason));
}

/** The live fields that change what the box shows or allows. */
const changed = (a: ProductoDeCompra, b: ProductoDeCompra) =>
  a.precio !== b.precio ||
  a.descuento !== b.descuento ||
  a.descuentoN !== b.descuentoN ||
  a.stock !== b.stock ||
  a.stock_total !== b.stock_total ||
  a.newores !== b.newores;

/** What the shopper chose before the module ran (a tap while the page loaded): checked chips and the typed quantity. */
function choiceIn(root: HTMLElement): Partial<EstadoDeCompra> {
  const choice: Partial<EstadoDeCompra> = {};
  for (const input of root.querySelectorAll<HTMLInputElement>('input[type="radio"][data-campo]:checked'))
    choice[input.dataset.campo as 'color' | 'tamano'] = input.value;
  const cantidad = root.querySelector<HTMLInputElement>('input[type="number"]');
  if (cantidad) choice.cantidad = cantidad.value;
  return choice;
}

/** A selector that finds the same control in the box drawn again. */
function focusKey(element: HTMLElement): string | undefined {
  if (element.id) return `#${CSS.escape(element.id)}`;
  for (const name of ['data-paso', 'data-accion', 'aria-label'] as const) {
    const value = element.getAttribute(name);
    if (value !== null) return `[${name}="${CSS.escape(value)}"]`;
  }
  if (element instanceof HTMLInputElement && element.type === 'radio')
    return `input[name="${CSS.escape(element.name)}"][value="${CSS.escape(element.value)}"]`;
  return undefined;
}

/** Gives every 'Avísame' form inside `root` its behaviour. */
export function initAvisos(root: ParentNode): void {
  root.querySelectorAll<HTMLFormElement>('form[data-aviso-stock]').forEach(initAvisoStock);
}

/**
 * 'Avísame cuando llegue' (issue 25): a visitor's e-mail (lightly checked here, for real by the API) or, signed
 * in, the account's address; the answer, good or bad, read out from the form's live region. The form follows
 * the session: it shows the account's address once the visitor signs in, and the e-mail field once they leave.
 */
export function initAvisoStock(form: HTMLFormElement): void {
  if (form.dataset.listo !== undefined) return;
  form.dataset.listo = '';
  const productoId = Number(form.dataset.avisoStock);
  const prefijo = form.getAttribute('aria-labelledby')!.replace(/-titulo$/, '');
  let shownFor: string | undefined;
  const followSession = () => {
    const correo = $user.get()?.correo;
    if (correo === shownFor) return;
    shownFor = correo;
    const template = document.createElement('template');
    template.innerHTML = avisoStockHtml(productoId, prefijo, correo);
    form.replaceChildren(...template.content.firstElementChild!.childNodes);
  };
  if (form.isConnected) followSession();
  const stop = $user.listen(() => (form.isConnected ? followSession() : stop()));

  const respuesta = (texto: string, ok: boolean) => {
    const line = form.querySelector('.aviso-stock__respuesta')!;
    line.textContent = texto;
    line.classList.toggle('aviso-stock__respuesta--error', !ok);
    form.querySelector('input[name="correo"]')?.toggleAttribute('aria-invalid', !ok);
  };
  form.addEventListener('input', () => {
    const line = form.querySelector('.aviso-stock__respuesta');
    if (line?.classList.contains('aviso-stock__respuesta--error')) respuesta('', true);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void enviar();
  });
  const enviar = async () => {
    const user = $user.get();
    const valor = form.querySelector<HTMLInputElement>('input[name="correo"]')?.value.trim() ?? '';
    if (!user && !PARECE_CORREO.test(valor)) {
      respuesta(valor ? 'Ingresa un correo electrónico válido.' : 'Ingresa tu correo electrónico para avisarte.', false);
      return;
    }
    const boton = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    boton.disabled = true;
    boton.textContent = 'Enviando…';
    respuesta('', true);
    let ok = false;
    try {
      respuesta(await pedirAvisoStock(user ? { productoId } : { productoId, correo: valor }, user ? $token.get() : undefined), true);
      ok = true;
    } catch (error) {
      respuesta(
        serverMessage(error) ?? (error instanceof Error ? error.message : 'No pudimos registrar tu aviso. Intenta nuevamente.'),
        false,
      );
    } finally {
      boton.textContent = 'Avísame cuando llegue';
      // Once asked, the button stays off: the same request again would only be refused.
      boton.disabled = ok;
    }
  };
}

/** A light check before asking the API (which validates for real): something@something.something. */
const PARECE_CORREO = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
