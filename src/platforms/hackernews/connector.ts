import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { fetchPlatformJson } from '../http'
import { decodeEntities, htmlToText } from '../common/html-text'
import { readEnvelope, readItems } from '../common/mapping'
import { AS_SENT, type Mention } from '../../mention'
import type { PlatformConnector } from '../types'
import { algoliaQuery } from '../../query/platform-queries'

// Algolia HN Search: https://hn.algolia.com/api. Comments carry null points and num_comments.
const Hit = v.object({
  objectID: v.string(),
  author: v.string(),
  created_at: v.pipe(v.string(), v.isoTimestamp()),
  title: v.nullish(v.string()),
  story_text: v.nullish(v.string()),
  comment_text: v.nullish(v.string()),
  points: v.nullish(v.number()),
  num_comments: v.nullish(v.number()),
})
const Envelope = v.object({ hits: v.array(v.unknown()) })

export function createHackernewsConnector(config: Config['platforms']['hackernews'], log: Logger): PlatformConnector {
  return {
    platform: 'hackernews',
    async search(keyword, limit, signal) {
      const url = new URL('/api/v1/search_by_date', config.base_url)
      // advancedSyntax makes "phrases" and -word mean what they say (docs/queries.md#per-platform).
      const { query, tags } = algoliaQuery(keyword)
      url.search = new URLSearchParams({ query, tags, advancedSyntax: 'true', hitsPerPage: String(limit) }).toString()
      const body = await fetchPlatformJson({ platform: 'hackernews', url, timeoutMs: config.timeout_ms, signal })
      const { hits } = readEnvelope('hackernews', Envelope, body, 'a response without a hits list')
      return readItems({ platform: 'hackernews', log, items: hits, item: Hit, map: toMention }).slice(0, limit)
    },
  }
}

function toMention(hit: v.InferOutput<typeof Hit>): Mention {
  // A story's text is its title plus its body (Ask/Show HN); a comment's is its comment text. HN sends HTML, titles
  // too (github.com/HackerNews/API, Items): a title's entities are decoded once.
  const title = hit.title ? decodeEntities(hit.title) : undefined
  const content = hit.comment_text
    ? htmlToText(hit.comment_text)
    : [title, hit.story_text && htmlToText(hit.story_text)].filter(Boolean).join('\n\n')
  return {
    id: `hackernews:${hit.objectID}`,
    author: hit.author,
    content,
    url: `https://news.ycombinator.com/item?id=${encodeURIComponent(hit.objectID)}`,
    profileUrl: `https://news.ycombinator.com/user?id=${encodeURIComponent(hit.author)}`,
    date: new Date(hit.created_at).toISOString(),
    platform: 'hackernews',
    ...(hit.comment_text ? { kind: 'comment' as const } : { title }),
    [AS_SENT]: hit.comment_text || [hit.title, hit.story_text],
    engagement: { likes: hit.points ?? 0, comments: hit.num_comments ?? 0, shares: 0 },
  }
}
