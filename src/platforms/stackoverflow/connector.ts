import * as v from 'valibot'
import type { Config } from '../../config/schema'
import { AppError } from '../../errors'
import type { Logger } from '../../lib/log'
import { authorOr, count, isoDate, readEnvelope, readItems } from '../common/mapping'
import { pagedSearch } from '../common/collect'
import { AS_SENT, type Mention } from '../../mention'
import type { PlatformConnector } from '../types'
import { decodeEntities, htmlToText } from '../common/html-text'
import { failedAnswer } from '../upstream-errors'
import { eitherPause } from '../common/credential-pauses'
import type { PlatformShared } from '../common/shared-pauses'
import { getStackExchange } from './api'
import { backoffPause, QUOTA_DAY_SEC, QUOTA_SPENT_SEC, quotaPause, refusalMessage, throttleWaitSec } from './pauses'
import { plainQuery } from '../../query/platform-queries'

// Stack Exchange API 2.3 /search/advanced (api.stackexchange.com/docs/advanced-search): questions matching `q`,
// newest first with sort=creation&order=desc; `page` is 1-based and `pagesize` 0..100 (docs/paging), `has_more` says
// whether another page exists; filter=withbody adds the HTML body. Without a key an IP gets 300 calls a day, with
// one 10,000 (docs/throttle).
const PAGE_MAX = 100
const SEARCH_METHOD = '/2.3/search/advanced'

export const Question = v.object({
  question_id: v.number(),
  title: v.string(),
  body: v.nullish(v.string()),
  link: v.pipe(v.string(), v.url()),
  // A deleted user is `{ user_type: "does_not_exist", display_name }` without link or user_id.
  owner: v.nullish(
    v.object({ display_name: v.nullish(v.string()), link: v.nullish(v.string()), user_id: v.nullish(v.number()) }),
  ),
  creation_date: v.number(),
  score: v.nullish(v.number()),
  answer_count: v.nullish(v.number()),
})
// The common wrapper (docs/wrapper); on failure it carries error_id/error_name/error_message instead of items.
export const Wrapper = v.object({
  items: v.optional(v.unknown()),
  has_more: v.optional(v.boolean()),
  backoff: v.optional(v.number()),
  quota_max: v.optional(v.number()),
  quota_remaining: v.optional(v.number()),
  error_id: v.optional(v.number()),
  error_name: v.optional(v.string()),
  error_message: v.optional(v.string()),
})
const Page = v.object({ items: v.array(v.unknown()), has_more: v.boolean() })

export function createStackoverflowConnector(
  config: Config['platforms']['stackoverflow'],
  log: Logger,
  shared: PlatformShared = {},
): PlatformConnector {
  const quota = quotaPause(config, shared)
  const searchBackoff = backoffPause(config, shared, SEARCH_METHOD)

  // Each wait is held for what Stack Exchange counts it by, on every server sharing it, and so never becomes the
  // platform's retry time, which would hold every server on the database (docs/platforms.md#rate-limits).
  const pause = eitherPause(quota, searchBackoff)

  async function fetchPage(keyword: string, page: number, pageSize: number, signal?: AbortSignal) {
    // Refused before anything is sent (503 with Retry-After), a page after the first included.
    await pause.refuseWhileHeld()
    const url = new URL(SEARCH_METHOD, config.base_url)
    const params = new URLSearchParams({
      q: plainQuery(keyword),
      site: config.site,
      sort: 'creation',
      order: 'desc',
      pagesize: String(pageSize),
      page: String(page),
      filter: 'withbody',
    })
    if (config.key.trim() !== '') params.set('key', config.key.trim())
    url.search = params.toString()
    const answer = await getStackExchange({ url, timeoutMs: config.timeout_ms, log, signal })
    const wrapper = v.safeParse(Wrapper, answer.body)
    const w = wrapper.success ? wrapper.output : {}
    if (w.backoff && w.backoff > 0) await searchBackoff.hold(w.backoff, 'backoff')
    if (w.error_id !== undefined) {
      const message = refusalMessage(w)
      const throttled = throttleWaitSec(w)
      if (throttled === undefined) throw new AppError('upstream_error', message)
      // A throttle is this address's, as the quota: no call before its time from the searches or the stream of any
      // process here.
      await quota.hold(throttled, 'throttle_violation')
      const wait = quota.secondsLeft()
      throw new AppError('upstream_error', `${message}; retry after ${wait} s`, { retryAfterSec: wait })
    }
    // A 429 outside the wrapper (a proxy in front of the API) can count only this address, as the quota (quotaPause).
    if (!answer.ok) return quota.refused(failedAnswer('stackoverflow', answer, undefined, undefined, QUOTA_DAY_SEC))
    if (answer.body === undefined) throw new AppError('upstream_error', 'stackoverflow sent a body that is not JSON')
    if (w.quota_remaining === 0) await quota.hold(QUOTA_SPENT_SEC, 'quota_remaining 0, the daily quota is spent')
    if (w.quota_remaining !== undefined && w.quota_max && w.quota_remaining <= w.quota_max / 10) {
      log.warn('platform_quota_low', {
        platform: 'stackoverflow',
        quota_remaining: w.quota_remaining,
        quota_max: w.quota_max,
      })
    }
    return {
      ...readEnvelope('stackoverflow', Page, answer.body, 'a response without an items list'),
      backoff: w.backoff,
    }
  }

  return {
    platform: 'stackoverflow',
    pause,
    ...pagedSearch(PAGE_MAX, 1, async ({ keyword, at: page, found, pageSize, signal }) => {
      const { items, has_more, backoff } = await fetchPage(keyword, page, pageSize, signal)
      found.add(readItems({ platform: 'stackoverflow', log, items, item: Question, map: (q) => toMention(q, true) }))
      if (!has_more) return undefined
      // Asking for the next page now would break the backoff: answer with what has come so far.
      if (backoff && !found.full) {
        log.info('platform_backoff', { platform: 'stackoverflow', backoff, returned: found.all.length })
        return undefined
      }
      // A spent quota: the next page would be refused and lose this one.
      return quota.secondsLeft() > 0 ? undefined : page + 1
    }),
  }
}

/** `sent`: it keeps the text as sent (mention.ts AS_SENT) for a search's raw answer; the stream's does not. */
export function toMention(q: v.InferOutput<typeof Question>, sent = false): Mention {
  const site = new URL(q.link).origin
  return {
    id: `stackoverflow:${q.question_id}`,
    ...authorOr(decodeEntities(q.owner?.display_name ?? '').trim()),
    // The title (entity-encoded) and the HTML body, as text.
    content: q.body ? `${decodeEntities(q.title)}\n\n${htmlToText(q.body)}` : decodeEntities(q.title),
    url: q.link,
    // A deleted account has neither (docs/platforms.md#stackoverflow): none rather than the site's list of all users.
    profileUrl: q.owner?.link ?? (q.owner?.user_id ? `${site}/users/${q.owner.user_id}` : ''),
    date: isoDate(q.creation_date, 's')!,
    platform: 'stackoverflow',
    title: decodeEntities(q.title),
    [AS_SENT]: sent ? [q.title, q.body] : undefined,
    // likes = the question's score (up minus down votes); comments = its answers; Stack Exchange has no shares.
    engagement: { likes: count(q.score), comments: count(q.answer_count), shares: 0 },
  }
}
