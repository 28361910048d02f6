import * as v from 'valibot'
import { version } from '../../../package.json'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { fetchPlatformJson, UpstreamStatusError } from '../http'
import { count, readEnvelope, readItems } from '../common/mapping'
import { collectPages } from '../common/collect'
import type { Mention } from '../../mention'
import type { PlatformConnector } from '../types'
import { createTokenKeeper } from './token'
import { redditQuery } from '../../query/platform-queries'

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

// A refused token (401) is the one failure worth a new token.
const unauthorized = (err: unknown) => err instanceof UpstreamStatusError && err.status === 401

/** Reddit's required form: `<platform>:<app id>:<version> (by /u/<username>)`, e.g. `linux:com.acme.leads:v0.1.0 (by /u/jane)`. */
export const redditUserAgent = (config: Pick<Config['platforms']['reddit'], 'app_id' | 'username'>) =>
  `${process.platform}:${config.app_id.trim()}:v${version} (by /u/${config.username.trim()})`

/** Built only when configured (client_id, client_secret, app_id and username set: the configuration checks that). */
export function createRedditConnector(
  config: Config['platforms']['reddit'],
  log: Logger,
  now: () => number = Date.now,
): PlatformConnector {
  const userAgent = redditUserAgent(config)
  const tokens = createTokenKeeper(config, log, now, userAgent)
  const get = (url: URL, signal: AbortSignal | undefined, token: string) =>
    fetchPlatformJson({
      platform: 'reddit',
      url,
      timeoutMs: config.timeout_ms,
      signal,
      log,
      headers: { 'user-agent': userAgent, authorization: `bearer ${token}` },
    })

  async function page(params: URLSearchParams, signal?: AbortSignal): Promise<unknown> {
    const url = new URL('/search', config.base_url)
    url.search = params.toString()
    const token = await tokens.get()
    try {
      return await get(url, signal, token)
    } catch (err) {
      if (!unauthorized(err)) throw err
      // Revoked, or expired before its time: one new token and one more try.
      tokens.forget(token)
      return get(url, signal, await tokens.get())
    }
  }

  return {
    platform: 'reddit',
    requestsFor: (limit) => Math.ceil(limit / PAGE_MAX),
    async search(keyword, limit, signal) {
      const perPage = Math.min(limit, PAGE_MAX)
      // The first page is asked without `after` ('').
      const collected = await collectPages(limit, '', async (after, found) => {
        const params = new URLSearchParams({
          q: redditQuery(keyword),
          sort: 'new',
          limit: String(perPage),
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
        return !data.after || data.after === after || data.children.length === 0 ? undefined : data.after
      })
      return collected.take()
    },
  }
}

function toMention(p: v.InferOutput<typeof Post>): Mention {
  const author = p.author || '[deleted]'
  return {
    id: `reddit:${p.id}`,
    author,
    // The title and the self-post body (Markdown) as Reddit gives them; a link post has an empty selftext.
    content: p.selftext ? `${p.title}\n\n${p.selftext}` : p.title,
    url: `https://www.reddit.com${p.permalink}`,
    profileUrl: `https://www.reddit.com/user/${encodeURIComponent(author)}`,
    date: new Date(p.created_utc * 1000).toISOString(),
    platform: 'reddit',
    title: p.title,
    // likes = score (upvotes minus downvotes, never below 0 here); shares = crossposts to other subreddits.
    engagement: { likes: count(p.score ?? p.ups), comments: count(p.num_comments), shares: count(p.num_crossposts) },
  }
}
