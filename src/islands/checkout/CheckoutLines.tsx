import { lineOptions, lineRef, type CartLine } from '../../lib/cart/lines.ts';
import { DEFAULT_IMAGE } from '../../lib/product/fields.ts';
import { formatSoles, round2 } from '../../lib/pricing/index.ts';

/** The order's lines, read-only: image, name, colour and size, quantity, unit price (with the old one struck) and line total. */
export default function CheckoutLines({ lines }: { lines: CartLine[] }) {
  return (
    <ul className="co-lines">
      {lines.map((line, index) => {
        const options = lineOptions(line);
        const old = line.precioOriginal !== undefined && line.precioOriginal > line.precio ? line.precioOriginal : null;
        return (
          <li key={lineRef(line)} className="co-line" data-testid="linea-checkout">
            <img
              className="co-line__img"
              src={line.img || DEFAULT_IMAGE}
              alt=""
              width={72}
              height={72}
              loading={index < 3 ? 'eager' : 'lazy'}
              decoding="async"
              onError={(event) => {
                if (!event.currentTarget.src.endsWith(DEFAULT_IMAGE)) event.currentTarget.src = DEFAULT_IMAGE;
              }}
            />
            <div className="co-line__info">
              <p className="co-line__name">{line.nombre}</p>
              {options && <p className="co-line__options">{options}</p>}
              <p className="co-line__unit">
                <span>Cantidad: {line.cantidad}</span>
                <span aria-hidden="true">·</span>
                <span>
                  <span className={`price${old ? ' price--sale' : ''}`} data-testid="precio-checkout">
                    {formatSoles(line.precio)}
                  </span>{' '}
                  c/u
                </span>
                {old !== null && (
                  <s className="price price--old">
                    <span className="visually-hidden">Precio anterior: </span>
                    {formatSoles(old)}
                  </s>
                )}
              </p>
            </div>
            <p className="co-line__total">
              <span className="visually-hidden">Total de la línea: </span>
              {formatSoles(round2(line.precio * line.cantidad))}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
