import { useEffect, useRef, useState } from 'react';
import type { ProductoRutina } from '../../lib/api/routine-schemas.ts';
import { addRoutineToCart, lineFromProductoDeRutina, newRutinaId } from '../../lib/cart/lines.ts';
import { formatCentimos, formatSoles, precioFinal, priceOrder } from '../../lib/pricing/index.ts';
import { productosElegidos, rutinaCompleta } from '../../lib/routine/builder.ts';
import { NIVELES_RUTINA } from '../../lib/routine/pasos.ts';
import { PUNTOS_RECOJO } from '../../lib/shipping/methods.ts';
import { productPath } from '../../lib/catalogue/routes.ts';
import { $cart, addToCart } from '../../stores/cart.ts';
import { showAlert, showToast } from '../../ui/alerts.ts';
import TotalsRows from '../../ui/TotalsRows.tsx';
import type { useRoutineBuilder } from './useRoutineBuilder.ts';

/** How long a product shows that it was added (checkout §9). */
const AGREGADO_MS = 3000;

/** The selected step's product with its alternatives and its own add button ('added' for 3 seconds). */
function StepProduct({
  producto,
  posicion,
  total,
  onOtra,
}: {
  producto: ProductoRutina;
  posicion: number;
  total: number;
  onOtra: (paso: 1 | -1) => void;
}) {
  const [agregado, setAgregado] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => setAgregado(false), [producto.idProducto]);
  const final = precioFinal(producto);
  const add = () => {
    addToCart(lineFromProductoDeRutina(producto));
    // Storefront §8's success message; the builder stays open, so a toast rather than the card's dialog.
    void showToast({ icon: 'success', title: '¡Producto añadido!', text: producto.nombreProducto, timerMs: AGREGADO_MS });
    setAgregado(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAgregado(false), AGREGADO_MS);
  };
  return (
    <article className="rb-product" data-testid="producto-paso" aria-label={producto.nombreProducto}>
      <img
        className="rb-product__img"
        src={producto.img.split(',')[0]?.trim() || producto.imagen}
        alt=""
        width="240"
        height="240"
        decoding="async"
      />
      <div className="rb-product__info">
        <p className="rb-product__brand">{producto.marca}</p>
        <a className="rb-product__name" href={productPath({ idProducto: producto.idProducto, nombre: producto.nombreProducto })}>
          {producto.nombreProducto}
        </a>
        <p className="rb-product__price">
          <strong>{formatSoles(final)}</strong>
          {final < producto.precio && <s>{formatSoles(producto.precio)}</s>}
        </p>
        <div className="rb-product__actions">
          <button type="button" className={`btn${agregado ? ' rb-product__added' : ''}`} onClick={add} aria-live="polite">
            {agregado ? '✓ Agregado' : 'Agregar al carrito'}
          </button>
        </div>
        <div className="rb-alternatives" role="group" aria-label="Alternativas">
          <button
            type="button"
            className="icon-btn icon-btn--sm rb-alternatives__btn"
            aria-label="Alternativa anterior"
            disabled={total < 2}
            onClick={() => onOtra(-1)}
          >
            ‹
          </button>
          <span data-testid="alternativa">
            Opción {posicion + 1} de {total}
          </span>
          <button
            type="button"
            className="icon-btn icon-btn--sm rb-alternatives__btn"
            aria-label="Siguiente alternativa"
            disabled={total < 2}
            onClick={() => onOtra(1)}
          >
            ›
          </button>
        </div>
      </div>
    </article>
  );
}

/**
 * The recommended routine: its steps (a step without stock is disabled), the selected step's product
 * and alternatives, and the whole routine's price with the level's discount, added in one go.
 */
