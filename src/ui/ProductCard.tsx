import type { Producto } from '../lib/api/schemas.ts';
import { formatFecha } from '../lib/dates.ts';
import { productImages, productLabels } from '../lib/product/fields.ts';
import { formatSoles } from '../lib/pricing/money.ts';
import { etiquetaDescuento, precioFinal, tieneDescuento } from '../lib/pricing/product.ts';
import { isPresale, isSoldOut } from '../lib/catalogue/selection.ts';
import { brandPath, productPath } from '../lib/catalogue/routes.ts';
import { etiquetaCalificacion, tieneResenas } from '../lib/resenas/mostrar.ts';
import { badgeModifier, CARD_SIZES } from '../lib/catalogue/product-card.ts';
import './ProductCard.css';
import Icon from './icons.tsx';
import Photo from './Photo.tsx';
import Estrellas from './Estrellas.tsx';

interface Props {
  producto: Producto;
  /** The first visible card image of a page: loaded eagerly with high priority (the LCP). */
  priority?: boolean;
  /** Heading level of the product name inside its section. */
  headingLevel?: 'h2' | 'h3';
}

/**
 * A product card: pure markup with no state, rendered statically by Astro pages and inside islands.
 * Its quick-view (`data-preview-id`) and add (`data-add-id`) buttons are handled by delegated
 * listeners of the preview panel and cart islands, so a card costs no JavaScript of its own.
 */
export default function ProductCard({ producto, priority = false, headingLevel: Heading = 'h3' }: Props) {
  const [imagen, hover] = productImages(producto);
  const agotado = isSoldOut(producto);
  const preventa = isPresale(producto);
  const final = precioFinal(producto);
  const badge = producto.newores.trim();
  const href = productPath(producto);

  return (
    <article className={`product-card${agotado ? ' product-card--sold-out' : ''}`} data-product-id={producto.idProducto}>
      <div className="product-card__media">
        <a href={href} tabIndex={-1} aria-hidden="true">
          <Photo
            className="product-card__img"
            src={imagen!}
            alt=""
            width={400}
            height={400}
            sizes={CARD_SIZES}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
          />
          {hover && (
            <Photo className="product-card__img product-card__img--hover" src={hover} alt="" width={400} height={400} sizes={CARD_SIZES} />
          )}
        </a>
        {badge && <span className={`product-card__badge product-card__badge--${badgeModifier(badge)}`}>{badge}</span>}
        {tieneDescuento(producto) && <span className="product-card__discount">{etiquetaDescuento(producto)}</span>}
        {agotado && <span className="product-card__sold-out">AGOTADO</span>}
        <button
          type="button"
          className="icon-btn icon-btn--sm icon-btn--raised product-card__eye"
          data-preview-id={producto.idProducto}
          aria-label={`Vista rápida: ${producto.nombre}`}
        >
          <Icon name="eye" size={20} />
        </button>
      </div>
      <div className="product-card__body">
        <a className="product-card__brand" href={brandPath(producto.marca)}>
          {producto.marca}
        </a>
        <Heading className="product-card__name">
          <a href={href}>{producto.nombre}</a>
        </Heading>
        {tieneResenas(producto) && (
          <p className="product-card__rating">
            <Estrellas
              valor={producto.resenasPromedio}
              etiqueta={etiquetaCalificacion(producto.resenasPromedio, producto.resenasCantidad)}
              size="sm"
            />
            <span aria-hidden="true">({producto.resenasCantidad})</span>
          </p>
        )}
        {productLabels(producto.etiquetalogo).length > 0 && (
          <ul className="product-card__labels row-list" aria-label="Etiquetas">
            {productLabels(producto.etiquetalogo).map((label) => (
              <li key={label} className="pill">
                {label}
              </li>
            ))}
          </ul>
        )}
        <p className="product-card__price">
          {final < producto.precio && <span className="price price--old">{formatSoles(producto.precio)}</span>}
          <span className={`price${final < producto.precio ? ' price--sale' : ''}`}>{formatSoles(final)}</span>
        </p>
        {preventa && (
          <p className="product-card__presale">
            <strong>Pedido anticipado</strong>
            {producto.fechaLlegada && <span>Llegada estimada: {formatFecha(producto.fechaLlegada)}</span>}
          </p>
        )}
        <button type="button" className="btn product-card__add" data-add-id={producto.idProducto} disabled={agotado}>
          {agotado ? 'Agotado' : preventa ? 'Reservar' : 'Agregar al carrito'}
        </button>
      </div>
    </article>
  );
}
