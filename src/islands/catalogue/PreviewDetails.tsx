import { useEffect, useRef, useState } from 'react';
import type { Producto } from '../../lib/api/schemas.ts';
import type { Eleccion } from '../../lib/cart/lines.ts';
import { brandPath, productPath } from '../../lib/catalogue/routes.ts';
import { isPresale, isSoldOut } from '../../lib/catalogue/selection.ts';
import { formatFecha } from '../../lib/dates.ts';
import { availableUnits, buyOptions, stepCantidad } from '../../lib/product/buy-box.ts';
import { productImages } from '../../lib/product/fields.ts';
import { formatSoles } from '../../lib/pricing/money.ts';
import { etiquetaDescuento, precioFinal, tieneDescuento } from '../../lib/pricing/product.ts';
import { initAvisos } from '../../components/product/buy-box.ts';
import { avisoStockHtml } from '../../lib/product/buy-box-html.ts';
import OptionPicker from '../product/OptionPicker.tsx';
import PreviewGallery from './PreviewGallery.tsx';

interface Props {
  producto: Producto;
  titleId: string;
  onAdd: (eleccion: Eleccion) => void;
}

/**
 * The quick view's product: gallery, name, brand, price, description, colour and size (a single
 * option is preselected, as in the buy box), quantity (1 to the buy box's availableUnits) and the add
 * button, disabled until every choice is made; sold out, it stays disabled with 'Avísame' below it.
 */
export default function PreviewDetails({ producto, titleId, onAdd }: Props) {
  const { colores, tamanos, ...preselected } = buyOptions(producto);
  const [color, setColor] = useState(preselected.color);
  const [tamano, setTamano] = useState(preselected.tamano);
  const [cantidad, setCantidad] = useState(1);
  const agotado = isSoldOut(producto);
  const final = precioFinal(producto);
  const maxCantidad = availableUnits(producto);
  const missing = [colores.length > 1 && !color && 'un color', tamanos.length > 1 && !tamano && 'un tamaño'].filter(Boolean);
  const canAdd = !agotado && missing.length === 0;
  // 'Avísame' is the buy box's own form and behaviour (plain DOM), drawn once for this product.
  const aviso = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (aviso.current) initAvisos(aviso.current);
  }, [agotado, producto.idProducto]);

  return (
    <div className="preview__body">
      <PreviewGallery images={productImages(producto)} nombre={producto.nombre} fotosAlt={producto.fotosAlt} />
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
        {agotado && (
          <p id="preview-agotado" className="preview__sold-out">
            AGOTADO
          </p>
        )}
        {isPresale(producto) && (
          <p className="preview__presale">
            <strong>Pedido anticipado</strong>
            {producto.fechaLlegada && <span> · Llegada estimada: {formatFecha(producto.fechaLlegada)}</span>}
          </p>
        )}
        {producto.descripcion && <p className="preview__description">{producto.descripcion}</p>}

        <OptionPicker legend="Color" name="preview-color" options={colores} value={color} onChange={setColor} />
        <OptionPicker legend="Tamaño" name="preview-size" options={tamanos} value={tamano} onChange={setTamano} />

        <div className="preview__buy">
          <div className="quantity" role="group" aria-label="Cantidad">
            <button
              type="button"
              aria-label="Disminuir cantidad"
              disabled={agotado || cantidad <= 1}
              onClick={() => setCantidad(stepCantidad(cantidad, -1, maxCantidad))}
            >
              −
            </button>
            <input
              type="number"
              aria-label="Cantidad"
              min={1}
              max={Math.max(1, maxCantidad)}
              value={cantidad}
              disabled={agotado}
              onChange={(e) => setCantidad(stepCantidad(e.target.value, 0, maxCantidad))}
            />
            <button
              type="button"
              aria-label="Aumentar cantidad"
              disabled={agotado || cantidad >= maxCantidad}
              onClick={() => setCantidad(stepCantidad(cantidad, 1, maxCantidad))}
            >
              +
            </button>
          </div>
          <button
            type="button"
            className="btn preview__add"
            disabled={!canAdd}
            aria-describedby={agotado ? 'preview-agotado' : missing.length > 0 ? 'preview-missing' : undefined}
            onClick={() => onAdd({ color, tamano, cantidad })}
          >
            Agregar al carrito
          </button>
        </div>
        {agotado && (
          <div
            key={producto.idProducto}
            ref={aviso}
            dangerouslySetInnerHTML={{ __html: avisoStockHtml(producto.idProducto, `preview-aviso-${producto.idProducto}`) }}
          />
        )}
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
