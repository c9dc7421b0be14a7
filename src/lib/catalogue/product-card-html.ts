import type { Producto } from '../api/schemas.ts';
import { formatFecha } from '../dates.ts';
import { escapeHtml } from '../text.ts';
import { productImages, productLabels } from '../product/fields.ts';
import { formatSoles } from '../pricing/money.ts';
import { etiquetaDescuento, precioFinal, tieneDescuento } from '../pricing/product.ts';
import { isPresale, isSoldOut } from './selection.ts';
import { brandPath, productPath } from './routes.ts';
import { etiquetaCalificacion, rellenoEstrellas, tieneResenas } from '../resenas/mostrar.ts';
import { photoSrcSets } from './photos.ts';
import { badgeModifier, CARD_SIZES } from './product-card.ts';

/**
 * ProductCard.tsx as a plain string, for code that cannot run React or import assets (a Netlify function,
 * a Node script): byte for byte what `renderToStaticMarkup(<ProductCard … />)` writes, Photo, Icon and
 * Estrellas included, quirks and all (product-card-html.test.ts compares the two on many products, so a
 * change to the card's markup fails there until it is made here too).
 */

export interface CardHtmlOptions {
  /** The first visible card image of a page: loaded eagerly with high priority (the LCP). */
  priority?: boolean;
  /** Heading level of the product name inside its section. */
  headingLevel?: 'h2' | 'h3';
  /** The icon sprite's URL (what `icons.svg?url` resolves to), e.g. '/_astro/icons.AbC123.svg'. */
  sprite: string;
}

/** React's guard on URL attributes (src, href): a javascript: URL, however spaced, becomes one that throws. */
const JAVASCRIPT_URL =
  // eslint-disable-next-line no-control-regex -- react-dom's own pattern: leading control characters are skipped too.
  /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;
const BLOCKED_URL = "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')";

/** A URL attribute as React writes it: left out when empty (an <a>'s href is never empty here), escaped, javascript: blocked. */
const urlAttr = (name: 'src' | 'href', url: string) =>
  url === '' ? '' : ` ${name}="${escapeHtml(JAVASCRIPT_URL.test(url) ? BLOCKED_URL : url)}"`;

/**
 * Photo.tsx: a <picture> with the AVIF and WebP copies of a store photo, else a plain <img>. React hoists a
 * preload of an eager <img> that stands outside a <picture> (not a data: URL) in front of the whole markup,
 * so that one comes back apart, as `preload`.
 */
function photoHtml(src: string, className: string, priority: boolean): { html: string; preload: string } {
  const img =
    `<img class="${escapeHtml(className)}"${urlAttr('src', src)} alt="" width="400" height="400"` +
    ` loading="${priority ? 'eager' : 'lazy'}"${priority ? ' fetchPriority="high" decoding="async"' : ''}/>`;
  const sets = photoSrcSets(src);
  if (!sets) {
    const preload =
      priority && src !== '' && !/^data:/i.test(src) ? `<link rel="preload" as="image"${urlAttr('href', src)} fetchPriority="high"/>` : '';
    return { html: img, preload };
  }
  const sizes = escapeHtml(CARD_SIZES);
  return {
    html:
      `<picture class="photo"><source type="image/avif" srcSet="${escapeHtml(sets.avif)}" sizes="${sizes}"/>` +
      `<source type="image/webp" srcSet="${escapeHtml(sets.webp)}" sizes="${sizes}"/>${img}</picture>`,
    preload: '',
  };
}

/** Estrellas.tsx at size sm with its words: five stars filled to `valor`, one image to assistive technology. */
const estrellasHtml = (valor: number, etiqueta: string) =>
  `<span class="estrellas estrellas--sm" role="img" aria-label="${escapeHtml(etiqueta)}" style="--relleno:${rellenoEstrellas(valor)}%"></span>`;

/** A product card's HTML, exactly as ProductCard renders it statically (see the module comment). */
export function productCardHtml(producto: Producto, { priority = false, headingLevel: heading = 'h3', sprite }: CardHtmlOptions): string {
  const [imagen, hover] = productImages(producto);
  const agotado = isSoldOut(producto);
  const preventa = isPresale(producto);
  const final = precioFinal(producto);
  const badge = producto.newores.trim();
  const href = urlAttr('href', productPath(producto));
  const id = escapeHtml(producto.idProducto);
  const photo = photoHtml(imagen!, 'product-card__img', priority);
  const labels = productLabels(producto.etiquetalogo);

  let html = `${photo.preload}<article class="product-card${agotado ? ' product-card--sold-out' : ''}" data-product-id="${id}">`;
  html += `<div class="product-card__media"><a${href} tabindex="-1" aria-hidden="true">${photo.html}`;
  if (hover) html += photoHtml(hover, 'product-card__img product-card__img--hover', false).html;
  html += '</a>';
  if (badge) {
    html += `<span class="${escapeHtml(`product-card__badge product-card__badge--${badgeModifier(badge)}`)}">${escapeHtml(badge)}</span>`;
  }
  if (tieneDescuento(producto)) html += `<span class="product-card__discount">${escapeHtml(etiquetaDescuento(producto))}</span>`;
  if (agotado) html += '<span class="product-card__sold-out">AGOTADO</span>';
  html +=
    `<button type="button" class="icon-btn icon-btn--sm icon-btn--raised product-card__eye" data-preview-id="${id}"` +
    ` aria-label="${escapeHtml(`Vista rápida: ${producto.nombre}`)}">` +
    `<svg width="20" height="20" aria-hidden="true"><use${urlAttr('href', `${sprite}#eye`)}></use></svg></button></div>`;

  html += `<div class="product-card__body"><a class="product-card__brand"${urlAttr('href', brandPath(producto.marca))}>${escapeHtml(producto.marca)}</a>`;
  html += `<${heading} class="product-card__name"><a${href}>${escapeHtml(producto.nombre)}</a></${heading}>`;
  if (tieneResenas(producto)) {
    const etiqueta = etiquetaCalificacion(producto.resenasPromedio, producto.resenasCantidad);
    html += `<p class="product-card__rating">${estrellasHtml(producto.resenasPromedio, etiqueta)}<span aria-hidden="true">(${escapeHtml(producto.resenasCantidad)})</span></p>`;
  }
  if (labels.length > 0) {
    html += `<ul class="product-card__labels row-list" aria-label="Etiquetas">${labels.map((label) => `<li class="pill">${escapeHtml(label)}</li>`).join('')}</ul>`;
  }
  html += '<p class="product-card__price">';
  if (final < producto.precio) html += `<span class="price price--old">${escapeHtml(formatSoles(producto.precio))}</span>`;
  html += `<span class="price${final < producto.precio ? ' price--sale' : ''}">${escapeHtml(formatSoles(final))}</span></p>`;
  if (preventa) {
    html += '<p class="product-card__presale"><strong>Pedido anticipado</strong>';
    if (producto.fechaLlegada) html += `<span>Llegada estimada: ${escapeHtml(formatFecha(producto.fechaLlegada))}</span>`;
    html += '</p>';
  }
  html += `<button type="button" class="btn product-card__add" data-add-id="${id}"${agotado ? ' disabled=""' : ''}>`;
  html += `${agotado ? 'Agotado' : preventa ? 'Reservar' : 'Agregar al carrito'}</button></div></article>`;
  return html;
}
