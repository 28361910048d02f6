import * as v from 'valibot'
import type { Config } from '../../config/schema'
import { AppError } from '../../errors'
import type { Logger } from '../../lib/log'
import { newestFirst } from '../feeds/feed'
import { htmlToText } from '../common/html-text'
import { matchesKeyword } from '../common/keyword'
import { fetchPlatformJson } from '../http'
import { UpstreamStatusError } from '../upstream-errors'
import { countedPause } from '../common/counted-limits'
import type { PlatformShared } from '../common/shared-pauses'
import { authorOr, count, isoDate, readEnvelope, readItems, ReadableDate } from '../common/mapping'
import { AS_SENT, type Mention } from '../../mention'
import type { PlatformConnector } from '../types'
import { plainQuery } from '../../query/platform-queries'

// Substack has no official API. Its search box calls GET /api/v1/top/search?query=… (unauthenticated, used by
// several open-source clients; the older /api/v1/post/search is reported to answer nothing now). It pages by
// cursor, not by page number: the answer's `nextCursor` goes back as the next request's cursor, and there is no
// page-size parameter. Which name the cursor goes back under is not documented: public clients send `cursor`
// (jakub-k-slys/substack-api, SearchService.search) or `searchCursor` (others' notes), so both are sent; and a page
// whose posts all came before (the cursor ignored, the first page again) ends the scan rather than spend more pages.
// `items` mixes posts, Notes (`comment`) and profile groups; only `type: "post"` items are posts. Search is by
// meaning and drifts off-topic, so a post must contain every word of the keyword; results come by relevance, so
// the matches found are then ordered newest first. Bursts are answered 429: the scan stops after 4 pages, and a
// failure after the first page keeps what earlier pages found.
const MAX_PAGES = 4

const Person = v.object({ name: v.nullish(v.string()), handle: v.nullish(v.string()) })
const Hit = v.object({
  type: v.literal('post'),
  post: v.object({
    id: v.union([v.number(), v.string()]),
    title: v.string(),
    subtitle: v.nullish(v.string()),
    description: v.nullish(v.string()),
    truncated_body_text: v.nullish(v.string()),
    body_html: v.nullish(v.string()),
    canonical_url: v.pipe(v.string(), v.url()),
    post_date: ReadableDate,
    reaction_count: v.nullish(v.number()),
    comment_count: v.nullish(v.number()),
    restacks: v.nullish(v.number()),
    publishedBylines: v.nullish(v.array(Person)),
  }),
  publication: v.nullish(v.object({ name: v.nullish(v.string()) })),
  context: v.nullish(v.object({ users: v.nullish(v.array(Person)) })),
})
type Hit = v.InferOutput<typeof Hit>
const Envelope = v.object({ items: v.array(v.unknown()), nextCursor: v.nullish(v.string()) })
const isPost = (item: unknown) =>
  typeof item === 'object' && item !== null && (item as { type?: unknown }).type === 'post'

export function createSubstackConnector(
  config: Config['platforms']['substack'],
  log: Logger,
  shared: PlatformShared = {},
): PlatformConnector {
  // This machine's address at Substack (docs/platforms.md#rate-limits): a refusal holds every server here.
  const refusal = (wait: number, why: string) => `substack ${why}: wait ${wait} s before searching again`
  const pause = countedPause('substack', config, shared.pauses, refusal)!
  return {
    platform: 'substack',
    pause,
    requestsFor: () => MAX_PAGES,
    async search(keyword, limit, signal) {
      await pause.refuseWhileHeld()
      const found = new Map<string, Mention>()
      // Every post id the scan has been given, matching or not: a page of nothing but these is a repeat.
      const seen = new Set<string>()
      let cursor: string | null | undefined
      for (let page = 1; page <= MAX_PAGES && found.size < limit; page++) {
        const url = new URL('/api/v1/top/search', config.base_url)
        url.searchParams.set('query', plainQuery(keyword))
        if (cursor) {
          url.searchParams.set('cursor', cursor)
          url.searchParams.set('searchCursor', cursor)
        }
        let body: unknown
        try {
          body = await fetchPlatformJson({ platform: 'substack', url, timeoutMs: config.timeout_ms, signal })
        } catch (err) {
          if (page === 1 || !(err instanceof AppError) || signal?.aborted) return pause.refused(err)
          log.warn('platform_page_failed', { platform: 'substack', page, err })
          // A rate limit met after the first page: this search keeps its pages, the next ones wait unsent.
          const retryAfterSec = err.extra.retryAfterSec
          const status = err instanceof UpstreamStatusError ? err.status : 429
          if (retryAfterSec !== undefined) await pause.hold(retryAfterSec, `answered ${status} (rate limited)`)
          break
        }
        const { items, nextCursor } = readEnvelope('substack', Envelope, body, 'a response without an items list')
        const posts = items.filter(isPost)
        const ids = posts.map((item) => String((item as { post?: { id?: unknown } }).post?.id))
        if (page > 1 && ids.every((id) => seen.has(id))) {
          log.warn('platform_page_repeated', { platform: 'substack', page })
          break
        }
        for (const id of ids) seen.add(id)
        // Notes and profiles are not posts: they are passed over, not counted as malformed.
        for (const hit of readItems({
          platform: 'substack',
          log,
          items: posts,
          item: Hit,
          map: (h) => h,
        })) {
          // Its search reads by meaning: a post is kept by the words of its text, as matching will read them
          // (docs/queries.md#matching), never of its HTML, whose markup parts a phrase and whose addresses add words.
          const mention = toMention(hit)
          if (!matchesKeyword(keyword, mention.content)) continue
          if (!found.has(mention.id)) found.set(mention.id, mention)
        }
        if (!nextCursor) break
        cursor = nextCursor
      }
      return newestFirst([...found.values()]).slice(0, limit)
    },
  }
}

function toMention({ post, publication, context }: Hit): Mention {
  const person = [...(context?.users ?? []), ...(post.publishedBylines ?? [])].find((u) => u.name || u.handle)
  const publicationName = person ? undefined : publication?.name
  return {
    id: `substack:${post.id}`,
    ...authorOr(person?.name || person?.handle || publicationName),
    // Title, subtitle (or the description, which usually repeats it), then the body: the full HTML when the
    // endpoint sends it, else Substack's plain-text opening of the post. Paid posts only ever give the opening.
    content: [
      post.title,
      post.subtitle || post.description,
      post.body_html ? htmlToText(post.body_html) : post.truncated_body_text,
    ]
      .filter(Boolean)
      .join('\n\n'),
    [AS_SENT]: [post.title, post.subtitle || post.description, post.body_html || post.truncated_body_text],
    url: post.canonical_url,
    // The writer's Substack profile, or the publication's home page where the publication stands as author; a writer
    // without a handle, or no one named, has none (docs/platforms.md#medium-substack-and-news).
    profileUrl: person?.handle
      ? `https://substack.com/@${encodeURIComponent(person.handle)}`
      : publicationName
        ? new URL(post.canonical_url).origin
        : '',
    date: isoDate(post.post_date)!,
    platform: 'substack',
    // likes = reactions (hearts); shares = restacks, Substack's reshare.
    engagement: {
      likes: count(post.reaction_count),
      comments: count(post.comment_count),
      shares: count(post.restacks),
    },
  }
}
