/**
 * The shop code every page's scripts and islands share, bundled as one `shop` chunk (astro.config.mjs): prices,
 * cart lines, the stores every island reads (with nanostores itself), the API client and the dialogs. Few, larger
 * chunks instead of dozens of tiny ones: on a phone every file of an import chain costs a round trip before
 * 'Agregar al carrito' works (scripts/bench/add-to-cart.ts). Paths under src/; a folder ends with '/'.
 * The checkout store and the zod schemas stay with the islands that use them. Nothing here imports React: the
 * page's own scripts (the frame, the buy box) load this chunk and must not wait for React's.
 */
export const SHOP_CHUNK = [
  'stores/auth.ts',
  'stores/cart.ts',
  'stores/ui.ts',
  'stores/quota-safe-storage.ts',
  'ui/dialog.ts',
  'ui/alerts.ts',
  'ui/focus-trap.ts',
  'ui/add-to-cart.ts',
  'ui/after-paint.ts',
  'components/product/buy-box.ts',
  'lib/tienda.ts',
  'lib/text.ts',
  'lib/dates.ts',
  'lib/slug.ts',
  'lib/pricing/',
  'lib/catalogue/',
  'lib/product/',
  'lib/auth/',
  'lib/site/',
  'lib/cart/lines.ts',
  'lib/api/request.ts',
  'lib/api/checks.ts',
  'lib/api/local-cache.ts',
  'lib/api/catalogue-client.ts',
  'lib/api/routes.ts',
] as const;

/** The React parts every island shares (the modal, totals, photos), in a `shop-react` chunk beside React's own. */
export const SHOP_REACT_CHUNK = ['ui/Modal.tsx', 'ui/useDialogFocus.ts', 'ui/TotalsRows.tsx', 'ui/Photo.tsx'] as const;

/** The packages the stores are made of, which need no framework (`@nanostores/react` goes with React). */
const STORE_PACKAGES = /[\\/]node_modules[\\/](?:nanostores|@nanostores[\\/]persistent|js-cookie)[\\/]/;

/** Whether a module id of the client build (a file path, maybe with a query) belongs to the `shop` chunk; stylesheets never do (they go to the pages' shared stylesheet). */
export function inShopChunk(id: string): boolean {
  // Vite's helper for dynamic imports: every page's islands load one, and alone it was a request of its own.
  if (id.includes('vite/preload-helper')) return true;
  return STORE_PACKAGES.test(id) || inChunk(id, SHOP_CHUNK);
}

/** Whether a module id of the client build belongs to the `shop-react` chunk. */
export const inShopReactChunk = (id: string): boolean => inChunk(id, SHOP_REACT_CHUNK);

function inChunk(id: string, entries: readonly string[]): boolean {
  const path = id.replace(/\\/g, '/').replace(/\?.*$/, '');
  const at = path.lastIndexOf('/src/');
  if (at < 0 || path.endsWith('.css')) return false;
  const inSrc = path.slice(at + '/src/'.length);
  return entries.some((entry) => (entry.endsWith('/') ? inSrc.startsWith(entry) : inSrc === entry));
}
