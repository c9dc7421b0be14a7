import { useEffect, useMemo, useState } from 'react';
import { fetchProducto } from '../../lib/api/catalogue-client.ts';
import { isPresale, isSoldOut } from '../../lib/catalogue/selection.ts';
import { formatFecha } from '../../lib/dates.ts';
import { etiquetaDescuento, formatSoles, precioFinal } from '../../lib/pricing/index.ts';
import { availableUnits, buyError, buyOptions, stepCantidad, type ProductoDeCompra } from '../../lib/product/buy-box.ts';
import { addProductToCart } from '../../ui/add-to-cart.ts';
import AvisoStock from './AvisoStock.tsx';
import OptionPicker from './OptionPicker.tsx';
import './BuyBox.css';

interface Props {
  producto: ProductoDeCompra;
  /** The product already comes from the API (404 fallback): no refetch on hydration. */
  live?: boolean;
}

const changed = (a: ProductoDeCompra, b: ProductoDeCompra) =>
  a.precio !== b.precio ||
  a.descuento !== b.descuento ||
  a.descuentoN !== b.descuentoN ||
  a.stock !== b.stock ||
  a.stock_total !== b.stock_total ||
  a.newores !== b.newores;

/**
 * Price, stock state, colour and size selectors, quantity and the 'Agregar al carrito' / 'Comprar
 * ahora' buttons (on a sold-out product, 'Agregar al carrito' disabled and the 'Avísame cuando llegue' form below it) with the validations of storefront §5. Refetches the live price and stock on
 * hydration, so a page built earlier never shows a stale price.
 */
export default function BuyBox({ producto: built, live = false }: Props) {
  const [producto, setProducto] = useState(built);
  const options = useMemo(() => buyOptions(producto), [producto]);
  const [color, setColor] = useState(options.color);
  const [tamano, setTamano] = useState(options.tamano);
  const [cantidad, setCantidad] = useState('1');
  const [error, setError] = useState('');

  useEffect(() => {
    if (live) return;
    const controller = new AbortController();
    fetchProducto(built.idProducto, controller.signal)
      .then((fresh) => fresh && changed(fresh, built) && setProducto(fresh))
      .catch((reason: unknown) => controller.signal.aborted || console.error('No se pudo actualizar el producto', reason));
    return () => controller.abort();
  }, [built, live]);

  const final = precioFinal(producto);
  const agotado = isSoldOut(producto);
  const disponibles = availableUnits(producto);
  const preventa = isPresale(producto);
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setError('');
  };

  const eleccionValida = () => {
    const problem = buyError(producto, { color, tamano, cantidad });
    setError(problem ?? '');
    return problem ? undefined : { color, tamano, cantidad: Number(cantidad) };
  };
  const add = () => {
    const eleccion = eleccionValida();
    if (eleccion) void addProductToCart(producto, eleccion);
  };
  const buyNow = async () => {
    const eleccion = eleccionValida();
    if (!eleccion) return;
    await addProductToCart(producto, eleccion, { silent: true });
    location.assign('/carrito');
  };

  return (
    <div className="buy-box">
      <p className="buy-box__price">
        <span className={`price${final < producto.precio ? ' price--sale' : ''}`} data-testid="precio">
          {formatSoles(final)}
        </span>
        {final < producto.precio && (
          <>
            <span className="price price--old">
              <span className="visually-hidden">Antes </span>
              {formatSoles(producto.precio)}
            </span>
            <span className="buy-box__discount">{etiquetaDescuento(producto)}</span>
          </>
        )}
      </p>

      <div className="buy-box__stock" aria-live="polite">
        {agotado && (
          <span id={`agotado-${producto.idProducto}`} className="stock-pill stock-pill--out">
            AGOTADO
          </span>
        )}
        {preventa && (
          <span className="stock-pill stock-pill--presale">
            Pedido anticipado
            {producto.fechaLlegada && <small> · Llegada estimada: {formatFecha(producto.fechaLlegada)}</small>}
          </span>
        )}
        {!agotado && !preventa && (
          <span className="stock-pill stock-pill--in">
            En stock
            <small> · {disponibles} unidad(es) disponibles</small>
          </span>
        )}
      </div>

      <OptionPicker
        legend="Color"
        name={`color-${producto.idProducto}`}
        options={options.colores}
        value={color}
        onChange={edit(setColor)}
      />
      <OptionPicker
        legend="Tamaño"
        name={`tamano-${producto.idProducto}`}
        options={options.tamanos}
        value={tamano}
        onChange={edit(setTamano)}
      />

      <div className="buy-box__row">
        <div className="buy-qty">
          <label htmlFor={`cantidad-${producto.idProducto}`} className="buy-qty__label">
            Cantidad
          </label>
          <div className="buy-qty__control">
            <button
              type="button"
              aria-label="Disminuir cantidad"
              disabled={agotado || Number(cantidad) <= 1}
              onClick={() => edit(setCantidad)(String(stepCantidad(cantidad, -1, disponibles)))}
            >
              −
            </button>
            <input
              id={`cantidad-${producto.idProducto}`}
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(1, disponibles)}
              value={cantidad}
              disabled={agotado}
              onChange={(event) => edit(setCantidad)(event.target.value)}
            />
            <button
              type="button"
              aria-label="Aumentar cantidad"
              disabled={agotado || Number(cantidad) >= disponibles}
              onClick={() => edit(setCantidad)(String(stepCantidad(cantidad, 1, disponibles)))}
            >
              +
            </button>
          </div>
        </div>
      </div>

      <p className="buy-box__error" role="alert">
        {error}
      </p>

      {agotado ? (
        <>
          {/* Storefront §2: sold out shows the add button disabled; 'Avísame' (issue 25) comes below it, never in its place. */}
          <div className="buy-box__actions buy-box__actions--agotado">
            <button type="button" className="btn buy-box__add" disabled aria-describedby={`agotado-${producto.idProducto}`}>
              Agregar al carrito
            </button>
          </div>
          <AvisoStock productoId={producto.idProducto} />
        </>
      ) : (
        <div className="buy-box__actions">
          <button type="button" className="btn buy-box__add" onClick={add}>
            Agregar al carrito
          </button>
          <button type="button" className="btn btn--outline buy-box__now" onClick={() => void buyNow()}>
            Comprar ahora
          </button>
        </div>
      )}
    </div>
  );
}
