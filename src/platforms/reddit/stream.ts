import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { AppError } from '../../errors'
import { count, isoDate } from '../common/mapping'
import { pause, retryWaitMs, storedPosition, type StreamReader } from '../stream'
import type { Mention } from '../../mention'
import { REDDIT_READ_EVERY_MS } from '../stream-share'
import { createRedditGet } from './api'
import type { PlatformShared } from '../common/shared-pauses'
import { aheadOfListing } from './stream-ids'
import { redditAuthor } from './author'

// Reddit's listings (reddit.com/dev/api#GET_new, #GET_comments) with an app token: /r/<a+b>/new and /r/<a+b>/comments
// (r/all when no subreddit is listed), newest first, 100 a call, raw_json=1. Ids are base-36 and only grow, so the
// newest id read of each listing is the position. Both listings every 2 s: 60 requests a minute, within the 100 an
// OAuth client may send; live searches get the rest (docs/streams.md#budgets).
const EVERY_MS = REDDIT_READ_EVERY_MS

const Thing = v.object({
  id: v.pipe(v.string(), v.regex(/^[0-9a-z]+$/)),
  author: v.string(),
  permalink: v.pipe(v.string(), v.startsWith('/')),
  created_utc: v.number(),
  title: v.optional(v.string()),
  selftext: v.optional(v.string()),
  body: v.optional(v.string()),
  score: v.nullish(v.number()),
  num_comments: v.nullish(v.number()),
})
const Listing = v.object({ data: v.object({ children: v.array(v.object({ kind: v.string(), data: v.unknown() })) }) })

const newer = (a: string, b: string) => a.length > b.length || (a.length === b.length && a > b)
type At = { p: string | null; c: string | null }
const Id = v.nullable(v.pipe(v.string(), v.regex(/^[0-9a-z]+$/)))
const At = v.object({ p: Id, c: Id })
/** A stored position: the newest post and comment ids read, as JSON. */
const readAt = (s: string): At | undefined => {
  try {
    const parsed = v.safeParse(At, JSON.parse(s))
    return parsed.success ? parsed.output : undefined
  } catch {
    return undefined
  }
}

export function createRedditStream(
  config: Config['platforms']['reddit'],
  log: Logger,
  shared: PlatformShared = {},
): StreamReader {
  const get = createRedditGet(config, log, Date.now, shared)
  const subs = config.stream_subreddits.length ? config.stream_subreddits.join('+') : 'all'
  async function listing(which: 'new' | 'comments', signal: AbortSignal) {
    const url = new URL(`/r/${subs}/${which}`, config.stream_url)
    url.search = new URLSearchParams({ limit: '100', raw_json: '1' }).toString()
    const parsed = v.safeParse(Listing, await get(url, signal))
    if (!parsed.success) throw new AppError('upstream_error', 'reddit sent a response that is not a listing')
    return parsed.output.data.children.flatMap((c) => {
      const t = v.safeParse(Thing, c.data)
      return t.success ? [t.output] : []
    })
  }
  return {
    platform: 'reddit',
    async read(from, sink, signal) {
      const at: At = storedPosition('reddit', from, readAt, sink) ?? { p: null, c: null }
      let failures = 0
      const told = new Set<string>()
      while (!signal.aborted) {
        try {
          for (const [which, key] of [
            ['new', 'p'],
            ['comments', 'c'],
          ] as const) {
            if (sink.full()) await sink.room()
            const things = await listing(which, signal)
            const kind = which === 'new' ? 'post' : 'comment'
            const ahead = aheadOfListing(things.map((t) => t.id))
            let last = at[key]
            // One stored before the guard below, or written by hand: read on from what the listing has.
            if (last !== null && ahead(last)) {
              sink.gap(
                `the stored reddit position (${kind} id ${last}) is far ahead of the ids Reddit lists; reading on from now`,
              )
              last = null
            }
            const fresh =
              last === null ? [] : things.filter((t) => newer(t.id, last)).sort((a, b) => (newer(a.id, b.id) ? 1 : -1))
            if (last !== null && fresh.length === things.length && things.length === 100) {
              sink.gap(`more than 100 ${kind}s between two reads; older ones were not read`)
            }
            if (last === null) at[key] = things.find((t) => !ahead(t.id))?.id ?? at[key]
            for (const t of fresh) {
              // An impossibly large id is read, but the position does not follow it, or every id after it would be
              // older for good; told once (docs/streams.md#resuming).
              if (!ahead(t.id)) at[key] = t.id
              else if (!told.has(t.id)) {
                if (told.size >= 200) told.clear()
                told.add(t.id)
                sink.gap(
                  `Reddit listed a ${kind} with the impossibly large id ${t.id}: the position does not follow it`,
                )
              }
              sink.item(toMention(t, which === 'comments', sink.now), JSON.stringify(at))
            }
          }
          failures = 0
          sink.heard({ caughtUp: true, position: JSON.stringify(at) })
          await pause(EVERY_MS, signal)
        } catch (err) {
          if (signal.aborted) return
          sink.failed(err)
          await pause(retryWaitMs(err, failures++), signal)
        }
      }
    },
  }
}

/** A post with the id the search gives it; a comment under its own `t1_` id (Reddit numbers them apart). */
function toMention(t: v.InferOutput<typeof Thing>, comment: boolean, now: () => Date): Mention {
  return {
    id: comment ? `reddit:t1_${t.id}` : `reddit:${t.id}`,
    ...redditAuthor(t.author),
    content: comment ? (t.body ?? '') : t.selftext ? `${t.title ?? ''}\n\n${t.selftext}` : (t.title ?? ''),
    url: `https://www.reddit.com${t.permalink}`,
    // A time no date can hold (a broken answer, a mirror) is this server's now: thrown, it failed every read.
    date: isoDate(t.created_utc) ?? now().toISOString(),
    platform: 'reddit',
    ...(comment ? { kind: 'comment' as const } : { title: t.title }),
    engagement: { likes: count(t.score), comments: count(t.num_comments), shares: 0 },
  }
}
