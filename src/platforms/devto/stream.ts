import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { decodeEntities } from '../common/html-text'
import { authorOr, count, isoDate, readItems } from '../common/mapping'
import { fetchPlatformJson } from '../http'
import { aheadOfClock, NAMED_WAIT_MAX_SEC, pause, retryWaitMs, storedPosition, type StreamReader } from '../stream'
import type { Mention } from '../../mention'
import { DEVTO_READ_EVERY_MS } from '../stream-share'
import { isWebUrl } from '../common/web-urls'
import { remember } from '../../lib/bounded-map'

// Forem API v1 GET /api/articles/latest (developers.forem.com/api/v1#tag/articles): published articles, newest
// published first, `per_page` up to 1000. An article is numbered when it is created, as a draft, so a draft published
// days later has a lower id than articles published meanwhile, and one given an earlier date a higher id than the
// last read. `published_at` is given to the second, so articles can share one, and one listed after the last read can
// have its second and a lower id. An article is new when it was published after the newest one read, in that second
// without being one of the ids read in it, or has a higher id than any: the position keeps all three
// ("<published ms>:<id>:<ids of that second>"; "<ms>:<id>" and a bare id are older positions). One call a minute; the
// text matched is the title, the description and the tags, without a call per article
// (docs/streams.md#which-platforms-stream).
const EVERY_MS = DEVTO_READ_EVERY_MS
const PER_PAGE = 100

const Article = v.object({
  id: v.number(),
  title: v.string(),
  description: v.nullish(v.string()),
  url: v.pipe(v.string(), v.url()),
  published_at: v.string(),
  tag_list: v.nullish(v.union([v.array(v.string()), v.string()])),
  public_reactions_count: v.nullish(v.number()),
  comments_count: v.nullish(v.number()),
  user: v.object({ username: v.string(), name: v.nullish(v.string()) }),
})

/** The newest publication time, the ids read that were published then, and the highest id read. */
type At = { ms: number; id: number; inMs: number[] }
type Read = v.InferOutput<typeof Article>
const msOf = (a: Read) => Date.parse(a.published_at) || 0
const isNew = (a: Read, last: At) =>
  msOf(a) > last.ms || (msOf(a) === last.ms && !last.inMs.includes(a.id)) || a.id > last.id
/**
 * `at` moved past `a`; an older position's unknown time (Infinity) gives way to the first one read. A time ahead of
 * this server's clock is not taken: one years ahead kept there made a draft published later, with a lower id, old.
 */
const past = (at: At, a: Read): At => {
  const ms = msOf(a)
  const id = Math.max(at.id, a.id)
  if (aheadOfClock(ms)) return { ...at, id }
  if (!Number.isFinite(at.ms) || ms > at.ms) return { ms, id, inMs: [a.id] }
  return { ms: at.ms, id, inMs: ms === at.ms && !at.inMs.includes(a.id) ? [...at.inMs, a.id] : at.inMs }
}
const positionOf = (at: At) => `${at.ms}:${at.id}:${at.inMs.join(',')}`
/** The stored position; a bare id (stored before positions had a time) reads what has a higher id, and one without
 * the ids of its second reads that second again (what was signalled is not signalled twice). */
const parse = (s: string | null): At | null => {
  if (s === null) return null
  const [ms, id, inMs = ''] = s.includes(':') ? s.split(':') : ['Infinity', s]
  const ids = inMs === '' ? [] : inMs.split(',').map(Number)
  const at = { ms: Number(ms), id: Number(id), inMs: ids }
  return Number.isFinite(at.id) && !Number.isNaN(at.ms) && ids.every(Number.isFinite) ? at : null
}

export function createDevtoStream(config: Config['platforms']['devto'], log: Logger): StreamReader {
  const headers: Record<string, string> = { accept: 'application/vnd.forem.api-v1+json' }
  if (config.api_key.trim() !== '') headers['api-key'] = config.api_key.trim()
  return {
    platform: 'devto',
    async read(from, sink, signal) {
      let last = storedPosition('devto', from, (s) => parse(s) ?? undefined, sink)
      let failures = 0
      // Articles dated ahead already told as a gap: each read hands them on again, and the runner passes them over.
      const told = new Map<number, true>()
      while (!signal.aborted) {
        let waitMs = EVERY_MS
        try {
          // A full queue to the scorer is waited on before reading more (docs/streams.md#backpressure).
          if (sink.full()) await sink.room()
          const url = new URL('/api/articles/latest', config.stream_url)
          url.search = new URLSearchParams({ per_page: String(PER_PAGE), page: '1' }).toString()
          const body = await fetchPlatformJson({
            platform: 'devto',
            url,
            headers,
            timeoutMs: config.timeout_ms,
            signal,
            longestWaitSec: NAMED_WAIT_MAX_SEC,
          })
          const items = readItems({
            platform: 'devto',
            log,
            items: Array.isArray(body) ? body : [],
            item: Article,
            map: (a) => a,
          })
          if (last !== null) {
            const from = last
            const fresh = items.filter((a) => isNew(a, from)).sort((a, b) => msOf(a) - msOf(b) || a.id - b.id)
            if (fresh.length === items.length && items.length === PER_PAGE) {
              sink.gap(`more than ${PER_PAGE} articles since the stored position; older ones were not read`)
            }
            for (const a of fresh) {
              if (aheadOfClock(msOf(a)) && !told.has(a.id)) {
                remember(told, a.id, true, 1000)
                sink.gap(
                  `devto article ${a.id} is dated ahead of this server's clock; the position's time does not follow it`,
                )
              }
              last = past(last, a)
              sink.item(toMention(a, sink.now), positionOf(last))
            }
          }
          // Past everything listed: a first read starts from now on, and an older position takes a time.
          last = items.reduce<At | null>(
            (at, a) => past(at ?? { ms: Number.POSITIVE_INFINITY, id: a.id, inMs: [] }, a),
            last,
          )
          if (last && Number.isFinite(last.ms)) sink.heard({ caughtUp: true, position: positionOf(last) })
          else sink.heard({ caughtUp: true })
          failures = 0
        } catch (err) {
          if (signal.aborted) return
          sink.failed(err)
          waitMs = retryWaitMs(err, failures++, EVERY_MS)
        }
        await pause(waitMs, signal)
      }
    },
  }
}

function toMention(a: v.InferOutput<typeof Article>, now: () => Date): Mention {
  const tags = Array.isArray(a.tag_list) ? a.tag_list.join(' ') : (a.tag_list ?? '')
  const title = decodeEntities(a.title)
  return {
    id: `devto:${a.id}`,
    ...authorOr(a.user.username || a.user.name),
    content: [title, a.description && decodeEntities(a.description), tags && `#${tags.split(/[ ,]+/).join(' #')}`]
      .filter(Boolean)
      .join('\n\n'),
    url: a.url,
    // An address that is not a web page has no origin to build on: the stream reads past such an article
    // (platformMentions) instead of failing on it.
    profileUrl: isWebUrl(a.url) ? new URL(`/${encodeURIComponent(a.user.username)}`, a.url).href : '',
    date: isoDate(a.published_at) ?? now().toISOString(),
    platform: 'devto',
    title,
    engagement: { likes: count(a.public_reactions_count), comments: count(a.comments_count), shares: 0 },
  }
}
