import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { platformJsonGet } from '../http'
import { authorOr, count, isoDate, readEnvelope, readItems, ReadableDate } from '../common/mapping'
import { pagedSearch } from '../common/collect'
import { spentLimit } from '../common/credential-pauses'
import { pauseKey, type PlatformShared } from '../common/shared-pauses'
import { AS_SENT, type Mention } from '../../mention'
import type { PlatformConnector } from '../types'
import { twitterQuery } from '../../query/platform-queries'
import { xRefusal } from './refusals'

// X API v2 recent search (GET /2/tweets/search/recent, the last 7 days): max_results is 10..100, sort_order=recency
// gives newest first, and meta.next_token goes back as next_token for the next page. Every post returned is billed
// (pay-per-use), so each page asks only for what is still missing, within 10..100.
const PAGE_MIN = 10
const PAGE_MAX = 100

const Tweet = v.object({
  id: v.string(),
  text: v.string(),
  created_at: ReadableDate,
  author_id: v.optional(v.string()),
  // `text` stops at 280 characters for long posts; the whole post is in note_tweet.text (tweet.fields=note_tweet).
  note_tweet: v.optional(v.object({ text: v.string() })),
  // A reply names the post it answers (`replied_to`), as `is:reply` reads it: a query's type:comment.
  referenced_tweets: v.optional(v.array(v.object({ type: v.string(), id: v.optional(v.string()) }))),
  public_metrics: v.optional(
    v.object({
      like_count: v.optional(v.number()),
      reply_count: v.optional(v.number()),
      retweet_count: v.optional(v.number()),
      quote_count: v.optional(v.number()),
    }),
  ),
})
const User = v.object({ id: v.string(), username: v.string(), name: v.optional(v.string()) })
// With no match `data` is absent and meta.result_count is 0; meta is always there.
const Envelope = v.object({
  data: v.optional(v.array(v.unknown())),
  includes: v.optional(v.object({ users: v.optional(v.array(v.unknown())) })),
  meta: v.object({ next_token: v.optional(v.string()) }),
})
type User = v.InferOutput<typeof User>

export function createTwitterConnector(
  config: Config['platforms']['twitter'],
  log: Logger,
  shared: PlatformShared = {},
): PlatformConnector {
  // An answer that takes the window's last request (x-rate-limit-remaining: 0) holds every search until its
  // x-rate-limit-reset: the next would be answered 429 (docs/platforms.md#rate-limits); so does a 429, until its
  // reset. X counts an app-only bearer token's requests per app.
  const key = pauseKey('twitter', config.base_url, config.bearer_token)
  const pause = spentLimit("twitter's request limit is spent", 'twitter', key, shared.pauses)
  const bearer = { authorization: `Bearer ${config.bearer_token.trim()}` }
  const get = platformJsonGet('twitter', config, bearer, xRefusal, pause.heard)
  return {
    platform: 'twitter',
    pause,
    // The first page is asked without a next_token ('').
    ...pagedSearch(PAGE_MAX, '', async ({ keyword, at: nextToken, found, limit, signal }) => {
      const params = new URLSearchParams({
        // A retweet repeats someone else's post, cut to "RT @user: …", and would be billed again. The parentheses
        // keep the exclusion on the whole query: `a OR b -is:retweet` would exclude retweets of b only.
        // The keyword query in X's operators (docs/queries.md#per-platform).
        query: `(${twitterQuery(keyword)}) -is:retweet`,
        max_results: String(Math.min(Math.max(limit - found.all.length, PAGE_MIN), PAGE_MAX)),
        sort_order: 'recency',
        'tweet.fields': 'created_at,public_metrics,author_id,note_tweet,lang,referenced_tweets',
        expansions: 'author_id',
        'user.fields': 'username,name',
      })
      if (nextToken) params.set('next_token', nextToken)
      await pause.refuseWhileHeld()
      const body = await get('/2/tweets/search/recent', params, signal).catch(pause.refused)
      const { data = [], includes, meta } = readEnvelope('twitter', Envelope, body, 'a response without meta')
      const users = usersById(includes?.users ?? [])
      // New posts arriving between two calls do not shift a token page, but a duplicate costs nothing to drop.
      found.add(readItems({ platform: 'twitter', log, items: data, item: Tweet, map: (t) => toMention(t, users) }))
      // With no request left, the search answers with the pages it has (billed already) rather than losing them.
      const last = !meta.next_token || meta.next_token === nextToken || pause.secondsLeft() > 0
      return last ? undefined : meta.next_token
    }),
  }
}

/** The author_id expansion: includes.users holds each author once; a malformed user only loses its name. */
function usersById(raw: unknown[]): Map<string, User> {
  const users = new Map<string, User>()
  for (const u of raw) {
    const parsed = v.safeParse(User, u)
    if (parsed.success) users.set(parsed.output.id, parsed.output)
  }
  return users
}

/** `&amp;`, `&lt;` and `&gt;` back to their characters, in one pass so that `&amp;lt;` reads `&lt;`. */
export const unescapeText = (s: string) =>
  s.replace(/&(amp|lt|gt);/g, (_, name: string) => (name === 'amp' ? '&' : name === 'lt' ? '<' : '>'))

function toMention(t: v.InferOutput<typeof Tweet>, users: Map<string, User>): Mention {
  const user = t.author_id ? users.get(t.author_id) : undefined
  const m = t.public_metrics
  const id = encodeURIComponent(t.id)
  const handle = user && encodeURIComponent(user.username)
  return {
    id: `twitter:${t.id}`,
    ...authorOr(user?.username || user?.name),
    // X: a username is unique but can change, the user id stays (docs.x.com, the user object): the person is kept by
    // the id, with the newest username shown (docs/people.md#renamed-accounts).
    ...(user?.username && { authorId: user.id }),
    // X escapes &, < and > in post text (and only those); the post as its author wrote it has them plain.
    content: unescapeText(t.note_tweet?.text ?? t.text),
    [AS_SENT]: t.note_tweet?.text ?? t.text,
    // Without the author's handle (not in includes.users), X's /i/ forms still open the post and the account; a post
    // without author_id names no account, so it links to none (docs/platforms.md#twitter).
    url: handle ? `https://x.com/${handle}/status/${id}` : `https://x.com/i/web/status/${id}`,
    profileUrl: handle
      ? `https://x.com/${handle}`
      : t.author_id
        ? `https://x.com/i/user/${encodeURIComponent(t.author_id)}`
        : '',
    date: isoDate(t.created_at)!,
    platform: 'twitter',
    ...(t.referenced_tweets?.some((r) => r.type === 'replied_to') ? { kind: 'comment' as const } : {}),
    // shares = reposts plus quote posts: both put the post in front of another audience.
    engagement: {
      likes: count(m?.like_count),
      comments: count(m?.reply_count),
      shares: count(m?.retweet_count) + count(m?.quote_count),
    },
  }
}
