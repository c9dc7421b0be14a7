import { useEffect, useRef, useState } from 'react';
import { fetchProducto } from '../../lib/api/catalogue-client.ts';
import { ApiError } from '../../lib/api/request.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { isProductPath, productIdFromPath, SEARCH_PATH } from '../../lib/catalogue/routes.ts';
import { initProductPage } from '../../components/product/product-page.ts';
import ProductView from '../../components/product/ProductView.tsx';
import { showAlert } from '../../ui/alerts.ts';
import { forBuyBox } from '../../lib/product/buy-box.ts';
import { buyBoxHtml } from '../../lib/product/buy-box-html.ts';
import ResenasProducto from './ResenasProducto.tsx';
import '../../components/product/buy-box.css';
import './OptionPicker.css';

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'found'; producto: Producto } | { kind: 'missing'; mensaje: string };

const NOT_FOUND = 'Producto no encontrado.';
const LOAD_FAILED = 'Error al cargar el producto.';

/**
 * The 404 page's live product view: a /producto/{id}-… path that was not built (a product added
 * after the last build, or a changed name) is fetched from /web/detailprod/{id} and shown with its
 * buy box. An unknown id or a failed load shows the spec's message inline and as an error alert.
 */
export default function ProductFallback() {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!isProductPath(location.pathname)) return;
    const id = productIdFromPath(location.pathname);
    const fail = (mensaje: string) => {
      setState({ kind: 'missing', mensaje });
      void showAlert({ icon: 'error', title: 'Error', text: mensaje });
    };
    if (id === undefined) return fail(NOT_FOUND);
    setState({ kind: 'loading' });
    const controller = new AbortController();
    fetchProducto(id, controller.signal)
      .then((producto) => (producto ? setState({ kind: 'found', producto }) : fail(NOT_FOUND)))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('No se pudo cargar el producto', error);
        fail(error instanceof ApiError && error.status === 404 ? NOT_FOUND : LOAD_FAILED);
      });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (state.kind !== 'found') return;
    document.title = `${state.producto.nombre} | ${state.producto.marca}`;
    if (root.current) initProductPage(root.current);
  }, [state]);

  if (state.kind === 'idle') return null;
  if (state.kind === 'loading') {
    return (
      <p className="live-product__status" role="status">
        Cargando producto…
      </p>
    );
  }
  if (state.kind === 'missing') {
    return (
      <div className="live-product__missing">
        <h1>{state.mensaje}</h1>
        <p>Es posible que el producto ya no esté disponible. Te invitamos a seguir explorando.</p>
        <p className="live-product__links">
          <a className="btn" href="/">
            Ir al inicio
          </a>
          <a className="btn btn--outline" href={SEARCH_PATH}>
            Buscar productos
          </a>
        </p>
      </div>
    );
  }
  return (
    <div ref={root}>
      <ProductView producto={state.producto}>
        {/* The live product: initProductPage gives the box its behaviour without refetching it. */}
        <div
          className="buy-box"
          data-buy-box=""
          data-live=""
          data-producto={JSON.stringify(forBuyBox(state.producto))}
          dangerouslySetInnerHTML={{ __html: buyBoxHtml(forBuyBox(state.producto)) }}
        />
      </ProductView>
      {/* Its reviews too: Mis Compras links a renamed product's old path with '#escribir-resena'. */}
      <section className="resenas" id="resenas" aria-labelledby="resenas-titulo">
        <h2 id="resenas-titulo" className="section-title">
          Reseñas de clientes
        </h2>
        <ResenasProducto
          idProducto={state.producto.idProducto}
          promedio={state.producto.resenasPromedio}
          cantidad={state.producto.resenasCantidad}
        />
      </section>
    </div>
  );
}
