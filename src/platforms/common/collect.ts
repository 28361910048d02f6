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

export type Collected = ReturnType<typeof collectMentions>

/** The most pages one search of a paged API reads, whatever its page size. */
export const MAX_PAGES = 10

/**
 * A paged search: `page` reads the page that starts at `at` (a cursor, an offset or a page number), adds its
 * mentions to `found`, and answers where the next page starts, or undefined after the last. Pages are read in turn
 * until `limit` mentions are found, the last page, or MAX_PAGES pages.
 */
export async function collectPages<At>(
  limit: number,
  first: At,
  page: (at: At, found: Collected) => Promise<At | undefined>,
): Promise<Collected> {
  const found = collectMentions(limit)
  let at: At | undefined = first
  for (let n = 0; n < MAX_PAGES && at !== undefined && !found.full; n++) at = await page(at, found)
  return found
}
