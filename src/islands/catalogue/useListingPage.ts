import { useCallback, useLayoutEffect, useState } from 'react';
import { initialPage, pageKey } from '../../lib/catalogue/listing-state.ts';

const store = (key: string, page: number) => {
  try {
    sessionStorage.setItem(key, String(page));
  } catch (error) {
    console.warn('No se pudo guardar la página del listado', error);
  }
};

/**
 * The current page of a listing, kept per title in sessionStorage: restored on reload and history
 * moves, page 1 on a new navigation. Always page 1 on the server so the static HTML is page 1.
 */
export function useListingPage(title: string) {
  const key = pageKey(title);
  const [page, setPage] = useState(1);

  // A layout effect: it runs in the hydration's own commit, before the browser can deliver a tap. A passive
  // effect ran a task later, so a 'Siguiente' tapped in between was undone by this page-1 restore.
  useLayoutEffect(() => {
    let stored: string | null = null;
    try {
      stored = sessionStorage.getItem(key);
    } catch {
      // Storage can be blocked; the listing then simply starts on page 1.
    }
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const restored = initialPage(stored, navigation?.type);
    setPage(restored);
    store(key, restored);
  }, [key]);

  const changePage = useCallback(
    (next: number) => {
      setPage(next);
      store(key, next);
    },
    [key],
  );
  return [page, changePage] as const;
}
