import { useEffect, useState } from 'react';
import { TIENDA } from '../../config.ts';
import { fetchListingPage } from '../../lib/api/catalogue-client.ts';
import type { Producto } from '../../lib/api/schemas.ts';
import type { ListingSource } from '../../lib/catalogue/selection.ts';

/**
 * One page of a listing asked of the API (`?pagina=&porPagina=`), for the pages of a long listing
 * past the products its HTML embeds; nothing while `page` is undefined. `productos` is undefined while
 * the page loads; a failure shows an empty page and is only logged (storefront §8).
 */
export function useServerPage(source: ListingSource, page: number | undefined) {
  const [answer, setAnswer] = useState<{ page: number; productos: Producto[] } | undefined>();
  const { kind, name } = source;

  useEffect(() => {
    if (page === undefined) return;
    const controller = new AbortController();
    fetchListingPage({ kind, name } as ListingSource, page, TIENDA.productosPorPagina, controller.signal)
      .then(({ productos }) => setAnswer({ page, productos }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('No se pudo cargar la página del listado', error);
        setAnswer({ page, productos: [] });
      });
    return () => controller.abort();
  }, [kind, name, page]);

  return answer !== undefined && answer.page === page ? answer.productos : undefined;
}
