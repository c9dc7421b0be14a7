import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inShopChunk, SHOP_CHUNK } from './chunks.ts';

const SRC = resolve(import.meta.dirname, '..');

describe('the shared shop chunk', () => {
  it('names only files and folders that exist (a moved file would silently leave the chunk)', () => {
    expect(SHOP_CHUNK.filter((entry) => !existsSync(join(SRC, entry)))).toEqual([]);
  });

  it('takes the listed modules, whatever the separator or query, and leaves stylesheets, the checkout store and the rest out', () => {
    expect(inShopChunk(join(SRC, 'ui/dialog.ts'))).toBe(true);
    expect(inShopChunk('C:\\shop\\src\\lib\\pricing\\money.ts')).toBe(true);
    expect(inShopChunk(`${join(SRC, 'ui/Modal.tsx')}?v=1`)).toBe(true);
    expect(inShopChunk(join(SRC, 'ui/alerts.css'))).toBe(false);
    expect(inShopChunk(join(SRC, 'stores/checkout.ts'))).toBe(false);
    expect(inShopChunk(join(SRC, 'lib/cart/coupons.ts'))).toBe(false);
    expect(inShopChunk(join(SRC, 'ui/ProductCard.tsx'))).toBe(false);
    expect(inShopChunk('/work/node_modules/react/index.js')).toBe(false);
    expect(inShopChunk('\0vite/preload-helper.js')).toBe(true);
  });
});
