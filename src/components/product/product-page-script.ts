import { initProductPage } from './product-page.ts';

/**
 * The built product page's script: its behaviours (the buy box first) as one classic script, bundled alone by
 * the build (site-builder/product-page-script.ts), preloaded at low priority and run right after the photo's
 * paint, before the page's modules (decision 0238). `npm run dev` runs product-page.ts as a module instead.
 */
initProductPage();
