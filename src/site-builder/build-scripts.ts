import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import islandRuntime from 'astro/runtime/server/astro-island.prebuilt.js';
import idle from 'astro/runtime/client/idle.prebuilt.js';
import load from 'astro/runtime/client/load.prebuilt.js';
import media from 'astro/runtime/client/media.prebuilt.js';
import only from 'astro/runtime/client/only.prebuilt.js';
import visible from 'astro/runtime/client/visible.prebuilt.js';
import { CART_EMPTY_SCRIPT } from '../lib/cart/stored-empty.ts';
import { NOT_FOUND_SCRIPT } from '../lib/catalogue/not-found.ts';
import { BUILD_SCRIPTS_FILE } from '../server/http/inline-scripts.ts';
import { AFTER_PAINT_SCRIPT } from './after-paint.ts';

/**
 * The inline scripts a build may hold are the ones it wrote itself, and their text is known before
 * any page is rendered: Astro's island runtime and its hydration directives (from Astro's own
 * package), the bundles of the pages' `<script>` blocks (Astro inlines the small ones; from Vite's
 * output), the shop's own `is:inline` scripts (the 404 page's, the cart page's) and the loader the build puts in every
 * storefront page (after-paint.ts). This integration writes their sha256 hashes to
 * `{dist}/inline-scripts.json`, the only list the CSP allows (inline-scripts.ts): text from the catalogue
 * can never add to it, whatever it looks like.
 */

/** The shop's own inline scripts: each must be a text fixed at build time, listed here. */
const SHOP_INLINE_SCRIPTS = [NOT_FOUND_SCRIPT, CART_EMPTY_SCRIPT, AFTER_PAINT_SCRIPT];

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

/** The Astro integration that writes `inline-scripts.json` into the build (astro.config.mjs). */
export function buildScriptsIntegration(): AstroIntegration {
  // Every JavaScript chunk of the client build, trimmed as Astro inlines it (plugin-scripts.js).
  const chunks = new Set<string>();
  return {
    name: 'kbeauty:build-scripts',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'kbeauty:build-scripts',
                applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
                // Before Astro's own plugin removes the chunks it inlines from the bundle.
                generateBundle: {
                  order: 'pre',
                  handler(_options: unknown, bundle: Record<string, { type: string; code?: string }>) {
                    for (const output of Object.values(bundle)) if (output.type === 'chunk' && output.code) chunks.add(output.code.trim());
                  },
                },
              },
            ],
          },
        });
      },
      'astro:build:done': ({ dir }) => {
        const texts = [islandRuntime, idle, load, media, only, visible, ...SHOP_INLINE_SCRIPTS, ...chunks];
        const hashes = [...new Set(texts.map(sha256))].sort();
        writeFileSync(fileURLToPath(new URL(BUILD_SCRIPTS_FILE, dir)), JSON.stringify({ hashes }));
      },
    },
  };
}
