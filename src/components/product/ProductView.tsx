import type { ReactNode } from 'react';
import { brandPath, productTrail } from '../../lib/catalogue/routes.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { productImages, productLabels, splitOptions } from '../../lib/product/fields.ts';
import Breadcrumb from '../../ui/Breadcrumb.tsx';
import ProductDetails from './ProductDetails.tsx';
import ProductGallery from './ProductGallery.tsx';
import ShareButton from './ShareButton.tsx';
import './product.css';
import Icon from '../../ui/icons.tsx';
import Estrellas from '../../ui/Estrellas.tsx';
import { cantidadResenas, promedioTexto, tieneResenas } from '../../lib/resenas/mostrar.ts';

interface Props {
  producto: Producto;
  /** The buy box (price, stock, options, buy-qty, buttons): plain markup that components/product/buy-box.ts drives. */
  children?: ReactNode;
}

const BADGE_CLASS: Record<string, string> = { nuevo: 'new', reestok: 'restock', preventa: 'presale', sale: 'sale' };

/**
 * A product's page content, pure markup: breadcrumb, gallery, brand, name, badge, labels, the buy
 * box passed as children, shops and details. The search index is made from the product's data
 * (site-builder/search-index.ts), not from this page.
 */
export default function ProductView({ producto, children }: Props) {
  const labels = productLabels(producto.etiquetalogo);
  const badge = producto.newores.trim();
  const sedes = splitOptions(producto.sedes);
  return (
    <article className="pdp">
      <Breadcrumb trail={productTrail(producto)} />
      <div className="pdp__top">
        <ProductGallery images={productImages(producto)} nombre={producto.nombre} fotosAlt={producto.fotosAlt} />
        <div className="pdp__info">
          <div className="pdp__meta">
            <a className="pdp__brand" href={brandPath(producto.marca)}>
              {producto.marca}
            </a>
            <ShareButton title={producto.nombre} />
          </div>
          <h1 className="pdp__name">{producto.nombre}</h1>
          {tieneResenas(producto) && (
            <a className="pdp__rating" href="#resenas">
              <span className="pdp__rating-value" aria-hidden="true">
                {promedioTexto(producto.resenasPromedio)}
              </span>
              <Estrellas valor={producto.resenasPromedio} />
              <span>({cantidadResenas(producto.resenasCantidad)})</span>
            </a>
          )}
          {(badge || labels.length > 0) && (
            <ul className="pdp__tags" aria-label="Etiquetas">
              {badge && <li className={`pdp__badge pdp__badge--${BADGE_CLASS[badge.toLowerCase()] ?? 'new'}`}>{badge}</li>}
              {labels.map((label) => (
                <li key={label} className="pdp__label">
                  <Icon name="leaf" size={14} />
                  {label}
                </li>
              ))}
            </ul>
          )}
          <div>{children}</div>
          {sedes.length > 0 && (
            <p className="pdp__sedes">
              <Icon name="pin" size={18} />
              <span>
                Disponible en tienda: <strong>{sedes.join(', ')}</strong>
              </span>
            </p>
          )}
        </div>
      </div>
      <ProductDetails producto={producto} />
    </article>
  );
}
