import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'rolldown';

/** The product page's behaviours as one classic script (components/product/product-page-script.ts). */
const ENTRY = fileURLToPath(new URL('../components/product/product-page-script.ts', import.meta.url));

/** A script the build writes to `_astro/` under a name made of its content, so it is cached for good. */
export interface ClassicScript {
  url: string;
  code: string;
}

/**
 * The product page's script, bundled alone as a classic script (an IIFE, minified): a classic script's
 * evaluation is in a browser's trace under its URL, so a page that fetches it early and runs it only after its
 * largest paint does not have Lighthouse count it into that paint, which a module fetched early is (decision 0238).
 * It carries its own copy of the stores and dialogs it uses, which share one value per page with the modules'
 * (stores/shared.ts). `apiBase` is PUBLIC_API_BASE, as the modules have it from Vite.
 */
export async function bundleProductPageScript(apiBase = process.env.PUBLIC_API_BASE ?? ''): Promise<ClassicScript> {
  const { output } = await build({
    input: ENTRY,
    write: false,
    platform: 'browser',
    logLevel: 'warn',
    transform: {
      define: {
        'import.meta.env.PUBLIC_API_BASE': JSON.stringify(apiBase),
        'import.meta.env.DEV': 'false',
        'import.meta.env.PROD': 'true',
        'import.meta.env.SSR': 'false',
        'process.env.NODE_ENV': '"production"',
      },
    },
    output: { format: 'iife', minify: true },
  });
  const [chunk] = output;
  if (output.length !== 1 || chunk?.type !== 'chunk') throw new Error('El script de la página de producto no es un solo archivo');
  const hash = createHash('sha256').update(chunk.code).digest('base64url').slice(0, 10);
  return { url: `/_astro/producto.${hash}.js`, code: chunk.code };
}

/**
 * Bundles the product page's script when Astro builds, gives its URL to the page as
 * `import.meta.env.PRODUCT_PAGE_SCRIPT` and writes it into the build; `npm run dev` gets an empty URL, so the
 * page keeps its module script there (astro.config.mjs).
 */
export function productPageScriptIntegration(): AstroIntegration {
  let script: ClassicScript | undefined;
  return {
    name: 'kbeauty:product-page-script',
    hooks: {
      'astro:config:setup': async ({ command, updateConfig }) => {
        script = command === 'build' ? await bundleProductPageScript() : undefined;
        updateConfig({ vite: { define: { 'import.meta.env.PRODUCT_PAGE_SCRIPT': JSON.stringify(script?.url ?? '') } } });
      },
      'astro:build:done': async ({ dir }) => {
        if (script) await writeFile(fileURLToPath(new URL(`.${script.url}`, dir)), script.code);
      },
    },
  };
}
