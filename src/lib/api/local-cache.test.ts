import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../tests/fixtures/storage.ts';
import { MAX_ENTRY_CHARS, readCache, saveItem, writeCache } from './local-cache.ts';

/** An entry whatever its age. */
const readAny = (storage: Storage, key: string) => readCache(storage, key, Number.POSITIVE_INFINITY);

describe('local cache', () => {
  it('returns entries within their lifetime only', () => {
    const storage = memoryStorage();
    writeCache(storage, '/web/ListMarcas', [1], 1000);
    expect(readCache(storage, '/web/ListMarcas', 500, 1400)).toEqual([1]);
    expect(readCache(storage, '/web/ListMarcas', 500, 1600)).toBeUndefined();
    expect(readAny(storage, '/web/ListMarcas')).toEqual([1]);
  });
  it('drops the oldest entry when storage is full, then saves', () => {
    const storage = memoryStorage(2);
    writeCache(storage, 'a', 'A', 1);
    writeCache(storage, 'b', 'B', 2);
    writeCache(storage, 'c', 'C', 3);
    expect(readAny(storage, 'a')).toBeUndefined();
    expect(readAny(storage, 'b')).toBe('B');
    expect(readAny(storage, 'c')).toBe('C');
  });
  it('treats an unreadable entry as missing', () => {
    const storage = memoryStorage();
    storage.setItem('api:x', '{no json');
    expect(readCache(storage, 'x', 1000)).toBeUndefined();
  });
  it('never stores an answer longer than MAX_ENTRY_CHARS, and drops an older copy of it', () => {
    const storage = memoryStorage();
    writeCache(storage, '/web/listprod', ['corto'], 1);
    writeCache(storage, '/web/listprod', ['x'.repeat(MAX_ENTRY_CHARS)], 2);
    expect(readAny(storage, '/web/listprod')).toBeUndefined();
    expect(storage.length).toBe(0);
  });
  it('saves other keys through a full storage by giving up the oldest cached answer, else only warns', () => {
    const storage = memoryStorage(2);
    writeCache(storage, 'a', 'A', 1);
    storage.setItem('user', '{}');
    expect(saveItem(storage, 'cart', '[1]')).toBe(true);
    expect(storage.getItem('cart')).toBe('[1]');
    expect(readAny(storage, 'a')).toBeUndefined();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(saveItem(storage, 'userData', '{}')).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    expect(storage.getItem('user')).toBe('{}');
    warn.mockRestore();
  });
});
