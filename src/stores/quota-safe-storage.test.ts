import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../tests/fixtures/fetch.ts';
import { memoryStorage } from '../../tests/fixtures/storage.ts';
import type { CartLine } from '../lib/cart/lines.ts';

const line: CartLine = {
  idProducto: 7,
  nombre: 'Crema',
  img: '/demo/a-1.svg',
  cantidad: 1,
  selectedColor: '',
  selectedSize: '',
  precio: 50,
  descuento: 0,
  descuentoN: 0,
  newores: '',
  stock_total: 5,
  stock: 5,
  sedes: '',
  precio_unitario: 50,
  precio_con_descuento: 50,
};

/** The cart store and the API client of a page whose localStorage is `storage`. */
async function pageWith(storage: Storage) {
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('window', { addEventListener: () => {}, removeEventListener: () => {} });
  return { ...(await import('./cart.ts')), ...(await import('../lib/api/request.ts')) };
}

beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a full localStorage (QuotaExceededError)', () => {
  it('keeps adding to the cart: the cart changes in memory and the failed save is only a warning', async () => {
    const storage = memoryStorage();
    const { $cart, addToCart } = await pageWith(storage);
    storage.refuseAll();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(() => addToCart(line)).not.toThrow();
    expect($cart.get()).toEqual([line]);
    expect(warn).toHaveBeenCalledOnce();
  });

  it('makes room for the cart by giving up the oldest cached answer', async () => {
    const storage = memoryStorage(2);
    storage.setItem('api:/web/ListMarcas', JSON.stringify({ savedAt: 1, data: [] }));
    storage.setItem('user', '{}');
    const { $cart, addToCart } = await pageWith(storage);
    addToCart(line);
    expect(storage.getItem('api:/web/ListMarcas')).toBeNull();
    expect(JSON.parse(storage.getItem('cart')!)).toEqual($cart.get());
  });

  it('still answers an API call whose copy cannot be cached', async () => {
    const storage = memoryStorage();
    const { request } = await pageWith(storage);
    storage.refuseAll();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubFetch(jsonResponse(['Normal', 'Seca']));
    await expect(request('/api/tipos-piel', { check: (data): data is string[] => Array.isArray(data), cacheMs: 60_000 })).resolves.toEqual([
      'Normal',
      'Seca',
    ]);
  });
});
