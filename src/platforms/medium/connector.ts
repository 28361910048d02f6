import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { FeedDate, fetchFeed, HttpUrl, newestFirst, Text } from '../feeds/feed'
import { htmlToText } from '../common/html-text'
import { authorOr, readItems } from '../common/mapping'
import { AS_SENT, type Mention } from '../../mention'
import { AppError } from '../../errors'
import { UpstreamStatusError } from '../upstream-errors'
import { countedPause } from '../common/counted-limits'
import type { PlatformShared } from '../common/shared-pauses'
import type { PlatformConnector } from '../types'
import { plainQuery } from '../../query/platform-queries'
import { withoutFeedLink } from './preview'
import { matchesKeyword } from '../common/keyword'

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
// A tag with stories every day (the word `platforms check` searches for). A tag nobody uses has no feed (404), and
// neither has any path of an address that is not Medium's: when every feed of a search answered 404, this tag's feed
// tells the two apart (docs/platforms.md#medium-substack-and-news).
const WIDELY_USED_TAG = 'software'
// A feed that answered shows the address serves Medium's feeds for this long.
const ADDRESS_SHOWN_MS = 3_600_000

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

export function createMediumConnector(
  config: Config['platforms']['medium'],
  log: Logger,
  shared: PlatformShared = {},
): PlatformConnector {
  // This machine's address at Medium (docs/platforms.md#rate-limits): a refusal holds every server here.
  const pause = countedPause('medium', config, shared.pauses)!
  const read = async (tag: string, signal?: AbortSignal) => {
    const url = new URL(`/feed/tag/${encodeURIComponent(tag)}`, config.base_url)
    const items = await fetchFeed({ platform: 'medium', url, timeoutMs: config.timeout_ms, signal, log })
    return readItems({ platform: 'medium', log, items, item: Item, map: toMention })
  }
  let answeredAt = Number.NEGATIVE_INFINITY
  const addressShown = () => Date.now() - answeredAt < ADDRESS_SHOWN_MS
  const notFound = (err: unknown) => err instanceof UpstreamStatusError && err.status === 404
  // A tag nobody uses has no feed (404): it finds nothing, whether the keyword names one tag or several; null then.
  const readTag = async (tag: string, signal?: AbortSignal) => {
    try {
      const mentions = await read(tag, signal)
      answeredAt = Date.now()
      return mentions
    } catch (err) {
      if (notFound(err)) return null
      throw err
    }
  }
  /** Every feed answered 404: unless the address showed it is Medium's, a tag in wide use must have a feed there. */
  const checkAddress = async (tags: string[], signal?: AbortSignal) => {
    if (addressShown()) return
    if (tags.includes(WIDELY_USED_TAG) || (await readTag(WIDELY_USED_TAG, signal)) === null) {
      const host = new URL(config.base_url).host
      throw new UpstreamStatusError(
        404,
        `medium answered with status 404 for every tag feed at ${host}, also for the tag "${WIDELY_USED_TAG}", which has stories every day: check platforms.medium.base_url`,
      )
    }
  }
  return {
    platform: 'medium',
    pause,
    // The feed of a tag in wide use, once an hour at most, when no feed answered within it (checkAddress).
    requestsFor: (_limit, keyword) =>
      (keyword === undefined ? 1 : Math.max(1, mediumTags(keyword).length)) + (addressShown() ? 0 : 1),
    async search(keyword, limit, signal) {
      const tags = mediumTags(keyword)
      // A keyword of punctuation only names no tag: there is nothing to ask Medium for.
      if (tags.length === 0) return []
      await pause.refuseWhileHeld()
      const feeds: (Mention[] | null)[] = []
      for (const tag of tags) {
        // A refusal holds the address's pause; one after the first feed ends the search with the feeds read before.
        const later = feeds.length > 0
        const feed = await readTag(tag, signal).catch((err) =>
          pause.refused(err).catch((e) => (later && limited(e) ? undefined : Promise.reject(e))),
        )
        if (feed === undefined) break
        feeds.push(feed)
      }
      if (feeds.every((f) => f === null)) {
        await checkAddress(tags, signal).catch(pause.refused)
        return []
      }
      if (tags.length === 1) return newestFirst(feeds[0] ?? []).slice(0, limit)
      const found = new Map<string, Mention>()
      for (const feed of feeds) {
        for (const m of feed ?? []) found.set(m.id, m)
      }
      // Kept by the query's words as matching reads them (docs/queries.md#words: #crm is crm, İSTANBUL is istanbul),
      // never by the characters as typed, which would drop stories the query matches.
      const mayMatch = (m: Mention) => matchesKeyword(keyword, m.content)
      return newestFirst([...found.values()].filter(mayMatch)).slice(0, limit)
    },
  }
}

/** A refusal with a wait (a 429 and its Retry-After): a rate limit, not a failed search. */
const limited = (err: unknown) => err instanceof AppError && err.extra.retryAfterSec !== undefined

function toMention(item: Item): Mention {
  const link = new URL(item.link)
  // The link carries a tracking query (?source=rss----…); the story's address is the link without it.
  const url = `${link.origin}${link.pathname}`
  const segments = link.pathname.split('/').filter(Boolean)
  const handle = segments[0]?.startsWith('@') ? segments[0] : undefined
  // Stories live at medium.com/@user/slug or user.medium.com/slug, under the writer's profile, or at
  // medium.com/publication/slug or a publication's own domain, which are the publication's, no one's profile: the
  // feed names the writer only (dc:creator), so such a story keeps none (docs/platforms.md#medium-substack-and-news).
  const writerHost = link.hostname.endsWith('.medium.com')
  const profile = handle && link.hostname === 'medium.com' ? `${link.origin}/${handle}` : writerHost ? link.origin : ''
  // Medium guids look like https://medium.com/p/1a2b3c4d5e6f: the hex post id is the stable part.
  const postId = item.guid?.match(/\/p\/([0-9a-f]+)\/?$/i)?.[1] ?? item.guid ?? url
  const body = item['content:encoded'] || item.description
  return {
    id: `medium:${postId}`,
    ...authorOr(item['dc:creator'] || handle),
    // The title, then the story as text (the whole story, or Medium's preview of it without Medium's own link).
    content: body ? `${item.title}\n\n${htmlToText(withoutFeedLink(body))}`.trim() : item.title,
    [AS_SENT]: [item.title, body],
    url,
    profileUrl: profile,
    date: item.pubDate,
    platform: 'medium',
    // The feed has no counts at all; Medium has no share counter either.
    engagement: { likes: 0, comments: 0, shares: 0 },
  }
}
