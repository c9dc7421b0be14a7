import type { Producto } from '../../lib/api/schemas.ts';
import { productImages } from '../../lib/product/fields.ts';
import { formatSoles } from '../../lib/pricing/money.ts';
import { precioFinal } from '../../lib/pricing/product.ts';
import { brandPath, productPath, searchPath } from '../../lib/catalogue/routes.ts';
import Photo from '../../ui/Photo.tsx';

interface Props {
  /** The typed text, for the link to every result. */
  query: string;
  results: { productos: Producto[]; marcas: string[] };
  /** Shown when nothing matches (blank on desktop, storefront §2). */
  emptyText: string;
  /** Called when a suggestion is chosen, to clear the suggestions. */
  onChoose: () => void;
}

/** Search suggestions grouped under 'Productos' and 'Marcas' with the title 'Resultados encontrados'. */
export default function Suggestions({ query, results, emptyText, onChoose }: Props) {
  const { productos, marcas } = results;
  if (productos.length === 0 && marcas.length === 0) {
    return emptyText ? (
      <div className="search-suggest">
        <p className="search-suggest__empty">{emptyText}</p>
      </div>
    ) : null;
  }
  return (
    <div className="search-suggest" data-testid="search-suggestions">
      <p className="search-suggest__title">Resultados encontrados</p>
      <div className="search-suggest__groups">
        {productos.length > 0 && (
          <div className="search-suggest__group" role="group" aria-label="Productos">
            <p className="search-suggest__group-title" aria-hidden="true">
              Productos
            </p>
            <ul className="search-suggest__list">
              {productos.map((producto) => (
                <li key={producto.idProducto}>
                  <a className="search-suggest__product" href={productPath(producto)} onClick={onChoose}>
                    <Photo src={productImages(producto)[0]!} alt="" width={48} height={48} sizes="48px" />
                    <span className="search-suggest__name">{producto.nombre}</span>
                    <span className="search-suggest__meta">
                      {producto.marca} · {formatSoles(precioFinal(producto))}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
        {marcas.length > 0 && (
          <div className="search-suggest__group" role="group" aria-label="Marcas">
            <p className="search-suggest__group-title" aria-hidden="true">
              Marcas
            </p>
            <ul className="search-suggest__list search-suggest__list--brands">
              {marcas.map((marca) => (
                <li key={marca}>
                  <a className="search-suggest__brand" href={brandPath(marca)} onClick={onChoose}>
                    {marca}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <a className="search-suggest__all" href={searchPath(query)} onClick={onChoose}>
        Ver todos los resultados
      </a>
    </div>
  );
}
