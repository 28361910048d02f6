import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { count, readEnvelope, readItems } from '../common/mapping'
import { pagedSearch } from '../common/collect'
import type { Mention } from '../../mention'
import type { PlatformConnector } from '../types'
import { createRedditGet } from './api'
import type { PlatformShared } from '../common/shared-pauses'
import { redditQuery } from '../../query/platform-queries'
import { redditAuthor } from './author'

// Reddit search (GET /search on oauth.reddit.com with an app token; the keyless /search.json answers 403 since 2025):
// sort=new is newest first, limit is at most 100, `after` (data.after, a fullname like t3_abc) is the next page,
// type=link asks for posts, raw_json=1 stops the &amp; escaping of text. Every call, the token's included, carries
// the User-Agent Reddit's API rules ask for (docs/platforms.md#reddit); generic ones are throttled or refused.
const PAGE_MAX = 100

const Post = v.object({
  id: v.string(),
  title: v.string(),
  selftext: v.nullish(v.string()),
  author: v.string(),
  permalink: v.pipe(v.string(), v.startsWith('/')),
  // Seconds since the epoch, a float; anything a Date cannot hold makes the post unreadable.
  created_utc: v.pipe(
    v.number(),
    v.check((s) => Math.abs(s) <= 8.64e12),
  ),
  score: v.nullish(v.number()),
  ups: v.nullish(v.number()),
  num_comments: v.nullish(v.number()),
  num_crossposts: v.nullish(v.number()),
})
const Child = v.object({ data: Post })
const Listing = v.object({ data: v.object({ after: v.nullish(v.string()), children: v.array(v.unknown()) }) })

/** Built only when configured (client_id, client_secret, app_id and username set: the configuration checks that). */
export function createRedditConnector(
  config: Config['platforms']['reddit'],
  log: Logger,
  now: () => number = Date.now,
  shared: PlatformShared = {},
): PlatformConnector {
  const get = createRedditGet(config, log, now, shared)
  const page = (params: URLSearchParams, signal?: AbortSignal) => {
    const url = new URL('/search', config.base_url)
    url.search = params.toString()
    return get(url, signal)
  }

  return {
    platform: 'reddit',
    pause: get.pause,
    // The first page is asked without `after` ('').
    ...pagedSearch(PAGE_MAX, '', async ({ keyword, at: after, found, pageSize, signal }) => {
      const params = new URLSearchParams({
        q: redditQuery(keyword),
        sort: 'new',
        limit: String(pageSize),
        type: 'link',
        raw_json: '1',
      })
      if (after) params.set('after', after)
      const body = await page(params, signal)
      const { data } = readEnvelope('reddit', Listing, body, 'a response that is not a listing')
      // New posts push older ones across a page boundary between two calls: a post may come twice.
      found.add(
        readItems({ platform: 'reddit', log, items: data.children, item: Child, map: (c) => toMention(c.data) }),
      )
      // With no request left (X-Ratelimit-Remaining), the search answers with what has come so far rather than
      // losing it to the next page's refusal (docs/platforms.md#rate-limits).
      const next = data.after ?? undefined
      const last = !next || next === after || data.children.length === 0 || get.pause.secondsLeft() > 0
      return last ? undefined : next
    }),
  }
}

function toMention(p: v.InferOutput<typeof Post>): Mention {
  return {
    id: `reddit:${p.id}`,
    ...redditAuthor(p.author),
    // The title and the self-post body (Markdown) as Reddit gives them; a link post has an empty selftext.
    content: p.selftext ? `${p.title}\n\n${p.selftext}` : p.title,
    url: `https://www.reddit.com${p.permalink}`,
    date: new Date(p.created_utc * 1000).toISOString(),
    platform: 'reddit',
    title: p.title,
    // likes = score (upvotes minus downvotes, never below 0 here); shares = crossposts to other subreddits.
    engagement: { likes: count(p.score ?? p.ups), comments: count(p.num_comments), shares: count(p.num_crossposts) },
  }
}
