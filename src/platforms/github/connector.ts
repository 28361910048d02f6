import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { platformJsonGet } from '../http'
import { type FailureReader, failedAnswer, jsonBodyOf, UpstreamStatusError } from '../upstream-errors'
import { authorOr, count, isoDate, readEnvelope, readItems, ReadableDate } from '../common/mapping'
import { pagedSearch } from '../common/collect'
import { spentLimit } from '../common/credential-pauses'
import { escalatingRateLimit } from '../common/rate-limit'
import { pauseKey, perMachine, type PlatformShared } from '../common/shared-pauses'
import { stripHtml } from '../common/html-text'
import { AS_SENT, type Mention } from '../../mention'
import type { PlatformConnector } from '../types'
import { githubQuery } from '../../query/platform-queries'
import { lostAlternatives } from './unsearchable'

// REST "Search issues and pull requests" (docs.github.com/rest/search/search): per_page at most 100, page is 1-based,
// and a query yields at most 1,000 results. Search allows 30 requests a minute with a token, 10 without; a spent
// limit answers 403 (or 429) with x-ratelimit-remaining: 0, which the http helper turns into upstream_error.
const PAGE_MAX = 100
const RESULT_CAP = 1000

const Issue = v.object({
  id: v.number(),
  title: v.string(),
  body: v.nullish(v.string()),
  html_url: v.string(),
  // null when the author's account was deleted (GitHub shows it as "ghost").
  user: v.nullish(v.object({ login: v.string(), html_url: v.string() })),
  created_at: ReadableDate,
  comments: v.nullish(v.number()),
  reactions: v.nullish(v.object({ total_count: v.nullish(v.number()) })),
})
const Envelope = v.object({ items: v.array(v.unknown()) })

const Refusal = v.object({
  message: v.optional(v.string()),
  errors: v.optional(
    v.array(v.object({ message: v.optional(v.string()), field: v.optional(v.string()), code: v.optional(v.string()) })),
  ),
})

/** A 422 naming users or repositories that do not exist or are not visible: on github.com, a search with no results. */
class UnsearchableQuery extends UpstreamStatusError {}

/**
 * GitHub's refusals of a query (docs.github.com/rest/search/search: 422 "Validation failed"). One that names an
 * account or repository it cannot search (a typo in site: or author:, a private repository) is what github.com shows
 * as no results; any other says the query was refused, with GitHub's field and code (its own words stay out: they
 * may quote the query).
 */
const queryRefusal: FailureReader = ({ status, text }) => {
  if (status !== 422) return undefined
  const parsed = v.safeParse(Refusal, jsonBodyOf(text))
  if (!parsed.success) return undefined
  const errors = parsed.output.errors ?? []
  if (errors.some((e) => /cannot be searched/i.test(e.message ?? '')))
    return new UnsearchableQuery(422, 'github cannot search the users or repositories the query names (422)')
  const word = (s: string | undefined) => (s && /^[\w -]{1,40}$/.test(s) ? s : undefined)
  const what = [
    word(parsed.output.message),
    errors.map((e) => [word(e.field), word(e.code)].filter(Boolean).join(' '))[0],
  ]
    .filter(Boolean)
    .join(': ')
  return new UpstreamStatusError(422, `github refused the search query (422${what ? ` ${what}` : ''})`)
}

export function createGithubConnector(
  config: Config['platforms']['github'],
  log: Logger,
  shared: PlatformShared = {},
): PlatformConnector {
  const headers: Record<string, string> = {
    accept: 'application/vnd.github+json',
    'x-github-api-version': '2022-11-28',
  }
  // The token is optional (docs/operations.md#platforms): it raises the search rate limit, and is sent only when set.
  if (config.token.trim() !== '') headers.authorization = `Bearer ${config.token.trim()}`

  // An answer that takes the last search request of the window (x-ratelimit-remaining: 0) holds every search until
  // its reset: the next would be answered 403 (docs/platforms.md#rate-limits); so does a refusal, until its retry
  // time. Counted per token (GitHub counts per account: two tokens of one account share it), or per address without
  // one.
  const key = pauseKey('github', config.base_url, config.token.trim() || perMachine(''))
  const pause = spentLimit("github's search limit is spent", 'github', key, shared.pauses)
  // A secondary limit without retry-after, met again and again, waits longer each time (docs/platforms.md#rate-limits):
  // GitHub asks for exponentially increasing waits, and may ban an integration that goes on.
  const throttle = escalatingRateLimit()
  const refusal: FailureReader = (answer, now) =>
    queryRefusal(answer, now) ?? failedAnswer('github', answer, throttle.rule, now)
  const get = platformJsonGet('github', config, headers, refusal, pause.heard)

  return {
    platform: 'github',
    pause,
    ...pagedSearch(PAGE_MAX, 1, async ({ keyword, at: page, found, pageSize: perPage, signal }) => {
      const params = new URLSearchParams({
        // Issues only: GitHub's issue search (advanced search since Sept 2025) asks for is:issue or
        // is:pull-request, and a pull request is rarely someone asking for a product.
        q: `${githubQuery(keyword)} is:issue`,
        sort: 'created',
        order: 'desc',
        per_page: String(perPage),
        page: String(page),
      })
      // Refused unsent, as the search runner refuses during a retry time, which it keeps from this refusal.
      await pause.refuseWhileHeld()
      let body: unknown
      try {
        body = await get('/search/issues', params, signal)
        throttle.served()
      } catch (err) {
        if (!(err instanceof UnsearchableQuery)) return pause.refused(err)
        const lost = lostAlternatives(keyword)
        if (lost) throw new UpstreamStatusError(422, lost)
        log.warn('platform_query_unsearchable', { platform: 'github', reason: err.message })
        return undefined
      }
      const { items } = readEnvelope('github', Envelope, body, 'a response without an items list')
      // Page boundaries shift when new issues arrive between two calls: an issue may come twice.
      found.add(readItems({ platform: 'github', log, items, item: Issue, map: toMention }))
      // A short page is the last one; beyond 1,000 results GitHub answers 422. With no request left, the search
      // answers with what has come so far rather than losing it to the next page's 403.
      const last = items.length < perPage || page * perPage >= RESULT_CAP || pause.secondsLeft() > 0
      return last ? undefined : page + 1
    }),
    requestsFor: (limit: number) => Math.ceil(Math.min(limit, RESULT_CAP) / PAGE_MAX),
  }
}

function toMention(issue: v.InferOutput<typeof Issue>): Mention {
  // A deleted account's issues come with no user, or as GitHub's account `ghost` that stands for every deleted one.
  const login = issue.user?.login === 'ghost' ? undefined : issue.user?.login
  return {
    id: `github:${issue.id}`,
    ...authorOr(login, 'ghost'),
    // The body is Markdown, often with HTML in it (issue templates' comments, <details>): kept as text, its lines
    // as written; null when the issue has none.
    content: issue.body ? `${issue.title}\n\n${stripHtml(issue.body)}` : issue.title,
    [AS_SENT]: [issue.title, issue.body],
    url: issue.html_url,
    profileUrl: issue.user?.html_url ?? `https://github.com/${encodeURIComponent(login ?? 'ghost')}`,
    date: isoDate(issue.created_at)!,
    platform: 'github',
    title: issue.title,
    // likes = every reaction on the issue; GitHub has nothing like a share, so shares is 0.
    engagement: { likes: count(issue.reactions?.total_count), comments: count(issue.comments), shares: 0 },
  }
}
