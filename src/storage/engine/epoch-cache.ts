import { remember } from '../../lib/bounded-map'
import type { CommitWatch } from './commit-watch'

/**
 * Reads remembered for as long as the commit watch's epoch holds (docs/performance.md#cached-keys): nothing but quiet
 * writes committed since, by any process. Without a watch (in memory, a libSQL server) every call reads. A value is
 * shared between callers, who must not change it.
 */
export function createEpochCache<V>(commits: CommitWatch | undefined, max: number) {
  const kept = new Map<string, { epoch: number; value: V }>()
  return async (key: string, read: () => Promise<V>): Promise<V> => {
    // Taken before the read: a commit landing between the two moves the epoch, and the next call reads again.
    const epoch = commits?.epoch() ?? null
    if (epoch === null) return read()
    const hit = kept.get(key)
    if (hit?.epoch === epoch) return hit.value
    const value = await read()
    remember(kept, key, { epoch, value }, max)
    return value
  }
}
