import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARDS_CHUNK, inCardsChunk, inShopChunk, SHOP_CHUNK } from './chunks.ts';

const SRC = resolve(import.meta.dirname, '..');

describe('the shared shop chunk', () => {
  it('names only files and folders that exist (a moved file would silently leave the chunk)', () => {
    expect([...SHOP_CHUNK, ...CARDS_CHUNK].filter((entry) => !existsSync(join(SRC, entry)))).toEqual([]);
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

  it('puts a card and its stars in the cards chunk, nothing else', () => {
    expect(inCardsChunk(join(SRC, 'ui/ProductCard.tsx'))).toBe(true);
    expect(inCardsChunk(join(SRC, 'lib/resenas/mostrar.ts'))).toBe(true);
    expect(inCardsChunk(join(SRC, 'ui/ProductCard.css'))).toBe(false);
    expect(inCardsChunk(join(SRC, 'ui/Photo.tsx'))).toBe(false);
  });
});
