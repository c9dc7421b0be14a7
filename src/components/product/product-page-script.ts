import { initBuyBoxes, initProductPage, parsedPast } from './product-page.ts';

/**
 * The built product page's script: its behaviours (the buy box first) as one classic script, bundled alone by
 * the build (site-builder/product-page-script.ts), preloaded at low priority and run right after the photo's
 * paint, before the page's modules (decision 0238). `npm run dev` runs product-page.ts as a module instead.
 *
 * On a phone the photo paints while the rest of the page is still being parsed: the buy box is set up at once if
 * the parser is past it, and everything else once the document is whole (DOMContentLoaded).
 */
if (document.readyState === 'loading') {
  initBuyBoxes(document, parsedPast);
  document.addEventListener('DOMContentLoaded', () => initProductPage(), { once: true });
} else initProductPage();
