import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../tests/fixtures/storage.ts';
import type { CartLine } from '../lib/cart/lines.ts';

const line = { idProducto: 7, nombre: 'Crema', cantidad: 1, selectedColor: '', selectedSize: '', precio: 50, stock: 5 } as CartLine;

/** A fresh copy of the cart and auth stores' code, as the buy box's classic script and the page's modules each carry one. */
async function copyOfTheStores() {
  vi.resetModules();
  return { ...(await import('./cart.ts')), ...(await import('./auth.ts')) };
}

afterEach(() => vi.unstubAllGlobals());

describe('shared', () => {
  it("gives two copies of the stores' code on one page the same stores: a line one adds, the other counts", async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('window', { addEventListener: () => {}, removeEventListener: () => {} });
    const buyBox = await copyOfTheStores();
    const modules = await copyOfTheStores();
    expect(modules.$cart).toBe(buyBox.$cart);
    expect(modules.$user).toBe(buyBox.$user);
    const counts: number[] = [];
    const stop = modules.$cartCount.subscribe((count) => counts.push(count));
    buyBox.addToCart(line);
    expect(counts).toEqual([0, 1]);
    expect(JSON.parse(localStorage.getItem('cart')!)).toHaveLength(1);
    stop();
  });

  it('makes each page its own stores, and none outside a browser', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('window', { addEventListener: () => {}, removeEventListener: () => {} });
    const first = await copyOfTheStores();
    vi.stubGlobal('window', { addEventListener: () => {}, removeEventListener: () => {} });
    expect((await copyOfTheStores()).$cart).not.toBe(first.$cart);
    const { shared } = await import('./shared.ts');
    vi.stubGlobal('window', undefined);
    expect(shared('x', () => ({}))).not.toBe(shared('x', () => ({})));
  });
});
