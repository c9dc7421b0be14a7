/**
 * The storefront's localStorage cache of GET answers (storefront §7): entries expire after their
 * lifetime; when storage is full the oldest entry is dropped and the save retried once.
 */
const PREFIX = 'api:';

interface Entry {
  savedAt: number;
  data: unknown;
}

/** A cached answer younger than `maxAgeMs`, or undefined. */
export function readCache(storage: Storage, key: string, maxAgeMs: number, now = Date.now()): unknown {
  try {
    const raw = storage.getItem(PREFIX + key);
    if (!raw) return undefined;
    const entry = JSON.parse(raw) as Entry;
    return now - entry.savedAt <= maxAgeMs ? entry.data : undefined;
  } catch {
    return undefined;
  }
}

/** Any cached answer regardless of age (the banner fallback of storefront §8). */
export function readStale(storage: Storage, key: string): unknown {
  return readCache(storage, key, Number.POSITIVE_INFINITY);
}

export function writeCache(storage: Storage, key: string, data: unknown, now = Date.now()): void {
  const value = JSON.stringify({ savedAt: now, data } satisfies Entry);
  try {
    storage.setItem(PREFIX + key, value);
  } catch {
    removeOldest(storage);
    try {
      storage.setItem(PREFIX + key, value);
    } catch (error) {
      console.warn('No se pudo guardar en caché', key, error);
    }
  }
}

function removeOldest(storage: Storage): void {
  let oldest: { key: string; savedAt: number } | undefined;
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    try {
      const { savedAt } = JSON.parse(storage.getItem(key) ?? '') as Entry;
      if (!oldest || savedAt < oldest.savedAt) oldest = { key, savedAt };
    } catch {
      oldest = { key, savedAt: Number.NEGATIVE_INFINITY };
    }
  }
  if (oldest) storage.removeItem(oldest.key);
}
