type Store<K, V> = { get(key: K): V | undefined; set(key: K, value: V): unknown }

/** The value under `key` in a Map or WeakMap, made with `make` and stored the first time it is asked for. */
export function getOrAdd<K, V>(store: Store<K, V>, key: K, make: () => V): V {
  let value = store.get(key)
  if (value === undefined) {
    value = make()
    store.set(key, value)
  }
  return value
}
