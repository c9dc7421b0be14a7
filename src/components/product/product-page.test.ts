// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse as json } from '../../../tests/fixtures/fetch.ts';
import { makeProducto } from '../../../tests/fixtures/producto.ts';
import { forBuyBox } from '../../lib/product/buy-box.ts';
import { buyBoxHtml } from '../../lib/product/buy-box-html.ts';
import { initBuyBoxes, parsedPast } from './product-page.ts';

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

describe('parsedPast', () => {
  it('is true once something follows the element or one of its ancestors, false for what the parser may still be adding to', () => {
    document.body.innerHTML = '<main><div id="gallery"><img></div><div id="buy"><button>+</button></div></main>';
    expect(parsedPast(document.getElementById('gallery')!)).toBe(true);
    expect(parsedPast(document.querySelector('img')!)).toBe(true);
    // The last element so far, and what is inside it: the parser may still add to them.
    expect(parsedPast(document.getElementById('buy')!)).toBe(false);
    expect(parsedPast(document.querySelector('button')!)).toBe(false);
    document.querySelector('main')!.after(document.createElement('footer'));
    expect(parsedPast(document.getElementById('buy')!)).toBe(true);
  });
});

describe('initBuyBoxes', () => {
  it('sets up the buy boxes it is asked to, and a second call leaves a ready one as it is', () => {
    const built = makeProducto({ idProducto: 7, stock: 5 });
    // Each box asks for the live price (GET /web/detailprod/7): the same product.
    vi.stubGlobal('fetch', async () => json({ id: 1, mensaje: [built] }));
    const producto = forBuyBox(built);
    const box = (id: string) =>
      `<div class="buy-box" id="${id}" data-buy-box data-producto="${JSON.stringify(producto).replace(/"/g, '&quot;')}">${buyBoxHtml(producto)}</div>`;
    document.body.innerHTML = `${box('a')}${box('b')}`;
    initBuyBoxes(document, parsedPast);
    expect(document.getElementById('a')!.dataset.listo).toBe('');
    expect(document.getElementById('b')!.dataset.listo).toBeUndefined();
    const ready = document.getElementById('a')!.innerHTML;
    initBuyBoxes(document);
    expect(document.getElementById('b')!.dataset.listo).toBe('');
    expect(document.getElementById('a')!.innerHTML).toBe(ready);
  });
});
