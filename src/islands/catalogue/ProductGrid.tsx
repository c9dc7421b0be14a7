import { memo } from 'react';
import type { Producto } from '../../lib/api/schemas.ts';
import ProductCard from '../../ui/ProductCard.tsx';

interface Props {
  items: Producto[];
  title: string;
  /** Another page, sort or filter is loading: the cards stay, dimmed (listing.css). */
  loading: boolean;
}

/**
 * The listing's cards. Memoised: a click on a filter re-renders the listing at once (the checkbox),
 * and the grid only when what it shows changed, so the click's next paint does not wait for it.
 */
export default memo(function ProductGrid({ items, title, loading }: Props) {
  return (
    <ul className="product-grid" aria-label={`Productos: ${title}`} aria-busy={loading}>
      {items.map((producto, index) => (
        <li key={producto.idProducto}>
          <ProductCard producto={producto} priority={index === 0} headingLevel="h2" />
        </li>
      ))}
    </ul>
  );
});
