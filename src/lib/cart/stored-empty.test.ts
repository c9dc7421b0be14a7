import { describe, expect, it } from 'vitest';
import { parseStoredCart } from './lines.ts';
import { CART_EMPTY_SCRIPT } from './stored-empty.ts';

/** Runs the script over a stored cart (`null`: nothing stored; a function: reading throws) and says whether it showed the empty state. */
function marksEmpty(stored: string | null | (() => never)): boolean {
  const emptyState = { hidden: true };
  const localStorage = { getItem: typeof stored === 'function' ? stored : () => stored };
  new Function('localStorage', 'document', CART_EMPTY_SCRIPT)(localStorage, { currentScript: { previousElementSibling: emptyState } });
  return !emptyState.hidden;
}

describe('CART_EMPTY_SCRIPT', () => {
  const line = { idProducto: 7, precio: 39.9, cantidad: 1, selectedColor: '', selectedSize: '' };

  it('shows the empty state when nothing is stored, the stored cart is empty or cannot be read', () => {
    expect(marksEmpty(null)).toBe(true);
    expect(marksEmpty('[]')).toBe(true);
    expect(marksEmpty('{no es json')).toBe(true);
    expect(marksEmpty('{"idProducto":7}')).toBe(true);
    expect(
      marksEmpty(() => {
        throw new Error('SecurityError');
      }),
    ).toBe(true);
  });

  it('leaves it hidden for a cart with a line', () => {
    expect(marksEmpty(JSON.stringify([line]))).toBe(false);
  });

  it('counts the lines the cart store counts: a stored entry that is no line is not one', () => {
    const stored = [
      '[null]',
      '[1,"a"]',
      '[{"cantidad":1}]',
      JSON.stringify([line, null]),
      JSON.stringify([{ ...line, cantidad: 0 }]),
      JSON.stringify([{ ...line, precio: null }]),
      JSON.stringify([{ ...line, precio: '39.90', cantidad: '2', idProducto: '7' }]),
      JSON.stringify([{ ...line, idProducto: 'x' }]),
    ];
    for (const cart of stored) {
      expect(marksEmpty(cart), cart).toBe(parseStoredCart(cart).length === 0);
    }
  });
});
