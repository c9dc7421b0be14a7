import { useState } from 'react';
import type { Producto } from '../../lib/api/schemas.ts';
import { brandPath } from '../../lib/catalogue/routes.ts';
import { isPresale, isSoldOut } from '../../lib/catalogue/selection.ts';
import { formatFecha, productImages, splitOptions } from '../../lib/format.ts';
import { etiquetaDescuento, formatSoles, precioFinal, tieneDescuento } from '../../lib/pricing/index.ts';
import { productPath } from '../../lib/slug.ts';
import type { Choice } from '../cart/add-to-cart.ts';
import PreviewGallery from './PreviewGallery.tsx';

interface Props {
  producto: Producto;
  titleId: string;
  onAdd: (choice: Choice) => void;
}

/**
 * The quick view's product: gallery, name, brand, price, description, colour and size (a single
 * option is preselected), quantity (1 to stock) and the add button, disabled until every choice is made.
 */
export default function PreviewDetails({ producto, titleId, onAdd }: Props) {
  const colores = splitOptions(producto.colores);
  const tamanos = splitOptions(producto.tamaños);
  const [color, setColor] = useState(colores.length === 1 ? colores[0]! : '');
  const [size, setSize] = useState(tamanos.length === 1 ? tamanos[0]! : '');
  const [cantidad, setCantidad] = useState(1);
  const agotado = isSoldOut(producto);
  const final = precioFinal(producto);
  const maxCantidad = Math.max(1, producto.stock);
  const missing = [colores.length > 1 && !color && 'un color', tamanos.length > 1 && !size && 'un tamaño'].filter(Boolean);
  const canAdd = !agotado && missing.length === 0;

  return (
    <div className="preview__body">
      <PreviewGallery images={productImages(producto)} nombre={producto.nombre} />
      <div className="preview__info">
        <a className="preview__brand" href={brandPath(producto.marca)}>
          {producto.marca}
        </a>
        <h2 id={titleId} className="preview__name">
          {producto.nombre}
        </h2>
        <p className="preview__price">
          <span className={`price${final < producto.precio ? ' price--sale' : ''}`}>{formatSoles(final)}</span>
          {final < producto.precio && <span className="price price--old">{formatSoles(producto.precio)}</span>}
          {tieneDescuento(producto) && <span className="preview__discount">{etiquetaDescuento(producto)}</span>}
        </p>
        {agotado && <p className="preview__sold-out">AGOTADO</p>}
        {isPresale(producto) && (
          <p className="preview__presale">
            <strong>Pedido anticipado</strong>
            {producto.fechaLlegada && <span> · Llegada estimada: {formatFecha(producto.fechaLlegada)}</span>}
          </p>
        )}
        {producto.descripcion && <p className="preview__description">{producto.descripcion}</p>}

        <OptionGroup legend="Color" name="preview-color" options={colores} value={color} onChange={setColor} />
        <OptionGroup legend="Tamaño" name="preview-size" options={tamanos} value={size} onChange={setSize} />

        <div className="preview__buy">
          <div className="quantity" role="group" aria-label="Cantidad">
            <button type="button" aria-label="Disminuir cantidad" disabled={agotado || cantidad <= 1} onClick={() => setCantidad(cantidad - 1)}>
              −
            </button>
            <input
              type="number"
              aria-label="Cantidad"
              min={1}
              max={maxCantidad}
              value={cantidad}
              disabled={agotado}
              onChange={(e) => setCantidad(Math.min(Math.max(1, Math.floor(Number(e.target.value)) || 1), maxCantidad))}
            />
            <button type="button" aria-label="Aumentar cantidad" disabled={agotado || cantidad >= maxCantidad} onClick={() => setCantidad(cantidad + 1)}>
              +
            </button>
          </div>
          <button
            type="button"
            className="btn preview__add"
            disabled={!canAdd}
            aria-describedby={missing.length > 0 && !agotado ? 'preview-missing' : undefined}
            onClick={() => onAdd({ color, size, cantidad })}
          >
            {agotado ? 'Agotado' : 'Agregar al carrito'}
          </button>
        </div>
        {missing.length > 0 && !agotado && (
          <p id="preview-missing" className="preview__hint">
            Elige {missing.join(' y ')} para agregarlo al carrito.
          </p>
        )}
        <a className="btn btn--outline preview__details" href={productPath(producto)}>
          Ver detalles
        </a>
      </div>
    </div>
  );
}

interface OptionProps {
  legend: string;
  name: string;
  options: string[];
  value: string;
  onChange: (value: string) => void;
}

/** Radio chips for a colour or size; nothing when the product has no options. */
function OptionGroup({ legend, name, options, value, onChange }: OptionProps) {
  if (options.length === 0) return null;
  return (
    <fieldset className="preview-options">
      <legend>
        {legend}
        {value && <span className="preview-options__value">: {value}</span>}
      </legend>
      <div className="preview-options__list">
        {options.map((option) => (
          <label className="chip" key={option}>
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
