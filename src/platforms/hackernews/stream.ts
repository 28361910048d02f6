import * as v from 'valibot'
import type { Config } from '../../config/schema'
import { AppError } from '../../errors'
import { decodeEntities, htmlToText } from '../common/html-text'
import { isoDate } from '../common/mapping'
import { fetchPlatformJson } from '../http'
import { countPosition, NAMED_WAIT_MAX_SEC, pause, retryWaitMs, storedPosition, type StreamReader } from '../stream'
import type { Mention } from '../../mention'

// The official Firebase API (github.com/HackerNews/API): /maxitem.json is the newest item id, /item/<id>.json an item
// (story, comment, job, poll, pollopt) with `by`, `time` in Unix seconds, `text` and `title` in HTML (a title may hold
// entities: &lt;, &amp;, &#x27;), `deleted`, `dead`.
// Ids only grow, so every item is read once, in order, from the stored id to maxitem
// (docs/streams.md#which-platforms-stream).
const Item = v.object({
  id: v.number(),
  type: v.optional(v.string()),
  by: v.optional(v.string()),
  time: v.optional(v.number()),
  text: v.optional(v.string()),
  title: v.optional(v.string()),
  deleted: v.optional(v.boolean()),
  dead: v.optional(v.boolean()),
  score: v.optional(v.number()),
  descendants: v.optional(v.number()),
  kids: v.optional(v.array(v.number())),
})

// How often maxitem is asked: HN gets a few items a second at its busiest, so a read every 5 s stays small.
const POLL_MS = 5000
// Items asked at once while catching up.
const PARALLEL = 8
// An id not yet readable (allocated, not written) is asked again on this many later reads before it is passed over.
const MISSING_TRIES = 6
// An item that fails (an error status, a body that is not JSON) while items after it read is its own fault, not an
// outage: after this many such reads it is passed over as a gap, rather than holding every later item back for good.
const FAILING_TRIES = 4
// The most items a read catches up on: several hours of Hacker News at its busiest, read in a few minutes. After a
// longer outage (days: hundreds of thousands of calls, one an item, before anything new) the older ones are a gap, as
// past the Mastodon catch-up's 400 statuses (docs/streams.md#resuming).
const CATCH_UP_ITEMS = 10_000
// Hacker News numbers every story and comment as it is made, some ten thousand a day around the clock: a maxitem that
// has not moved for this long is an API (or a mirror) that stopped updating, not a quiet hour
// (docs/streams.md#outages).
const STUCK_MS = 10 * 60_000

/**
 * `pace`: how often maxitem is asked (POLL_MS), the first wait after a failed read (1 s, doubling) and STUCK_MS, which
 * tests shorten; `log` is the factory table's and unused.
 */
