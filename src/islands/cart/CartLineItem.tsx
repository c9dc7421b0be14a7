import { useEffect, useState } from 'react';
import { isRoutineLine, lineOptions, maxQuantity, sameLine, stockCeiling, type CartLine } from '../../lib/cart/lines.ts';
import { isNivelRutina, NIVELES_RUTINA } from '../../lib/routine/pasos.ts';
import { isLineCouponEligible } from '../../lib/pricing/coupons.ts';
import { DEFAULT_IMAGE } from '../../lib/product/fields.ts';
import { formatSoles, round2 } from '../../lib/pricing/index.ts';
import { productPath } from '../../lib/catalogue/routes.ts';
import { $cart, removeFromCart, setQuantity } from '../../stores/cart.ts';

const ICONS = {
  minus: 'M5 11h14v2H5z',
  plus: 'M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z',
  trash: 'M9 3h6l1 2h4v2H4V5h4l1-2Zm-3 6h12l-.8 11.1A2 2 0 0 1 15.2 22H8.8a2 2 0 0 1-2-1.9L6 9Zm4 2v8h1.5v-8H10Zm3.5 0v8H15v-8h-1.5Z',
};

const Svg = ({ d }: { d: string }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path fill="currentColor" d={d} />
  </svg>
);

/** One cart line: image, name, options (and its routine), unit price, quantity −/+ and input (one unit for a routine's line), line total, remove. */
export default function CartLineItem({
  line,
  lines,
  eager,
  onRemoved,
}: {
  line: CartLine;
  lines: readonly CartLine[];
  eager: boolean;
  onRemoved: () => void;
}) {
  const couponOk = isLineCouponEligible(line, lines);
  const [draft, setDraft] = useState(String(line.cantidad));
  useEffect(() => setDraft(String(line.cantidad)), [line.cantidad]);
  const max = maxQuantity(line);
  const href = productPath(line);
  const rutina = isRoutineLine(line) && isNivelRutina(line.rutinaNivel) ? NIVELES_RUTINA[line.rutinaNivel] : null;
  const options = lineOptions(line);

  const change = (cantidad: number) => {
    setQuantity(line, cantidad);
    // The store clamps to 1..maxQuantity: show what it kept, even when that did not change.
    setDraft(String($cart.get().find((item) => sameLine(item, line))?.cantidad ?? line.cantidad));
  };
  const commit = () => {
    const value = Number(draft);
    if (draft.trim() === '' || !Number.isFinite(value)) setDraft(String(line.cantidad));
    else change(value);
  };

  return (
    <li className="cart-line">
      <a className="cart-line__media" href={href} tabIndex={-1} aria-hidden="true">
        <img
          src={line.img || DEFAULT_IMAGE}
          alt=""
          width={96}
          height={96}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          onError={(event) => {
            if (!event.currentTarget.src.endsWith(DEFAULT_IMAGE)) event.currentTarget.src = DEFAULT_IMAGE;
          }}
        />
      </a>
      <div className="cart-line__info">
        <a className="cart-line__name" href={href}>
          {line.nombre}
        </a>
        {rutina && (
          <p className="cart-line__routine" data-testid="linea-rutina">
            Rutina · nivel {rutina.etiqueta.toLowerCase()}
            {rutina.descuento > 0 && ` · ${rutina.descuento}% de descuento con la rutina completa`}
          </p>
        )}
        {options && <p className="cart-line__options">{options}</p>}
        <p className="cart-line__unit">
          <span className={`price${line.precioOriginal ? ' price--sale' : ''}`} data-testid="precio-unitario">
            {formatSoles(line.precio)}
          </span>
          {line.precioOriginal !== undefined && line.precioOriginal > line.precio && (
            <s className="price price--old">
              <span className="visually-hidden">Precio anterior: </span>
              {formatSoles(line.precioOriginal)}
            </s>
          )}
          {!couponOk && <span className="pill">No aplica a cupones</span>}
        </p>
      </div>
      <div className="cart-line__qty">
        {rutina ? (
          <p className="cart-line__routine-qty">1 unidad</p>
        ) : (
          <div className="qty">
            <button
              type="button"
              className="icon-btn icon-btn--sm qty__btn"
              aria-label={`Disminuir cantidad de ${line.nombre}`}
              disabled={line.cantidad <= 1}
              onClick={() => change(line.cantidad - 1)}
            >
              <Svg d={ICONS.minus} />
            </button>
            <input
              className="qty__input"
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              value={draft}
              aria-label={`Cantidad de ${line.nombre}`}
              onChange={(event) => setDraft(event.target.value)}
              onBlur={commit}
              onKeyDown={(event) => {
                if (event.key === 'Enter') commit();
              }}
            />
            <button
              type="button"
              className="icon-btn icon-btn--sm qty__btn"
              aria-label={`Aumentar cantidad de ${line.nombre}`}
              disabled={line.cantidad >= max}
              onClick={() => change(line.cantidad + 1)}
            >
              <Svg d={ICONS.plus} />
            </button>
          </div>
        )}
        {!rutina && stockCeiling(line) !== undefined && line.cantidad >= max && (
          <p className="cart-line__max" aria-live="polite">
            Máximo disponible: {max}
          </p>
        )}
      </div>
      <p className="cart-line__total">
        <span className="visually-hidden">Total de la línea: </span>
        <span data-testid="total-linea">{formatSoles(round2(line.precio * line.cantidad))}</span>
      </p>
      <button
        type="button"
        className="icon-btn icon-btn--sm cart-line__remove"
        aria-label={`Eliminar ${line.nombre} del carrito`}
        onClick={() => {
          removeFromCart(line);
          onRemoved();
        }}
      >
        <Svg d={ICONS.trash} />
      </button>
    </li>
  );
}
