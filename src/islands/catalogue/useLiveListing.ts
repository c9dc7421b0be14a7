import { useCallback, useEffect, useMemo, useState } from 'react';
import { TIENDA } from '../../lib/tienda.ts';
import { fetchProductosPorIds } from '../../lib/api/catalogue-client.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { recordAnswer, withLive, type LiveAnswers } from '../../lib/catalogue/live-products.ts';

/**
 * A listing's products with live prices and stock for the cards on screen: `showIds(ids)` names them,
 * and they are asked of the API (`/web/productos?ids=`, never the whole catalogue) whenever they
 * change and every TIENDA.refrescoListadoMs. A product the API no longer has leaves the listing; on
 * failure the cards stay as they are (storefront §8: console only).
 */
export function useLiveListing(initial: Producto[]) {
  const [answers, setAnswers] = useState<LiveAnswers>(() => new Map());
  const [shown, show] = useState('');

  useEffect(() => {
    if (!shown) return;
    const ids = shown.split(',').map(Number);
    let controller: AbortController | undefined;
    const refresh = async () => {
      controller?.abort();
      const current = (controller = new AbortController());
      try {
        const found = await fetchProductosPorIds(ids, current.signal);
        setAnswers((previous) => recordAnswer(previous, ids, found));
      } catch (error) {
        if (!current.signal.aborted) console.error('No se pudo actualizar el listado', error);
      }
    };
    void refresh();
    const timer = setInterval(refresh, TIENDA.refrescoListadoMs);
    return () => {
      clearInterval(timer);
      controller?.abort();
    };
  }, [shown]);

  const productos = useMemo(() => withLive(initial, answers), [initial, answers]);
  /** Names the products on screen (their ids in any order; empty for none). */
  const showIds = useCallback((ids: readonly number[]) => show([...ids].sort((a, b) => a - b).join(',')), []);
  return { productos, showIds };
}