export function createHackernewsStream(
  config: Config['platforms']['hackernews'],
  _log?: unknown,
  pace: { pollMs?: number; firstRetryMs?: number; stuckMs?: number } = {},
): StreamReader {
  const get = (path: string, signal: AbortSignal) =>
    fetchPlatformJson({
      platform: 'hackernews',
      url: new URL(`${config.stream_url.replace(/\/$/, '')}/${path}`),
      timeoutMs: config.timeout_ms,
      signal,
      longestWaitSec: NAMED_WAIT_MAX_SEC,
    })
  // An item that is JSON but not an item (a field of another type, a mirror's own answer) fails as one that is not
  // JSON does: tried again, then passed over as a gap naming it, not skipped without a word (docs/streams.md#resuming).
  const item = async (id: number, signal: AbortSignal) => {
    const raw = await get(`item/${id}.json`, signal)
    if (raw === null) return null
    const parsed = v.safeParse(Item, raw)
    if (!parsed.success)
      throw new AppError('upstream_error', `hackernews sent item ${id} in a shape that is not an item`)
    return parsed.output
  }
  return {
    platform: 'hackernews',
    async read(from, sink, signal) {
      let last = storedPosition('hackernews', from, countPosition, sink)
      let failures = 0
      const missing = new Map<number, number>()
      const failing = new Map<number, number>()
      // The highest maxitem answered, and when it last grew.
      let highest = 0
      let grewAt = Date.now()
      while (!signal.aborted) {
        try {
          // Firebase answers null for a path that holds no data (an address without its /v0): not item 0, which would
          // move the position back to the first item Hacker News has.
          const max = await get('maxitem.json', signal)
          if (typeof max !== 'number' || !Number.isSafeInteger(max) || max < 1)
            throw new AppError(
              'upstream_error',
              `hackernews sent a maxitem that is not an item id${max === null ? ' (null: no data at that address; the API is at …/v0)' : ''}`,
            )
          if (max > highest) [highest, grewAt] = [max, Date.now()]
          const stuckSec = Math.round((Date.now() - grewAt) / 1000)
          if (Date.now() - grewAt >= (pace.stuckMs ?? STUCK_MS))
            throw new AppError(
              'upstream_error',
              `hackernews maxitem has stayed at ${max} for ${stuckSec} s: the API answers but has stopped updating`,
            )
          let at: number = last === null || last > max ? max : last
          if (max - at > CATCH_UP_ITEMS) {
            sink.gap(
              `more than ${CATCH_UP_ITEMS} items since the stored position: items ${at + 1} to ${max - CATCH_UP_ITEMS} were not read; reading on from the newest ${CATCH_UP_ITEMS}`,
            )
            at = max - CATCH_UP_ITEMS
            sink.heard({ position: String(at) })
          }
          while (at < max && !signal.aborted) {
            if (sink.full()) await sink.room()
            const next = at
            const ids: number[] = Array.from({ length: Math.min(PARALLEL, max - at) }, (_, i) => next + 1 + i)
            const answers = await Promise.allSettled(ids.map((id) => item(id, signal)))
            let stop = false
            for (const [i, id] of ids.entries()) {
              const answer = answers[i] as (typeof answers)[number]
              if (answer.status === 'rejected') {
                if (signal.aborted || !passOver(failing, id, answers.slice(i + 1))) throw answer.reason
                sink.gap(
                  `hackernews item ${id} could not be read after ${FAILING_TRIES} tries (${messageOf(answer.reason)}); read on past it`,
                )
                sink.heard({ position: String(id) })
                at = id
                continue
              }
              failing.delete(id)
              const raw = answer.value
              if (raw === null && (missing.get(id) ?? 0) < MISSING_TRIES) {
                missing.set(id, (missing.get(id) ?? 0) + 1)
                stop = true
                break
              }
              missing.delete(id)
              const mention = raw === null ? undefined : toMention(raw, sink.now)
              if (mention) sink.item(mention, String(id))
              else sink.heard({ position: String(id) })
              at = id
            }
            if (stop) break
          }
          last = at
          sink.heard({ position: String(at), caughtUp: at === max })
          // Only a whole read ends an outage: maxitem answering while an item fails is still one, whose wait grows.
          failures = 0
          await pause(pace.pollMs ?? POLL_MS, signal)
        } catch (err) {
          if (signal.aborted) return
          sink.failed(err)
          await pause(retryWaitMs(err, failures++, undefined, pace.firstRetryMs), signal)
        }
      }
    },
  }
}

/**
 * Whether item `id`, whose read just failed, is passed over: it has now failed FAILING_TRIES times while an item after
 * it (in `later`, the same read) was there. Counted only then, so an outage of every item waits as any outage does.
 */
function passOver(failing: Map<number, number>, id: number, later: PromiseSettledResult<object | null>[]) {
  if (!later.some((a) => a.status === 'fulfilled' && a.value !== null)) return false
  const tries = (failing.get(id) ?? 0) + 1
  if (tries < FAILING_TRIES) {
    failing.set(id, tries)
    return false
  }
  failing.delete(id)
  return true
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err))

/** A story or a comment as a Mention, with the id the Algolia search gives it too; anything else is passed over. */
function toMention(item: v.InferOutput<typeof Item>, now: () => Date): Mention | undefined {
  if (item.deleted || item.dead || !item.by || item.time === undefined) return undefined
  if (item.type !== 'story' && item.type !== 'comment') return undefined
  const text = item.text ? htmlToText(item.text) : ''
  const title = item.title === undefined ? undefined : decodeEntities(item.title)
  const id = String(item.id)
  return {
    id: `hackernews:${id}`,
    author: item.by,
    content: item.type === 'comment' ? text : [title, text].filter(Boolean).join('\n\n'),
    url: `https://news.ycombinator.com/item?id=${id}`,
    profileUrl: `https://news.ycombinator.com/user?id=${encodeURIComponent(item.by)}`,
    // A time no date can hold (a broken answer, a mirror) is this server's now: thrown, it failed every read for good.
    date: isoDate(item.time) ?? now().toISOString(),
    platform: 'hackernews',
    ...(item.type === 'comment' ? { kind: 'comment' as const } : { title }),
    engagement: { likes: item.score ?? 0, comments: item.descendants ?? item.kids?.length ?? 0, shares: 0 },
  }
}
