import { useEffect, useState } from 'react';
import { fetchListado, listadoPath, type ListadoRequest } from '../../lib/api/catalogue-client.ts';
import type { Listado } from '../../lib/api/schemas.ts';
import type { ListingSource } from '../../lib/catalogue/selection.ts';

const SETTLE_MS = 150;

/**
 * A listing's page asked of the API (`/web/listado`) for what the page's HTML does not hold: a later
 * page, another sort, a price or brand filter; nothing while `asked` is undefined. `listado` is the
 * answer to the current request: undefined while it loads, null when it failed (only logged,
 * storefront §8). `latest` is the last answer that arrived, whose brands and prices the filters keep
 * offering meanwhile.
 */
export function useListado(source: ListingSource, asked: ListadoRequest | undefined) {
  const [current, setCurrent] = useState<{ path: string; listado: Listado | null }>();
  const [latest, setLatest] = useState<Listado>();
  const path = asked ? listadoPath(source, asked) : undefined;

  useEffect(() => {
    if (!asked || !path) return;
    const controller = new AbortController();
    // A short wait, so dragging a price slider asks once where it stops, not at every step.
    const timer = setTimeout(() => {
      fetchListado(source, asked, controller.signal)
        .then((listado) => {
          setCurrent({ path, listado });
          setLatest(listado);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.error('No se pudo cargar el listado', error);
          setCurrent({ path, listado: null });
        });
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the path names the whole request: a new object asking the same thing asks nothing again.
  }, [path]);

  return { listado: current && current.path === path ? current.listado : undefined, latest };
}
