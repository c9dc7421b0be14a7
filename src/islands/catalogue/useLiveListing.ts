import { useEffect, useState } from 'react';
import { TIENDA } from '../../config.ts';
import { fetchProductos } from '../../lib/api/client.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import { catalogueOrder } from '../../lib/catalogue/listing-state.ts';
import { selectListing, type ListingSource } from '../../lib/catalogue/selection.ts';

/**
 * A listing's products, kept live: refetched once right after hydration and then every
 * TIENDA.refrescoListadoMs, so prices and stock on a pre-rendered page stay true. On failure the
 * products shown stay as they are (storefront §8: console only). `loading` is true only while
 * there is nothing to show yet; `live` once the API has answered.
 */
export function useLiveListing(initial: Producto[], source: ListingSource) {
  const [productos, setProductos] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [live, setLive] = useState(false);
  const { kind, name } = source;

  useEffect(() => {
    let controller: AbortController | undefined;
    const refresh = async () => {
      controller?.abort();
      const current = (controller = new AbortController());
      try {
        const all = await fetchProductos(current.signal);
        setProductos(catalogueOrder(selectListing(all, { kind, name } as ListingSource)));
        setLive(true);
      } catch (error) {
        if (!current.signal.aborted) console.error('No se pudo actualizar el listado', error);
      } finally {
        if (!current.signal.aborted) setLoading(false);
      }
    };
    if (initial.length === 0) setLoading(true);
    void refresh();
    const timer = setInterval(refresh, TIENDA.refrescoListadoMs);
    return () => {
      clearInterval(timer);
      controller?.abort();
    };
    // The initial products only seed the state; the refresh depends on which listing this is.
  }, [kind, name]);

  return { productos, loading, live };
}
