import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { PlatformShared } from '../common/shared-pauses'
import { StreamedStatus } from './events'
import { STATUS_ID } from './ids'
import { mastodonGet } from './limit'
import type { streamingAddress } from './streaming-address'

// The statuses a timeline page lists (docs.joinmastodon.org/methods/timelines): 40 at most.
export const PAGE = 40

/**
 * A page of the timeline the stream reads (its catch-up, and the check of a quiet connection: stall.ts), with the
 * token's request limit kept (limit.ts).
 */
export function timelinePage(
  config: Config['platforms']['mastodon'],
  address: ReturnType<typeof streamingAddress>,
  shared: PlatformShared,
) {
  const get = mastodonGet(config, shared)
  return async (params: Record<string, string>, signal: AbortSignal) => {
    const url = address.timeline()
    for (const [k, val] of Object.entries(params)) url.searchParams.set(k, val)
    const body = await get(url, signal)
    const listed = Array.isArray(body) ? body : []
    const statuses = listed.flatMap((raw) => {
      const s = v.safeParse(StreamedStatus, raw)
      return s.success ? [s.output] : []
    })
    // `full`: as many as asked for were listed, read or not: one that could not be read does not end the catch-up.
    // `ids`: the status ids listed, read or not, newest first.
    const ids = listed.flatMap((raw) => {
      const id = (raw as { id?: unknown } | null)?.id
      return typeof id === 'string' && STATUS_ID.test(id) ? [id] : []
    })
    return { statuses, ids, empty: listed.length === 0, full: listed.length >= PAGE }
  }
}
