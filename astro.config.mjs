// @ts-check
import { defineConfig } from 'astro/config';
import { fileURLToPath } from 'node:url';
import react from '@astrojs/react';
import { API_PATH_PATTERN } from './src/server/api-paths.ts';
import { COMMON_HEADERS } from './src/server/http/security-headers.ts';
import { buildScriptsIntegration } from './src/site-builder/build-scripts.ts';
import { productPageScriptIntegration } from './src/site-builder/product-page-script.ts';
import { clientEntriesMayGrow, inOrderChunk, inShopChunk, inVendorChunk, storefrontChunk } from './src/site-builder/chunks.ts';

const apiPort = process.env.API_PORT;

/**
 * @astrojs/react with the shop's server renderer (src/site-builder/react-renderer.ts): each React component
 * rendered once, to a string, rather than twice through React's web stream (Astro's stage of a
 * 30,000-product build took about 40 % less time). Its client renderer, Vite plugins and options stay
 * @astrojs/react's.
 * @param {import('astro').AstroIntegration} integration
 * @returns {import('astro').AstroIntegration}
 */
function withShopReactServer(integration) {
  const serverEntrypoint = fileURLToPath(new URL('./src/site-builder/react-renderer.ts', import.meta.url));
  const setup = integration.hooks['astro:config:setup'];
  return {
    ...integration,
    hooks: {
      ...integration.hooks,
      'astro:config:setup': (options) =>
        setup?.({ ...options, addRenderer: (renderer) => options.addRenderer({ ...renderer, serverEntrypoint }) }),
    },
  };
}

export default defineConfig({
  site: process.env.SITE_URL || 'http://localhost:4321',
  output: 'static',
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  // Each build's working folder when the shop builds (src/site-builder/site-build.ts: runAstroBuild).
  cacheDir: process.env.ASTRO_CACHE_DIR || './node_modules/.astro',
  trailingSlash: 'ignore',
  // Stylesheets stay files: inlined, the same few KB were repeated in each of thousands of pages,
  // while a file is downloaded once and cached for every page after.
  build: { format: 'directory', inlineStylesheets: 'auto' },
  // Scoped styles mark elements with a class (` astro-1a2b3c4d`) rather than an attribute
  // (` data-astro-cid-1a2b3c4d`): the same specificity, a kilobyte less on every page.
  scopedStyleStrategy: 'class',
  // buildScriptsIntegration lists the inline scripts the build writes: the only ones the CSP allows;
  // productPageScriptIntegration bundles the product page's classic script (decision 0238).
  integrations: [withShopReactServer(react()), buildScriptsIntegration(), productPageScriptIntegration()],
  // `npm run dev` pages get the shop's common security headers too; their full CSP (script hashes of a
  // build) cannot cover Vite's development scripts, so dev keeps only frame-ancestors.
  server: { port: Number(process.env.PORT) || 4321, headers: { ...COMMON_HEADERS, 'Content-Security-Policy': "frame-ancestors 'none'" } },
  vite: {
    plugins: [clientEntriesMayGrow()],
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // Few, larger chunks instead of dozens of tiny ones: on a phone every file of an island's import
              // chain costs a round trip before 'Agregar al carrito' works (scripts/bench/add-to-cart.ts).
              codeSplitting: {
                groups: [
                  // What every island runs: React, its DOM renderer, its bindings to the stores and the shop's React
                  // parts every island shares (the modal, the icons). Only those: what they import of the shop goes
                  // to `shop`, never into React's file. Its file is React's renderer entry (`client`), which takes it.
                  { name: 'vendor', test: inVendorChunk, priority: 2, includeDependenciesRecursively: false },
                  // The shop code every page's scripts and islands share, framework-free, with the stores (src/site-builder/chunks.ts).
                  { name: storefrontChunk('shop', inShopChunk), priority: 1, includeDependenciesRecursively: false },
                  // Coupons, routine bundles and order totals: the cart's, the checkout's and the routine builder's.
                  { name: storefrontChunk('order-pricing', inOrderChunk), priority: 0, includeDependenciesRecursively: false },
                ],
              },
            },
          },
        },
      },
    },
    server: apiPort
      ? {
          // `npm run dev`: the API runs in scripts/dev.ts; the dev server forwards its paths (a key
          // starting with ^ is a regular expression, matched against the path and query).
          proxy: { [API_PATH_PATTERN.source]: { target: `http://127.0.0.1:${apiPort}` } },
        }
      : {},
  },
});
