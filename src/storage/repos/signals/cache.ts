import { remember } from '../../../lib/bounded-map'
import type { PageRow, SignalFilter } from './queries'

const TOTALS_KEPT = 10_000
// Preview pages only (a full-text page can weigh 80 KB): about 8 KB each.
const PAGES_KEPT = 1000

/**
 * The key of what is remembered per (team, signals version, filter), and per page when `page` gives its limit and
 * offset. Versions only grow, so an entry of an older version is never read again (and falls out of its bounded map).
 */
export const cacheKey = (teamId: string, version: number, f: SignalFilter, ...page: number[]) =>
  JSON.stringify([teamId, version, f.keyword, f.intent, f.platform, f.minScore, f.since, ...page])

/**
 * Totals and preview pages, remembered until the team's signals version moves. Counting a million rows costs far
 * more than reading a page, and the same first pages are asked for again and again by dashboards and pollers, while
 * signals change only when a poll or an import stores some.
 */
export function createSignalsCache() {
  const totals = new Map<string, number>()
  // Counts in progress: requests that arrive while one runs wait for it rather than count again. Every batch of an
  // import moves the version, and a count of a large team takes tens of milliseconds of the event loop.
  const counting = new Map<string, Promise<number>>()
  const pages = new Map<string, PageRow[]>()

  return {
    /** The total under `key`, counted by `count` once however many ask at the same time. */
    total(key: string, count: () => Promise<number>): Promise<number> {
      const known = totals.get(key)
      if (known !== undefined) return Promise.resolve(known)
      let pending = counting.get(key)
      if (!pending) {
        pending = count()
          .then((n) => remember(totals, key, n, TOTALS_KEPT))
          .finally(() => counting.delete(key))
        counting.set(key, pending)
      }
      return pending
    },
    page: (key: string) => pages.get(key),
    keepPage: (key: string, rows: PageRow[]) => remember(pages, key, rows, PAGES_KEPT),
  }
}