export default function RoutineResult({ builder }: { builder: ReturnType<typeof useRoutineBuilder> }) {
  const { estado, indices, categoria, respuestas } = builder;
  if (estado.kind === 'cargando' || estado.kind === 'ninguna') {
    return (
      <div className="card rb-loading" role="status">
        <span className="kb-spinner" aria-hidden="true" /> Preparando tu rutina…
      </div>
    );
  }
  if (estado.kind === 'vacia') {
    return (
      <div className="card rb-empty" role="alert">
        <p>No encontramos productos en stock para esta combinación.</p>
        <button type="button" className="btn btn--outline" onClick={() => builder.ver('inquietudPiel')}>
          Cambiar mis respuestas
        </button>
      </div>
    );
  }
  const { rutina } = estado;
  const nivel = NIVELES_RUTINA[rutina.nivelRutina];
  const elegidos = productosElegidos(rutina, indices);
  const completa = rutinaCompleta(rutina);
  const lineas = addRoutineToCart([], elegidos, rutina.nivelRutina, 'vista-previa');
  const precio = priceOrder(lineas, { metodo: PUNTOS_RECOJO[0]!.metodo });
  const seleccion = categoria ? rutina.data[categoria] : undefined;

  const addAll = async () => {
    $cart.set(addRoutineToCart($cart.get(), elegidos, rutina.nivelRutina, newRutinaId()));
    const goToCart = await showAlert({
      icon: 'success',
      title: 'Rutina completa añadida al carrito con descuento aplicado!',
      text: `${elegidos.length} productos de tu rutina de nivel ${nivel.etiqueta.toLowerCase()}.`,
      confirmText: 'Ir a mi carrito',
      cancelText: 'Seguir aquí',
    });
    if (goToCart) location.assign('/carrito');
  };

  return (
    <section className="card rb-result" aria-labelledby="rb-rutina">
      <header className="rb-result__head">
        <p className="rb-question__step">Tu rutina · nivel {nivel.etiqueta.toLowerCase()}</p>
        <h2 id="rb-rutina" className="rb-question__title">
          {nivel.pasos} pasos para piel {respuestas.tipoPiel?.toLowerCase()}
        </h2>
        <p className="rb-question__help">
          Elegimos productos para {respuestas.inquietudPiel?.toLowerCase()} en tu rango de edad ({respuestas.grupoEdad}). Cambia cualquier
          producto por otra opción.
        </p>
      </header>
      <div className="rb-result__grid">
        <div className="rb-steps" role="tablist" aria-label="Pasos de tu rutina">
          {rutina.categoriasIncluidas.map((cat, index) => {
            const productos = rutina.data[cat] ?? [];
            const elegido = productos[indices[cat] ?? 0];
            return (
              <button
                key={cat}
                type="button"
                role="tab"
                className="rb-step"
                aria-selected={cat === categoria}
                disabled={productos.length === 0}
                onClick={() => builder.setCategoria(cat)}
              >
                <span className="rb-step__number">{index + 1}</span>
                <span className="rb-step__text">
                  <span className="rb-step__name">{cat}</span>
                  <span className="rb-step__product">{elegido ? elegido.nombreProducto : 'Sin stock por ahora'}</span>
                </span>
              </button>
            );
          })}
        </div>
        <div className="rb-panel" role="tabpanel" aria-label={categoria ?? undefined}>
          {seleccion && categoria && (
            <StepProduct
              producto={seleccion[indices[categoria] ?? 0]!}
              posicion={indices[categoria] ?? 0}
              total={seleccion.length}
              onOtra={(paso) => builder.alternativa(categoria, paso)}
            />
          )}
        </div>
        <aside className="rb-summary" aria-label="Precio de tu rutina">
          <h3 className="rb-summary__title">Rutina completa</h3>
          <TotalsRows
            className="rb-summary__rows"
            filas={[
              { label: <>{elegidos.length} productos</>, valor: formatCentimos(precio.subtotal) },
              completa &&
                nivel.descuento > 0 && {
                  label: <>Descuento rutina ({nivel.descuento}%)</>,
                  valor: <>-{formatCentimos(precio.descuento)}</>,
                  className: 'rb-summary__discount',
                },
              { label: 'Total', valor: formatCentimos(precio.productos), className: 'rb-summary__total', testId: 'precio-rutina' },
            ]}
          />
          <button type="button" className="btn rb-summary__add" disabled={!completa} onClick={() => void addAll()}>
            Agregar rutina completa
          </button>
          {!completa && <p className="rb-summary__note">Algún paso no tiene stock por ahora: agrega los productos uno a uno.</p>}
        </aside>
      </div>
    </section>
  );
}
