import { setPersistentEngine, windowPersistentEvents } from '@nanostores/persistent';
import { saveItem } from '../lib/api/local-cache.ts';

/**
 * `storage` seen as the string record @nanostores/persistent reads and writes, whose writes go
 * through saveItem: a full storage gives up a cached answer and retries once, then only warns, so a
 * store's value still changes in memory and the page keeps working.
 */
export function quotaSafeRecord(storage: Storage): Record<string, string> {
  return new Proxy<Record<string, string>>(
    {},
    {
      get: (_, key) => (typeof key === 'string' ? (storage.getItem(key) ?? undefined) : undefined),
      has: (_, key) => typeof key === 'string' && storage.getItem(key) !== null,
      set: (_, key, value) => {
        if (typeof key === 'string') saveItem(storage, key, String(value));
        return true;
      },
      deleteProperty: (_, key) => {
        if (typeof key === 'string') storage.removeItem(key);
        return true;
      },
    },
  );
}

/** Makes every persistent store created after this call write localStorage through quotaSafeRecord (browser only). */
export function persistQuotaSafely(): void {
  try {
    if (typeof localStorage !== 'undefined') setPersistentEngine(quotaSafeRecord(localStorage), windowPersistentEvents);
  } catch {
    // Storage blocked (privacy settings): the stores keep their default engine.
  }
}
