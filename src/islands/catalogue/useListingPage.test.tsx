// @vitest-environment happy-dom
import { useLayoutEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { pageKey } from '../../lib/catalogue/listing-state.ts';
import { useListingPage } from './useListingPage.ts';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** A listing's page buttons, reduced to 'Siguiente'; `committed` runs once hydration has committed. */
function Pages({ committed }: { committed?: () => void }) {
  const [page, setPage] = useListingPage('Cuidado');
  useLayoutEffect(() => committed?.(), [committed]);
  return (
    <button type="button" onClick={() => setPage(page + 1)}>
      Página {page}
    </button>
  );
}

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  document.body.innerHTML = '';
  sessionStorage.clear();
});

describe('useListingPage', () => {
  it("keeps a 'Siguiente' tapped the moment the island has hydrated, before React's later effects ran", async () => {
    // Real scheduling, as in the browser: hydration, then its effects in a later task.
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Pages />);
    document.body.append(container);
    const button = container.querySelector('button')!;
    const tapped = new Promise<void>((done) => {
      // The tap lands right after the hydration's commit, before any task React scheduled after it.
      const committed = () =>
        queueMicrotask(() => {
          button.click();
          done();
        });
      root = hydrateRoot(container, <Pages committed={committed} />);
    });
    await tapped;
    await new Promise((settled) => setTimeout(settled, 50));
    expect(button.textContent).toBe('Página 2');
    expect(sessionStorage.getItem(pageKey('Cuidado'))).toBe('2');
  });

  it('restores the stored page on a reload', async () => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = false;
    sessionStorage.setItem(pageKey('Cuidado'), '3');
    const reload = performance.getEntriesByType.bind(performance);
    performance.getEntriesByType = ((type: string) =>
      type === 'navigation' ? [{ type: 'reload' }] : reload(type)) as typeof performance.getEntriesByType;
    try {
      const container = document.createElement('div');
      container.innerHTML = renderToString(<Pages />);
      document.body.append(container);
      root = hydrateRoot(container, <Pages />);
      await new Promise((settled) => setTimeout(settled, 50));
      expect(container.querySelector('button')!.textContent).toBe('Página 3');
    } finally {
      performance.getEntriesByType = reload;
    }
  });
});
