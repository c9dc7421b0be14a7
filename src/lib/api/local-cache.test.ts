import { describe, expect, it } from 'vitest';
import { readCache, readStale, writeCache } from './local-cache.ts';

/** A Storage that refuses writes beyond `capacity` entries, like a full localStorage. */
function memoryStorage(capacity = Infinity): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      if (!map.has(k) && map.size >= capacity) throw new DOMException('full', 'QuotaExceededError');
      map.set(k, v);
    },
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

describe('local cache', () => {
  it('returns entries within their lifetime only', () => {
    const storage = memoryStorage();
    writeCache(storage, '/web/ListMarcas', [1], 1000);
    expect(readCache(storage, '/web/ListMarcas', 500, 1400)).toEqual([1]);
    expect(readCache(storage, '/web/ListMarcas', 500, 1600)).toBeUndefined();
    expect(readStale(storage, '/web/ListMarcas')).toEqual([1]);
  });
  it('drops the oldest entry when storage is full, then saves', () => {
    const storage = memoryStorage(2);
    writeCache(storage, 'a', 'A', 1);
    writeCache(storage, 'b', 'B', 2);
    writeCache(storage, 'c', 'C', 3);
    expect(readStale(storage, 'a')).toBeUndefined();
    expect(readStale(storage, 'b')).toBe('B');
    expect(readStale(storage, 'c')).toBe('C');
  });
  it('treats an unreadable entry as missing', () => {
    const storage = memoryStorage();
    storage.setItem('api:x', '{no json');
    expect(readCache(storage, 'x', 1000)).toBeUndefined();
  });
});
