// docs/streams.md#a-search-pointed-elsewhere: a platform table whose `base_url` the operator moved (a mirror, a proxy:
// most often an air-gapped site) and whose stream it said nothing of. Stack Overflow's and DEV's streams read the same
// API as their searches, so they follow it there; Hacker News's reads another service (Firebase, not Algolia), which a
// site that mirrors the search most likely cannot reach, so the platform is searched. A `mode` or `stream_url` the
// operator wrote stands. Bluesky is left as it is: a `base_url` of one's own PDS says nothing of reaching Jetstream.

import { PUBLIC_SEARCH_URLS } from './platforms-schema'

type Tree = Record<string, unknown>

// What a moved `base_url` changes: the stream follows it to the same API, or the stream is off.
const MOVED: Record<keyof typeof PUBLIC_SEARCH_URLS, 'follows' | 'off'> = {
  stackoverflow: 'follows',
  devto: 'follows',
  hackernews: 'off',
}

const sameAddress = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '')

/** Fills in `stream_url` or `mode` of each moved table of `platforms` (the configuration before it is validated). */
export function streamsFollowSearch(platforms: unknown): void {
  if (!platforms || typeof platforms !== 'object') return
  for (const [name, stream] of Object.entries(MOVED)) {
    const table = (platforms as Tree)[name]
    if (!table || typeof table !== 'object') continue
    const t = table as Tree
    if (typeof t.base_url !== 'string' || sameAddress(t.base_url, PUBLIC_SEARCH_URLS[name as keyof typeof MOVED]))
      continue
    if (t.mode !== undefined || t.stream_url !== undefined) continue
    if (stream === 'follows') t.stream_url = t.base_url
    else t.mode = 'search'
  }
}
