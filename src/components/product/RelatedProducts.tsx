import type { Producto } from '../../lib/api/schemas.ts';
import ProductCard from '../../ui/ProductCard.tsx';

/**
 * 'También te puede gustar': the related products' cards (lib/catalogue/selection.ts chooses them). One
 * React component rather than an .astro loop, where each card was a React render of its own.
 */
export default function RelatedProducts({ productos }: { productos: Producto[] }) {
  if (productos.length === 0) return null;
  return (
    <section className="related" aria-labelledby="related-title">
      <h2 id="related-title" className="section-title">
        También te puede gustar
      </h2>
      <ul className="related__grid" data-testid="relacionados">
        {productos.map((producto) => (
          <li key={producto.idProducto}>
            <ProductCard producto={producto} headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  );
}
