import type { Plugin } from 'vite';

/**
 * The shop code every page's scripts and islands share, bundled as one `shop` chunk (astro.config.mjs): prices,
 * cart lines, the stores every island reads (with nanostores itself), the API client and the dialogs. Few, larger
 * chunks instead of dozens of tiny ones: on a phone every file of an import chain costs a round trip before
 * 'Agregar al carrito' works (scripts/bench/add-to-cart.ts). Paths under src/.
 * The list is the whole chunk: the group takes no module only because a listed one imports it, so what the listed
 * modules import is listed too (a test checks it), or it would be a file of its own that every page loads.
 * Not here: what only some pages or a tap need (the listing's state, the search page's live products, the shops'
 * addresses, the rules of orders and receipts: lib/tienda-reglas.ts) and what the product page already carries in
 * its own script (decision 0238): the buy box, which the quick view loads with its own chunk (decision 0242).
 * The checkout store and the zod schemas stay with the islands that use them. Nothing here imports React: the
 * page's own scripts (the frame, the buy box) load this chunk and must not wait for React's.
 */
export const SHOP_CHUNK = [
  'stores/auth.ts',
  'stores/cart.ts',
  'stores/ui.ts',
  'stores/quota-safe-storage.ts',
  'stores/shared.ts',
  'ui/dialog.ts',
  'ui/alerts.ts',
  'ui/focus-trap.ts',
  'ui/add-to-cart.ts',
  // The icon sprite's URL: the frame's scripts draw icons too, and React's chunk must not be theirs to load.
  'ui/icons.svg',
  'ui/after-paint.ts',
  'lib/tienda.ts',
  'lib/text.ts',
  'lib/dates.ts',
  'lib/slug.ts',
  'lib/home/programacion.ts',
  // The home popup's action (a few hundred bytes): shared with the back office's preview, it was a file of its own.
  'lib/home/home.ts',
  // Prices and money only: coupons, routine bundles and order totals are the cart's, the checkout's and the routine
  // builder's (a module imported through lib/pricing/index.ts brings them all).
  'lib/pricing/money.ts',
  'lib/pricing/product.ts',
  'lib/catalogue/routes.ts',
  'lib/catalogue/search.ts',
  'lib/catalogue/selection.ts',
  'lib/catalogue/listing.ts',
  'lib/catalogue/photos.ts',
  'lib/catalogue/image-urls.ts',
  'lib/site/menu.ts',
  'lib/site/rutas.ts',
  'lib/auth/claims.ts',
  'lib/auth/login.ts',
  'lib/auth/token.ts',
  'lib/account/greeting.ts',
  'lib/product/fields.ts',
  // A cart line knows its routine step.
  'lib/routine/pasos.ts',
  'lib/cart/lines.ts',
  'lib/api/request.ts',
  'lib/api/checks.ts',
  'lib/api/local-cache.ts',
  'lib/api/catalogue-client.ts',
  'lib/api/routes.ts',
] as const;

/**
 * The rest of the pricing module (coupons, routine bundles, shipping, order totals): one `order-pricing` chunk for the
 * cart, the checkout and the routine builder, which use it together, instead of a file per module on the cart page.
 */
export const ORDER_CHUNK = ['lib/pricing/'] as const;

/**
 * The React parts every island shares (the modal, totals, photos, icons), in React's own `vendor` chunk: a file of
 * their own was one more request on every page with an island. The group takes these files alone, not what they
 * import (astro.config.mjs), so the shop code they use stays in `shop`.
 */
export const SHARED_REACT_PARTS = ['ui/Modal.tsx', 'ui/useDialogFocus.ts', 'ui/TotalsRows.tsx', 'ui/Photo.tsx', 'ui/icons.tsx'] as const;

/** React, its DOM renderer and its bindings: the `vendor` chunk every island loads. */
const REACT_PACKAGES = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]/;

/** Whether a module id of the client build belongs to the `vendor` chunk: React's packages and the shop's shared React parts. */
export const inVendorChunk = (id: string): boolean => REACT_PACKAGES.test(id) || inChunk(id, SHARED_REACT_PARTS);

/** The packages the stores are made of, which need no framework (`@nanostores/react` goes with React). */
const STORE_PACKAGES = /[\\/]node_modules[\\/](?:nanostores|@nanostores[\\/]persistent|js-cookie|jwt-decode)[\\/]/;

/** Whether a module id of the client build (a file path, maybe with a query) belongs to the `shop` chunk; stylesheets never do (they go to the pages' shared stylesheet). */
export function inShopChunk(id: string): boolean {
  // Vite's helper for dynamic imports: every page's islands load one, and alone it was a request of its own.
  if (id.includes('vite/preload-helper')) return true;
  return STORE_PACKAGES.test(id) || inChunk(id, SHOP_CHUNK);
}

/** Whether a module id of the client build belongs to the `order-pricing` chunk (what the `shop` chunk takes goes there first). */
export const inOrderChunk = (id: string): boolean => inChunk(id, ORDER_CHUNK);

/** Where the back office's own client code lives, under src/: its app and its page. */
const BACK_OFFICE = ['backoffice/', 'pages/admin/'] as const;

/** What the bundler tells a chunk's naming function about a module (rolldown's `ModuleInfo`, the fields read here). */
interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[]; dynamicImporters: readonly string[] } | null;
}

/**
 * Names a group's chunk (rolldown's `codeSplitting.groups[].name`): `name` for a module that `belongs` to it and
 * that a storefront page loads, null for the rest. A listed module only the back office imports (the catalogue
 * file importer, the pages' editor) stays with the back office's chunks: a group otherwise takes every module it
 * matches in the whole client build, and the storefront's `shop` chunk carried the importer's CSV parser.
 */
export function storefrontChunk(name: string, belongs: (id: string) => boolean) {
  return (id: string, graph: ModuleGraph): string | null => (belongs(id) && usedByStorefront(id, graph) ? name : null);
}

/** Whether an import chain leads from a storefront entry (a page's script or an island, not the back office's) to `id`. */
export function usedByStorefront(id: string, graph: ModuleGraph, seen = new Set<string>()): boolean {
  if (seen.has(id) || inChunk(id, BACK_OFFICE)) return false;
  seen.add(id);
  const info = graph.getModuleInfo(id);
  if (!info) return false;
  return info.isEntry || [...info.importers, ...info.dynamicImporters].some((by) => usedByStorefront(by, graph, seen));
}

function inChunk(id: string, entries: readonly string[]): boolean {
  const path = id.replace(/\\/g, '/').replace(/\?.*$/, '');
  const at = path.lastIndexOf('/src/');
  if (at < 0 || path.endsWith('.css')) return false;
  const inSrc = path.slice(at + '/src/'.length);
  return entries.some((entry) => (entry.endsWith('/') ? inSrc.startsWith(entry) : inSrc === entry));
}

/**
 * The client build lets an entry's file carry more than the entry's exports (rolldown's `preserveEntrySignatures:
 * 'allow-extension'`; Astro asks every build for 'exports-only'). Strict, an entry whose code shares a chunk costs a
 * request of its own: React's renderer entry and the islands other islands import (the listing's, the reviews') were
 * one-line files re-exporting the chunk that held their code, and rolldown's runtime helpers a file apart. Astro's
 * reason, deleting the prerender build's unused inputs, is the server's; the client build only drops the scripts it
 * inlines, which nothing imports. Decision 0234.
 */
export function clientEntriesMayGrow(): Plugin {
  return {
    name: 'kbeauty:client-entries-may-grow',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    options: (options) => ({ ...options, preserveEntrySignatures: 'allow-extension' }),
  };
}
