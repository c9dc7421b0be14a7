import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  clientEntriesMayGrow,
  inOrderChunk,
  inShopChunk,
  inVendorChunk,
  SHOP_CHUNK,
  SHARED_REACT_PARTS,
  storefrontChunk,
} from './chunks.ts';

const SRC = resolve(import.meta.dirname, '..');

describe('the shared shop chunk', () => {
  it('names only files and folders that exist (a moved file would silently leave the chunk)', () => {
    expect([...SHOP_CHUNK, ...SHARED_REACT_PARTS].filter((entry) => !existsSync(join(SRC, entry)))).toEqual([]);
  });

  it('takes the listed modules, whatever the separator or query, and leaves stylesheets, the checkout store and the rest out', () => {
    expect(inShopChunk(join(SRC, 'ui/dialog.ts'))).toBe(true);
    expect(inShopChunk('C:\\shop\\src\\lib\\pricing\\money.ts')).toBe(true);
    expect(inShopChunk(`${join(SRC, 'ui/Modal.tsx')}?v=1`)).toBe(false);
    expect(inVendorChunk(`${join(SRC, 'ui/Modal.tsx')}?v=1`)).toBe(true);
    expect(inShopChunk(`${join(SRC, 'ui/icons.svg')}?url&no-inline`)).toBe(true);
    expect(inShopChunk('/work/node_modules/nanostores/atom/index.js')).toBe(true);
    expect(inShopChunk('/work/node_modules/@nanostores/persistent/index.js')).toBe(true);
    expect(inShopChunk('/work/node_modules/@nanostores/react/index.js')).toBe(false);
    expect(inShopChunk(join(SRC, 'ui/alerts.css'))).toBe(false);
    expect(inShopChunk(join(SRC, 'stores/checkout.ts'))).toBe(false);
    expect(inShopChunk(join(SRC, 'lib/cart/coupons.ts'))).toBe(false);
    expect(inShopChunk(join(SRC, 'ui/ProductCard.tsx'))).toBe(false);
    expect(inShopChunk('/work/node_modules/react/index.js')).toBe(false);
    expect(inShopChunk('\0vite/preload-helper.js')).toBe(true);
  });

  it('is closed under its imports: what a listed module imports is listed too, so the chunk loads no other file', () => {
    // Type-only imports load nothing; lazy import() calls load on demand. lib/tienda.ts re-exports the rules of
    // lib/tienda-reglas.ts, which the chunk leaves out only while no listed module imports one of them.
    const ownOfTienda = new Set(
      [...readFileSync(join(SRC, 'lib/tienda.ts'), 'utf8').matchAll(/^export const (\w+)/gm)].map(([, name]) => name),
    );
    const outside: string[] = [];
    for (const entry of SHOP_CHUNK.filter((path) => /\.tsx?$/.test(path))) {
      const source = readFileSync(join(SRC, entry), 'utf8');
      for (const [, names = '', specifier = ''] of source.matchAll(/^import\s+(?!type\b)(?:([^;]*?)\s+from\s+)?'([^']+)'/gm)) {
        const id = specifier.startsWith('.') ? join(SRC, dirname(entry), specifier) : join('/work/node_modules', specifier, 'index.js');
        if (!inShopChunk(id)) outside.push(`${entry} → ${specifier}`);
        if (specifier.endsWith('/tienda.ts'))
          for (const [, name] of names.matchAll(/(?:^|[{,])\s*(?!type\s)(\w+)/g))
            if (!ownOfTienda.has(name!)) outside.push(`${entry} → ${name} (lib/tienda-reglas.ts)`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('leaves out what only a tap opens and the product page already carries: the buy box and account recovery', () => {
    // The product page runs its own copy of the buy box (decision 0238); the quick view loads the chunk it shares with it.
    for (const module of [
      'components/product/buy-box.ts',
      'lib/product/buy-box.ts',
      'lib/product/buy-box-html.ts',
      'lib/auth/recovery-steps.ts',
    ])
      expect(inShopChunk(join(SRC, module)), module).toBe(false);
  });

  it('keeps prices (and the routine step a cart line names) in the shop chunk, and coupons, routine bundles and order totals in the cart’s chunk', () => {
    expect(inShopChunk(join(SRC, 'lib/pricing/product.ts'))).toBe(true);
    expect(inShopChunk(join(SRC, 'lib/routine/pasos.ts'))).toBe(true);
    for (const module of ['lib/pricing/coupons.ts', 'lib/pricing/order.ts', 'lib/pricing/index.ts']) {
      expect(inShopChunk(join(SRC, module)), module).toBe(false);
      expect(inOrderChunk(join(SRC, module)), module).toBe(true);
    }
  });

  it('gives React, its renderer, its store bindings and the shop’s shared React parts to the vendor chunk, and none of the shop’s framework-free code', () => {
    expect(inVendorChunk('/work/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe(true);
    expect(inVendorChunk('C:\\work\\node_modules\\@nanostores\\react\\index.js')).toBe(true);
    expect(inVendorChunk(join(SRC, 'ui/icons.tsx'))).toBe(true);
    expect(inVendorChunk('/work/node_modules/nanostores/atom/index.js')).toBe(false);
    expect(inVendorChunk(join(SRC, 'ui/icons.svg'))).toBe(false);
    for (const entry of SHOP_CHUNK) expect(inVendorChunk(join(SRC, entry.endsWith('/') ? `${entry}x.ts` : entry)), entry).toBe(false);
  });

  it('holds no React: the pages’ own scripts (the frame, the buy box) load it without waiting for React', () => {
    const reactFree = SHOP_CHUNK.filter((entry) => !entry.endsWith('/'));
    for (const entry of reactFree) {
      const source = readFileSync(join(SRC, entry), 'utf8');
      expect(source, entry).not.toMatch(/from '(?:react|react-dom[^']*|@nanostores\/react)'/);
      expect(entry, entry).not.toMatch(/\.tsx$/);
    }
  });
});

describe('what the storefront loads', () => {
  /** A client build's module graph: each module's static importers; entries have none listed as such. */
  const graph = (importers: Record<string, string[]>, entries: string[], dynamic: Record<string, string[]> = {}) => ({
    getModuleInfo: (id: string) =>
      id in importers || entries.includes(id)
        ? { isEntry: entries.includes(id), importers: importers[id] ?? [], dynamicImporters: dynamic[id] ?? [] }
        : null,
  });
  const src = (path: string) => join(SRC, path);
  const shop = storefrontChunk('shop', inShopChunk);
  const productPage = src('pages/producto/[slug].astro?astro&type=script&index=0&lang.ts');
  const adminPage = src('pages/admin/index.astro?astro&type=script&index=0&lang.ts');
  const modules = graph(
    {
      [src('ui/add-to-cart.ts')]: [productPage],
      [src('stores/cart.ts')]: [src('ui/add-to-cart.ts'), src('backoffice/pedidos/Pedido.tsx')],
      [src('backoffice/main.tsx')]: [adminPage],
      [src('backoffice/importar/Importar.tsx')]: [src('backoffice/main.tsx')],
      [src('backoffice/pedidos/Pedido.tsx')]: [src('backoffice/main.tsx')],
      [src('lib/catalogue/import-file.ts')]: [src('backoffice/importar/Importar.tsx')],
      [src('lib/catalogue/csv.ts')]: [src('lib/catalogue/import-file.ts')],
      [src('ui/ProductCard.tsx')]: [productPage],
      [src('lib/auth/login.ts')]: [],
      [src('islands/auth/RecoveryForm.tsx')]: [],
      // An import cycle must not keep the walk going for ever.
      [src('lib/catalogue/routes.ts')]: [src('lib/catalogue/slug.ts'), src('ui/add-to-cart.ts')],
      [src('lib/catalogue/slug.ts')]: [src('lib/catalogue/routes.ts')],
    },
    [productPage, adminPage],
    { [src('lib/auth/login.ts')]: [src('islands/auth/RecoveryForm.tsx')], [src('islands/auth/RecoveryForm.tsx')]: [productPage] },
  );

  it('puts a listed module a storefront page reaches into the chunk, through static or lazy imports and cycles', () => {
    expect(shop(src('ui/add-to-cart.ts'), modules)).toBe('shop');
    expect(shop(src('stores/cart.ts'), modules)).toBe('shop');
    expect(shop(src('lib/auth/login.ts'), modules)).toBe('shop');
    expect(shop(src('lib/catalogue/routes.ts'), modules)).toBe('shop');
  });

  it('leaves out listed modules only the back office imports, and whatever is not listed', () => {
    expect(shop(src('lib/catalogue/import-file.ts'), modules)).toBeNull();
    expect(shop(src('lib/catalogue/csv.ts'), modules)).toBeNull();
    expect(shop(src('backoffice/pedidos/Pedido.tsx'), modules)).toBeNull();
    expect(shop(src('ui/ProductCard.tsx'), modules)).toBeNull();
  });
});

describe('the client build’s entries', () => {
  const plugin = clientEntriesMayGrow();

  it('may carry shared code in the client build only: the prerender build keeps what Astro asked', () => {
    const applies = plugin.applyToEnvironment as (environment: { name: string }) => boolean;
    expect(plugin.apply).toBe('build');
    expect(applies({ name: 'client' })).toBe(true);
    expect(applies({ name: 'prerender' })).toBe(false);
    expect(applies({ name: 'ssr' })).toBe(false);
  });

  it('lets an entry’s file export more than the entry, and leaves the other options as they were', () => {
    // The hook as the plugin writes it: a plain function of rolldown's input options.
    const options = plugin.options as unknown as (options: object) => object;
    const input = { input: ['a.js'], preserveEntrySignatures: 'exports-only', checks: { pluginTimings: false } };
    expect(options(input)).toEqual({ input: ['a.js'], preserveEntrySignatures: 'allow-extension', checks: { pluginTimings: false } });
  });
});
