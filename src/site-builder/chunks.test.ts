import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inShopChunk, inShopReactChunk, SHOP_CHUNK, SHOP_REACT_CHUNK } from './chunks.ts';

const SRC = resolve(import.meta.dirname, '..');

describe('the shared shop chunk', () => {
  it('names only files and folders that exist (a moved file would silently leave the chunk)', () => {
    expect([...SHOP_CHUNK, ...SHOP_REACT_CHUNK].filter((entry) => !existsSync(join(SRC, entry)))).toEqual([]);
  });

  it('takes the listed modules, whatever the separator or query, and leaves stylesheets, the checkout store and the rest out', () => {
    expect(inShopChunk(join(SRC, 'ui/dialog.ts'))).toBe(true);
    expect(inShopChunk('C:\\shop\\src\\lib\\pricing\\money.ts')).toBe(true);
    expect(inShopChunk(`${join(SRC, 'ui/Modal.tsx')}?v=1`)).toBe(false);
    expect(inShopReactChunk(`${join(SRC, 'ui/Modal.tsx')}?v=1`)).toBe(true);
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

  it('holds no React: the pages’ own scripts (the frame, the buy box) load it without waiting for React', () => {
    const reactFree = SHOP_CHUNK.filter((entry) => !entry.endsWith('/'));
    for (const entry of reactFree) {
      const source = readFileSync(join(SRC, entry), 'utf8');
      expect(source, entry).not.toMatch(/from '(?:react|react-dom[^']*|@nanostores\/react)'/);
      expect(entry, entry).not.toMatch(/\.tsx$/);
    }
  });
});
