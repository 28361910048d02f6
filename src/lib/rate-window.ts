/**
 * At most `max` events per key in any `windowMs`, counted in this process's memory (a sliding window of their
 * times). Keys beyond `maxKeys` push out the oldest, so a flood of new keys cannot grow it without bound.
 */
export function createRateWindow(max: number, windowMs: number, maxKeys = 10_000) {
  const times = new Map<string, number[]>()
  return {
    /** Counts an event for `key` at `nowMs`; undefined when allowed, else the seconds until one is. */
    take(key: string, nowMs: number): number | undefined {
      const recent = (times.get(key) ?? []).filter((t) => t > nowMs - windowMs)
      if (recent.length >= max) {
        times.set(key, recent)
        return Math.max(1, Math.ceil((recent[0] + windowMs - nowMs) / 1000))
      }
      recent.push(nowMs)
      times.delete(key)
      if (times.size >= maxKeys) times.delete(times.keys().next().value as string)
      times.set(key, recent)
      return undefined
    },
    /** Undoes the event `take` counted for `key` at `nowMs`: what it stood for did not happen after all. */
    release(key: string, nowMs: number) {
      const recent = times.get(key)
      const at = recent?.lastIndexOf(nowMs) ?? -1
      if (at >= 0) recent?.splice(at, 1)
    },
  }
}
