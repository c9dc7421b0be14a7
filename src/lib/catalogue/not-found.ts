import { LIVE_LISTING_PATH } from './live-listing.ts';
import { PRODUCT_PATH } from './routes.ts';

/** The class the 404 page's inline script sets on a listing path, hiding its generic message until ListingFallback decides. */
export const LISTING_PATH_CLASS = 'ruta-listado';

/**
 * The 404 page's inline script, run in its head before the first paint: a product, child category or
 * brand path may name one added after the last build, so the generic message is hidden while the
 * page's islands look it up. Its text is fixed when the build starts, so the build lists its hash
 * among the scripts it wrote (build-scripts.ts) like Astro's own.
 */
export const NOT_FOUND_SCRIPT =
  `if (new RegExp(${JSON.stringify(PRODUCT_PATH.source)}).test(location.pathname)) document.documentElement.classList.add('ruta-producto');\n` +
  `if (new RegExp(${JSON.stringify(LIVE_LISTING_PATH.source)}).test(location.pathname)) document.documentElement.classList.add(${JSON.stringify(LISTING_PATH_CLASS)});`;
