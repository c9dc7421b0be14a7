import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { fetchProducto } from '../../lib/api/catalogue-client.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import type { Eleccion } from '../../lib/cart/lines.ts';
import { addProductToCart } from '../../ui/add-to-cart.ts';
import { useDialogFocus } from '../../ui/useDialogFocus.ts';

/** What the panel shows of a product (gallery, options, buying): loaded when a panel opens, beside the product's data. */
const loadDetails = () => import('./PreviewDetails.tsx');
const PreviewDetails = lazy(loadDetails);

type Load = { state: 'loading' } | { state: 'error'; mensaje: string } | { state: 'ready'; producto: Producto };

interface Props {
  id: number;
  /** Called once the panel has slid out; focus then returns to the eye button that opened it. */
  onClose: () => void;
}

const SLIDE_MS = 250;

/** The quick-view side panel: a modal dialog sliding in from the right, showing the live product. */
export default function PreviewDrawer({ id, onClose }: Props) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [open, setOpen] = useState(false);
  const panelRef = useRef<HTMLDivElement>(null);
  const closing = useRef(false);

  /** Slides the panel out, then unmounts it; resolves once focus is back on the eye button. */
  const close = () =>
    new Promise<void>((resolve) => {
      if (closing.current) return resolve();
      closing.current = true;
      setOpen(false);
      const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      window.setTimeout(
        () => {
          onClose();
          resolve();
        },
        reduced ? 0 : SLIDE_MS,
      );
    });
  // The cart's confirmation dialog opens after the panel has closed, so the two never fight for focus.
  const add = async (producto: Producto, eleccion: Eleccion) => {
    await close();
    await addProductToCart(producto, eleccion);
  };

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      setLoad({ state: 'error', mensaje: 'Producto no encontrado.' });
      return;
    }
    const controller = new AbortController();
    loadDetails().catch(() => undefined);
    fetchProducto(id, controller.signal)
      .then((producto) => setLoad(producto ? { state: 'ready', producto } : { state: 'error', mensaje: 'Producto no encontrado.' }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('No se pudo cargar el producto', error);
        setLoad({ state: 'error', mensaje: 'Error al cargar el producto.' });
      });
    return () => controller.abort();
  }, [id]);

  useDialogFocus(panelRef, () => void close());
  useEffect(() => {
    const frame = requestAnimationFrame(() => setOpen(true));
    return () => cancelAnimationFrame(frame);
  }, []);

  return (
    <div className={`preview${open ? ' preview--open' : ''}`}>
      <div className="preview__backdrop" onClick={() => void close()} aria-hidden="true" />
      <div
        ref={panelRef}
        className="preview__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={load.state === 'ready' ? 'preview-title' : undefined}
        aria-label={load.state === 'ready' ? undefined : 'Vista rápida'}
        aria-busy={load.state === 'loading'}
      >
        <div className="preview__bar">
          <p className="preview__kicker">Vista rápida</p>
          <button autoFocus type="button" className="icon-btn preview__close" onClick={() => void close()} aria-label="Cerrar vista rápida">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                fill="currentColor"
                d="M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7 2.9 18.3 9.2 12 2.9 5.7l1.4-1.4 6.3 6.3 6.3-6.3 1.4 1.4Z"
              />
            </svg>
          </button>
        </div>
        {load.state === 'loading' && <Loading />}
        {load.state === 'error' && (
          <p className="preview__status preview__status--error" role="alert">
            {load.mensaje}
          </p>
        )}
        {load.state === 'ready' && (
          <Suspense fallback={<Loading />}>
            <PreviewDetails producto={load.producto} titleId="preview-title" onAdd={(eleccion) => void add(load.producto, eleccion)} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

function Loading() {
  return (
    <div className="preview__status" role="status">
      <span className="kb-spinner" aria-hidden="true" />
      Cargando producto…
    </div>
  );
}
