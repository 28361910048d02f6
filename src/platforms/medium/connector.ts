import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { FeedDate, fetchFeed, HttpUrl, newestFirst, Text } from '../feeds/feed'
import { htmlToText } from '../common/html-text'
import { readItems } from '../common/mapping'
import type { Mention } from '../../mention'
import { UpstreamStatusError } from '../http'
import type { PlatformConnector } from '../types'
import { plainQuery } from '../../query/platform-queries'

// Medium has no search API (its official API is archived and was write-only). What it serves without a key is RSS:
// GET /feed/tag/{tag} lists the newest stories carrying a tag, about ten, newest first, with no paging: one request
// is the whole answer. Each item has title, link, guid (https://medium.com/p/{postId}), dc:creator, pubDate
// (RFC 822), category, and the story as HTML in content:encoded; tag feeds often carry only a preview in
// <description> instead. No reaction or response counts are in the feed.
const Item = v.object({
  title: Text,
  link: HttpUrl,
  guid: v.optional(Text),
  'dc:creator': v.optional(Text),
  pubDate: FeedDate,
  'content:encoded': v.optional(Text),
  description: v.optional(Text),
})
type Item = v.InferOutput<typeof Item>

/**
 * The tag a keyword names on Medium: tag pages live at /tag/{slug}, the slug being the tag in lower case with
 * spaces as hyphens ("Product Management" → product-management, "Artificial Intelligence" →
 * artificial-intelligence) and punctuation dropped ("Node.js" → nodejs).
 */
export function mediumTag(keyword: string): string {
  return keyword
    .trim()
    .toLowerCase()
    .normalize('NFKC')
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}-]/gu, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '')
}

const MAX_FEEDS = 4

/**
 * The tag feeds a keyword is read from. One word is its tag. Several words rarely make a tag ("crm tool" →
 * crm-tool has no stories), so their own tag is read first (it exists for "product management"), then each word's
 * (crm, tool), at most MAX_FEEDS in all; the stories are then matched against every word here.
 */
export function mediumTags(keyword: string): string[] {
  const words = plainQuery(keyword, false)
  const each = words.split(/\s+/).map(mediumTag)
  return [...new Set([mediumTag(words), ...each])].filter((t) => t !== '').slice(0, MAX_FEEDS)
}

export function createMediumConnector(config: Config['platforms']['medium'], log: Logger): PlatformConnector {
  const read = async (tag: string, signal?: AbortSignal) => {
    const url = new URL(`/feed/tag/${encodeURIComponent(tag)}`, config.base_url)
    const items = await fetchFeed({ platform: 'medium', url, timeoutMs: config.timeout_ms, signal, log })
    return readItems({ platform: 'medium', log, items, item: Item, map: toMention })
  }
  // A tag nobody uses has no feed (404): it finds nothing, whether the keyword names one tag or several.
  const readTag = (tag: string, signal?: AbortSignal) =>
    read(tag, signal).catch((err) => {
      if (err instanceof UpstreamStatusError && err.status === 404) return []
      throw err
    })
  return {
    platform: 'medium',
    requestsFor: (_limit, keyword) => (keyword === undefined ? 1 : Math.max(1, mediumTags(keyword).length)),
    async search(keyword, limit, signal) {
      const tags = mediumTags(keyword)
      // A keyword of punctuation only names no tag: there is nothing to ask Medium for.
      if (tags.length === 0) return []
      if (tags.length === 1) return newestFirst(await readTag(tags[0], signal)).slice(0, limit)
      const found = new Map<string, Mention>()
      for (const tag of tags) {
        for (const m of await readTag(tag, signal)) found.set(m.id, m)
      }
      const words = plainQuery(keyword, false).toLowerCase().split(/\s+/)
      const holdsEvery = (m: Mention) => words.every((w) => m.content.toLowerCase().includes(w))
      return newestFirst([...found.values()].filter(holdsEvery)).slice(0, limit)
    },
  }
}

function toMention(item: Item): Mention {
  const link = new URL(item.link)
  // The link carries a tracking query (?source=rss----…); the story's address is the link without it.
  const url = `${link.origin}${link.pathname}`
  const segments = link.pathname.split('/').filter(Boolean)
  // Stories live at medium.com/@user/slug (the writer's page), user.medium.com/slug (the host is the writer's page),
  // medium.com/publication/slug (the publication's page) or a publication's own domain (its origin).
  const owner = link.hostname === 'medium.com' && segments.length >= 2 ? `${link.origin}/${segments[0]}` : link.origin
  const handle = segments[0]?.startsWith('@') ? segments[0] : undefined
  // Medium guids look like https://medium.com/p/1a2b3c4d5e6f: the hex post id is the stable part.
  const postId = item.guid?.match(/\/p\/([0-9a-f]+)\/?$/i)?.[1] ?? item.guid ?? url
  const body = item['content:encoded'] || item.description
  return {
    id: `medium:${postId}`,
    author: item['dc:creator'] || handle || 'unknown',
    // The title, then the story as text (the whole story, or Medium's preview of it).
    content: body ? `${item.title}\n\n${htmlToText(body)}` : item.title,
    url,
    profileUrl: owner,
    date: item.pubDate,
    platform: 'medium',
    // The feed has no counts at all; Medium has no share counter either.
    engagement: { likes: 0, comments: 0, shares: 0 },
  }
}
