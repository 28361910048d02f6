import type { Source } from '../config/platform-names'
import type { Config } from '../config/schema'

type Tables = Config['platforms']
const MINUTE = 60_000

/**
 * How often the Stack Overflow stream reads: once a minute, or less often so that it takes at most half the budget
 * (docs/streams.md#budgets). A key's 10,000 requests a day allow every minute; the 300 of an address without one, a
 * read every 9.6 minutes, a few dozen new questions each time.
 */
export function stackoverflowReadEveryMs(table: Tables['stackoverflow']): number {
  const windowMs = table.budget_window_seconds * 1000
  return Math.max(MINUTE, Math.ceil(windowMs / Math.max(1, Math.floor(table.budget_requests / 2))))
}

/**
 * The requests a platform's stream sends in one window of its budget, to the same API, and so the same quota, as its
 * searches. Streams read from hosts of their own (Hacker News's Firebase, Bluesky's Jetstream, Mastodon's streaming
 * connection) spend none of it.
 */
export function streamRequestsPerWindow(platforms: Tables, platform: Source): number {
  const perWindow = (table: { budget_window_seconds: number }, everyMs: number, requests = 1) =>
    Math.ceil((table.budget_window_seconds * 1000) / everyMs) * requests
  switch (platform) {
    case 'stackoverflow':
      return perWindow(platforms.stackoverflow, stackoverflowReadEveryMs(platforms.stackoverflow))
    case 'reddit':
      return perWindow(platforms.reddit, REDDIT_READ_EVERY_MS, 2)
    case 'devto':
      return perWindow(platforms.devto, DEVTO_READ_EVERY_MS)
    default:
      return 0
  }
}

/** Reddit's two listings (new posts, new comments), each read every 2 s: 60 of the 100 requests a minute an app has. */
export const REDDIT_READ_EVERY_MS = 2000
/** DEV's newest articles, once a minute. */
export const DEVTO_READ_EVERY_MS = MINUTE
