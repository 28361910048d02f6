import type { Mention } from '../../mention'

/**
 * The mentions of a paged search: pages overlap when new posts arrive between two calls (or engines repeat a
 * result), so a repeat is dropped; `full` says when `limit` is reached.
 */
export function collectMentions(limit: number, keyOf: (m: Mention) => string = (m) => m.id) {
  const found: Mention[] = []
  const seen = new Set<string>()
  return {
    /** Adds the new ones; returns how many were new. */
    add(mentions: Iterable<Mention>): number {
      let added = 0
      for (const m of mentions) {
        const key = keyOf(m)
        if (seen.has(key)) continue
        seen.add(key)
        found.push(m)
        added++
      }
      return added
    },
    get full() {
      return found.length >= limit
    },
    /** Everything found, in order (may be more than `limit`). */
    get all() {
      return found
    },
    /** At most `limit`, in order. */
    take: () => found.slice(0, limit),
  }
}
