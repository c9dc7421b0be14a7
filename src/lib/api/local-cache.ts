/**
 * The storefront's localStorage cache of GET answers (storefront §7): entries expire after their
 * lifetime; when storage is full the oldest entry is dropped and the save retried once.
 */
const PREFIX = 'api:';

/**
 * The longest answer the cache keeps (characters of JSON, about 128 KB of storage): lists of brands,
 * places and filters fit; a larger answer is not stored, so no copy can approach the origin's quota.
 */
export const MAX_ENTRY_CHARS = 64 * 1024;

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

/** Stores an answer with the time it was saved; one longer than MAX_ENTRY_CHARS is left out (and an older copy removed). */
export function writeCache(storage: Storage, key: string, data: unknown, now = Date.now()): void {
  const value = JSON.stringify({ savedAt: now, data } satisfies Entry);
  if (value.length > MAX_ENTRY_CHARS) {
    storage.removeItem(PREFIX + key);
    return;
  }
  saveItem(storage, PREFIX + key, value);
}

/**
 * Saves `value` under `key`; when storage refuses it (QuotaExceededError, or storage blocked) the
 * oldest cached answer is removed and the save retried once; a second failure only logs a warning,
 * so the shop goes on without that copy. True when saved.
 */
export function saveItem(storage: Storage, key: string, value: string): boolean {
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    removeOldest(storage);
    try {
      storage.setItem(key, value);
      return true;
    } catch (error) {
      console.warn('No se pudo guardar en el almacenamiento local', key, error);
      return false;
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
