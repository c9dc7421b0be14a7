/**
 * The shop code every page's islands share, bundled as one `shop` chunk (astro.config.mjs): prices, cart
 * lines, the stores every island reads, the API client and the dialogs. Few, larger chunks instead of
 * dozens of tiny ones: on a phone every file of an island's import chain costs a round trip before
 * 'Agregar al carrito' works (scripts/bench/add-to-cart.ts). Paths under src/; a folder ends with '/'.
 * The checkout store and the zod schemas stay with the islands that use them.
 */
export const SHOP_CHUNK = [
  'stores/auth.ts',
  'stores/cart.ts',
  'stores/ui.ts',
  'stores/quota-safe-storage.ts',
  'ui/dialog.ts',
  'ui/alerts.ts',
  'ui/focus-trap.ts',
  'ui/Modal.tsx',
  'ui/useDialogFocus.ts',
  'ui/add-to-cart.ts',
  'ui/after-paint.ts',
  'ui/TotalsRows.tsx',
  'ui/Photo.tsx',
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

/** Whether a module id of the client build (a file path, maybe with a query) belongs to the `shop` chunk; stylesheets never do (they go to the pages' shared stylesheet). */
export function inShopChunk(id: string): boolean {
  // Vite's helper for dynamic imports: every page's islands load one, and alone it was a request of its own.
  if (id.includes('vite/preload-helper')) return true;
  return inChunk(id, SHOP_CHUNK);
}

function inChunk(id: string, entries: readonly string[]): boolean {
  const path = id.replace(/\\/g, '/').replace(/\?.*$/, '');
  const at = path.lastIndexOf('/src/');
  if (at < 0 || path.endsWith('.css')) return false;
  const inSrc = path.slice(at + '/src/'.length);
  return entries.some((entry) => (entry.endsWith('/') ? inSrc.startsWith(entry) : inSrc === entry));
}
