import { remember } from '../../../lib/bounded-map'
import { FILTER_FIELDS, type SignalFilter } from './filter-shape'
import type { PageRow } from './queries'

const TOTALS_KEPT = 10_000
// Preview pages only (a full-text page can weigh 80 KB): about 8 KB each.
const PAGES_KEPT = 1000
const PER_KEYWORD_KEPT = 1000

/**
 * The key of what is remembered per (team, signals version, filter), and per page when `page` gives its limit and
 * offset. Versions only grow, so an entry of an older version is never read again (and falls out of its bounded map).
 */
export const cacheKey = (teamId: string, version: number, f: SignalFilter, ...page: number[]) =>
  JSON.stringify([teamId, version, ...FILTER_FIELDS.map((name) => f[name] ?? false), ...page])

/**
 * Totals and preview pages, remembered until the team's signals version moves. Counting a million rows costs far
 * more than reading a page, and the same first pages are asked for again and again by dashboards and pollers, while
 * signals change only when a poll or an import stores some.
 */
export function createSignalsCache() {
  const pages = new Map<string, PageRow[]>()
  return {
    /** The total under `key`, counted by `count` once however many ask at the same time. */
    total: rememberedOnce<number>(TOTALS_KEPT),
    /** Signals per keyword (lower-cased) under `key`, for the keywords' figures (docs/api.md#keywords). */
    perKeyword: rememberedOnce<Map<string, number>>(PER_KEYWORD_KEPT),
    /** The team's keyword spellings under `key` (keyword-filter.ts), to resolve a keyword filter against. */
    spellings: rememberedOnce<string[]>(PER_KEYWORD_KEPT),
    page: (key: string) => pages.get(key),
    keepPage: (key: string, rows: PageRow[]) => remember(pages, key, rows, PAGES_KEPT),
  }
}

/**
 * A value per key, computed once: requests that arrive while it is computed wait for it rather than compute it
 * again. Every batch of an import moves the version, and a count of a large team takes tens of milliseconds of the
 * event loop. A failed computation is not kept.
 */
function rememberedOnce<T>(kept: number) {
  const known = new Map<string, T>()
  const computing = new Map<string, Promise<T>>()
  return (key: string, compute: () => Promise<T>): Promise<T> => {
    const value = known.get(key)
    if (value !== undefined) return Promise.resolve(value)
    let pending = computing.get(key)
    if (!pending) {
      pending = compute()
        .then((v) => remember(known, key, v, kept))
        .finally(() => computing.delete(key))
      computing.set(key, pending)
    }
    return pending
  }
}
