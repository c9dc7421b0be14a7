import { isPresale, isSoldOut } from '../catalogue/selection.ts';
import { formatFecha } from '../dates.ts';
import { escapeHtml } from '../text.ts';
import { formatSoles } from '../pricing/money.ts';
import { etiquetaDescuento, precioFinal } from '../pricing/product.ts';
import { availableUnits, buyOptions, type ProductoDeCompra } from './buy-box.ts';

/**
 * The buy box's markup as text, for the page the build writes and for the browser when the live price or
 * stock changes it: one renderer, no framework (the box works before any island's JavaScript arrives).
 * `components/product/buy-box.ts` gives it its behaviour.
 */

/** What the shopper has chosen so far; the quantity as typed. */
export interface EstadoDeCompra {
  color: string;
  tamano: string;
  cantidad: string;
  error: string;
}

/** A fresh box: a single colour or size preselected (buyOptions), quantity 1, no error. */
export function estadoInicial(producto: ProductoDeCompra): EstadoDeCompra {
  const { color, tamano } = buyOptions(producto);
  return { color, tamano, cantidad: '1', error: '' };
}

/** The buy box's inside: price, stock, options, quantity, the §5 error line and its buttons (sold out: the disabled add button, then 'Avísame'). */
export function buyBoxHtml(producto: ProductoDeCompra, estado: EstadoDeCompra = estadoInicial(producto)): string {
  const id = producto.idProducto;
  const final = precioFinal(producto);
  const agotado = isSoldOut(producto);
  const preventa = isPresale(producto);
  const disponibles = availableUnits(producto);
  const cantidad = Number(estado.cantidad);
  const { colores, tamanos } = buyOptions(producto);
  const rebajado = final < producto.precio;
  const precio =
    `<p class="buy-box__price"><span class="price${rebajado ? ' price--sale' : ''}" data-testid="precio">${escapeHtml(formatSoles(final))}</span>` +
    (rebajado
      ? `<span class="price price--old"><span class="visually-hidden">Antes </span>${escapeHtml(formatSoles(producto.precio))}</span>` +
        `<span class="buy-box__discount">${escapeHtml(etiquetaDescuento(producto))}</span>`
      : '') +
    '</p>';
  const stock =
    '<div class="buy-box__stock" aria-live="polite">' +
    (agotado ? `<span id="agotado-${id}" class="stock-pill stock-pill--out">AGOTADO</span>` : '') +
    (preventa
      ? '<span class="stock-pill stock-pill--presale">Pedido anticipado' +
        (producto.fechaLlegada ? `<small> · Llegada estimada: ${escapeHtml(formatFecha(producto.fechaLlegada))}</small>` : '') +
        '</span>'
      : '') +
    (!agotado && !preventa
      ? `<span class="stock-pill stock-pill--in">En stock<small> · ${disponibles} unidad(es) disponibles</small></span>`
      : '') +
    '</div>';
  const off = (disabled: boolean) => (disabled ? ' disabled' : '');
  const cantidadHtml =
    '<div class="buy-box__row"><div class="buy-qty">' +
    `<label for="cantidad-${id}" class="buy-qty__label">Cantidad</label><div class="buy-qty__control">` +
    `<button type="button" aria-label="Disminuir cantidad" data-paso="-1"${off(agotado || cantidad <= 1)}>−</button>` +
    `<input id="cantidad-${id}" type="number" inputmode="numeric" min="1" max="${Math.max(1, disponibles)}" value="${escapeHtml(estado.cantidad)}"${off(agotado)}>` +
    `<button type="button" aria-label="Aumentar cantidad" data-paso="1"${off(agotado || cantidad >= disponibles)}>+</button>` +
    '</div></div></div>';
  const acciones = agotado
    ? // Storefront §2: sold out shows the add button disabled; 'Avísame' comes below it, never in its place.
      '<div class="buy-box__actions buy-box__actions--agotado">' +
      `<button type="button" class="btn buy-box__add" disabled aria-describedby="agotado-${id}">Agregar al carrito</button></div>` +
      avisoStockHtml(id, `aviso-${id}`)
    : '<div class="buy-box__actions">' +
      '<button type="button" class="btn buy-box__add" data-accion="agregar">Agregar al carrito</button>' +
      '<button type="button" class="btn btn--outline buy-box__now" data-accion="comprar">Comprar ahora</button></div>';
  return (
    precio +
    stock +
    optionPickerHtml('Color', `color-${id}`, colores, estado.color, 'color') +
    optionPickerHtml('Tamaño', `tamano-${id}`, tamanos, estado.tamano, 'tamano') +
    cantidadHtml +
    `<p class="buy-box__error" role="alert">${escapeHtml(estado.error)}</p>` +
    acciones
  );
}

/** A colour or size choice as radio chips, the legend showing the chosen option; nothing without options. */
export function optionPickerHtml(legend: string, name: string, options: string[], value: string, campo: 'color' | 'tamano'): string {
  if (options.length === 0) return '';
  const chips = options
    .map(
      (option) =>
        `<label class="option-picker__chip"><input type="radio" name="${escapeHtml(name)}" value="${escapeHtml(option)}" data-campo="${campo}"${option === value ? ' checked' : ''}><span>${escapeHtml(option)}</span></label>`,
    )
    .join('');
  return (
    `<fieldset class="option-picker"><legend>${escapeHtml(legend)}<span class="option-picker__value" data-valor="${campo}">${value ? `: ${escapeHtml(value)}` : ''}</span></legend>` +
    `<div class="option-picker__chips">${chips}</div></fieldset>`
  );
}

/**
 * 'Avísame cuando llegue' on a sold-out product, below the disabled add button: a visitor leaves an e-mail, a
 * signed-in customer just presses (the account's address is used). `correo`: the signed-in customer's address.
 */
export function avisoStockHtml(productoId: number, prefijo: string, correo?: string): string {
  const campo = correo
    ? `<p class="aviso-stock__cuenta">Te escribiremos a <strong>${escapeHtml(correo)}</strong>.</p>`
    : `<label for="${prefijo}-correo" class="aviso-stock__label">Tu correo electrónico</label>` +
      `<input id="${prefijo}-correo" class="aviso-stock__input" type="email" name="correo" autocomplete="email" inputmode="email" placeholder="tu@correo.com" maxlength="254">`;
  return (
    `<form class="aviso-stock" novalidate aria-labelledby="${prefijo}-titulo" data-aviso-stock="${productoId}">` +
    `<p id="${prefijo}-titulo" class="aviso-stock__titulo">¿Lo quieres? Te avisamos por correo cuando vuelva.</p>` +
    campo +
    '<button type="submit" class="btn aviso-stock__boton">Avísame cuando llegue</button>' +
    '<p class="aviso-stock__respuesta" aria-live="polite" role="status"></p></form>'
  );
}
