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
 * until `limit` mentions are found, the last page, or `maxPages` pages: the pages the search was charged
 * (docs/platforms.md#budgets), since a page may hold fewer results than asked for and still name a next one.
 */
export async function collectPages<At>(
  limit: number,
  first: At,
  page: (at: At, found: Collected) => Promise<At | undefined>,
  maxPages = MAX_PAGES,
): Promise<Collected> {
  const found = collectMentions(limit)
  let at: At | undefined = first
  const pages = Math.min(maxPages, MAX_PAGES)
  for (let n = 0; n < pages && at !== undefined && !found.full; n++) at = await page(at, found)
  return found
}

/** What a paged search's page reader is given: the keyword, where the page starts, and what was found so far. */
export type PageRequest<At> = {
  keyword: string
  at: At
  found: Collected
  limit: number
  pageSize: number
  signal?: AbortSignal
}

/**
 * The search of a connector whose API pages at most `pageMax` results a page: each search reads pages from `first`
 * (collectPages) of `min(limit, pageMax)` results, and costs one request of the budget a page: it reads no more
 * pages than that cost, however short a page comes back.
 */
export function pagedSearch<At>(pageMax: number, first: At, page: (r: PageRequest<At>) => Promise<At | undefined>) {
  const requestsFor = (limit: number) => Math.ceil(limit / pageMax)
  return {
    requestsFor,
    async search(keyword: string, limit: number, signal?: AbortSignal): Promise<Mention[]> {
      const pageSize = Math.min(limit, pageMax)
      const collected = await collectPages(
        limit,
        first,
        (at, found) => page({ keyword, at, found, limit, pageSize, signal }),
        requestsFor(limit),
      )
      return collected.take()
    },
  }
}
