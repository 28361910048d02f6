import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { decodeEntities } from '../common/html-text'
import { count, isoDate, readItems } from '../common/mapping'
import { fetchPlatformJson } from '../http'
import { backoffMs, pause, type StreamReader } from '../stream'
import type { Mention } from '../../mention'
import { DEVTO_READ_EVERY_MS } from '../stream-share'
import { isWebUrl } from '../common/web-urls'

// Forem API v1 GET /api/articles/latest (developers.forem.com/api/v1#tag/articles): published articles, newest
// first, `per_page` up to 1000. Article ids only grow, so the stored id says what was read. One call a minute; the
// text matched is the title, the description and the tags, without a call per article (docs/streams.md#which-platforms-stream).
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

export function createDevtoStream(config: Config['platforms']['devto'], log: Logger): StreamReader {
  const headers: Record<string, string> = { accept: 'application/vnd.forem.api-v1+json' }
  if (config.api_key.trim() !== '') headers['api-key'] = config.api_key.trim()
  return {
    platform: 'devto',
    async read(from, sink, signal) {
      let last = from === null ? null : Number(from)
      let failures = 0
      while (!signal.aborted) {
        let waitMs = EVERY_MS
        try {
          const url = new URL('/api/articles/latest', config.stream_url)
          url.search = new URLSearchParams({ per_page: String(PER_PAGE), page: '1' }).toString()
          const body = await fetchPlatformJson({
            platform: 'devto',
            url,
            headers,
            timeoutMs: config.timeout_ms,
            signal,
          })
          const items = readItems({
            platform: 'devto',
            log,
            items: Array.isArray(body) ? body : [],
            item: Article,
            map: (a) => a,
          })
          const newest = Math.max(...items.map((a) => a.id), last ?? 0)
          if (last !== null) {
            const fresh = items.filter((a) => a.id > (last as number)).sort((a, b) => a.id - b.id)
            if (fresh.length === items.length && items.length === PER_PAGE) {
              sink.gap(`more than ${PER_PAGE} articles since the stored position; older ones were not read`)
            }
            for (const a of fresh) sink.item(toMention(a), String(a.id))
          }
          last = newest
          sink.heard({ caughtUp: true, position: String(last) })
          failures = 0
        } catch (err) {
          if (signal.aborted) return
          sink.failed(err)
          waitMs = backoffMs(failures++, EVERY_MS)
        }
        await pause(waitMs, signal)
      }
    },
  }
}

function toMention(a: v.InferOutput<typeof Article>): Mention {
  const tags = Array.isArray(a.tag_list) ? a.tag_list.join(' ') : (a.tag_list ?? '')
  const title = decodeEntities(a.title)
  return {
    id: `devto:${a.id}`,
    author: a.user.username || a.user.name || 'unknown',
    content: [title, a.description && decodeEntities(a.description), tags && `#${tags.split(/[ ,]+/).join(' #')}`]
      .filter(Boolean)
      .join('\n\n'),
    url: a.url,
    // An address that is not a web page has no origin to build on: the stream reads past such an article
    // (platformMentions) instead of failing on it.
    profileUrl: isWebUrl(a.url) ? new URL(`/${encodeURIComponent(a.user.username)}`, a.url).href : '',
    date: isoDate(a.published_at) ?? new Date().toISOString(),
    platform: 'devto',
    title,
    engagement: { likes: count(a.public_reactions_count), comments: count(a.comments_count), shares: 0 },
  }
}
