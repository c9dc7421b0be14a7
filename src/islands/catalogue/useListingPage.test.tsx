// @vitest-environment happy-dom
import { useLayoutEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageKey } from '../../lib/catalogue/listing-state.ts';
import { useListingPage } from './useListingPage.ts';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
// Real scheduling, as in the browser: hydration commits, and its passive effects run in a later task.
globalThis.IS_REACT_ACT_ENVIRONMENT = false;

/** Lets React's scheduled work run. */
const settle = () => new Promise((settled) => setTimeout(settled, 50));

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
  vi.restoreAllMocks();
});

describe('useListingPage', () => {
  it("keeps a 'Siguiente' tapped the moment the island has hydrated, before React's later effects ran", async () => {
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
    await settle();
    expect(button.textContent).toBe('Página 2');
    expect(sessionStorage.getItem(pageKey('Cuidado'))).toBe('2');
  });

  it('restores the stored page on a reload', async () => {
    sessionStorage.setItem(pageKey('Cuidado'), '3');
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type: 'reload' } as PerformanceNavigationTiming]);
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Pages />);
    document.body.append(container);
    root = hydrateRoot(container, <Pages />);
    await settle();
    expect(container.querySelector('button')!.textContent).toBe('Página 3');
  });
});
