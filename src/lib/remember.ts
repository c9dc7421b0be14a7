/** Where remembered promises are kept: a Map, or a WeakMap for object keys. */
interface Memory<K, V> {
  get(key: K): Promise<V> | undefined;
  set(key: K, value: Promise<V>): unknown;
  delete(key: K): boolean;
}

/**
 * The promise `make()` gives for `key`, made once and kept in `memory`: asked again, the same promise. One that
 * fails is forgotten, so the next call asks anew.
 */
export function remembered<K, V>(memory: Memory<K, V>, key: K, make: () => Promise<V>): Promise<V> {
  let promise = memory.get(key);
  if (!promise) {
    promise = make();
    memory.set(key, promise);
    promise.catch(() => memory.delete(key));
  }
  return promise;
}
