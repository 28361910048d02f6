/** Stores `value` under `key`, first dropping the oldest entry when the map already holds `max`. */
export function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  if (!map.has(key) && map.size >= max) map.delete(map.keys().next().value as K)
  map.set(key, value)
  return value
}
