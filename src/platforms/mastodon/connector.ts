import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { AppError } from '../../errors'
import { platformJsonGet } from '../http'
import { UpstreamStatusError } from '../upstream-errors'
import { NAMED_WAIT_MAX_SEC } from '../stream'
import { readEnvelope, readItems } from '../common/mapping'
import { collectPages, MAX_PAGES } from '../common/collect'
import type { PlatformShared } from '../common/shared-pauses'
import { mastodonLimit } from './limit'
import type { PlatformConnector } from '../types'
import { Status, statusMention } from './status'
import { afterLast, FIRST_PAGE, fromGoToSocial, hashtagOf, nextPage, pageRequest, quoted } from './search-pages'
import { instanceSoftware } from './software'

// GET /api/v2/search (docs.joinmastodon.org/methods/search): `limit` is at most 40 per type; `offset` skips the first
// n results and, like `resolve`, needs a user token with read:search (since 4.0 the call is public only without
// them). GoToSocial pages by `max_id` instead (search-pages.ts). Full-text status search only runs for a signed-in
// account on an instance with Elasticsearch/OpenSearch; elsewhere `statuses` comes back empty. Results are one
// instance's view of the fediverse.
const PAGE_MAX = 40
/** Searches of different keywords that all came back empty before source health warns (docs/platforms.md#mastodon). */
const EMPTY_SEARCHES_BEFORE_WARNING = 3

const Envelope = v.object({ statuses: v.array(v.unknown()) })
const Timeline = v.array(v.unknown())

/**
 * Mastodon's 401: a token it does not accept (revoked, mistyped, or issued by another instance,
 * docs/platforms.md#mastodon). Source health names the setting to fix rather than a bare status, for a search as for
 * the stream; `retryAfterSec`: the stream's wait before it asks again.
 */
export const tokenRefused = (retryAfterSec?: number) =>
  new UpstreamStatusError(
    401,
    'mastodon refused the access token (revoked, mistyped, or issued by another instance): set ' +
      'platforms.mastodon.access_token (LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN) to a token of base_url and ' +
      `restart serve${retryAfterSec ? `; tried again every ${retryAfterSec / 60} minutes` : ''}`,
    retryAfterSec,
  )

/**
 * The streaming server's 401 to a token without the scope its public and hashtag streams need (`read:statuses`,
 * docs.joinmastodon.org/methods/streaming), its `error` saying the token lacks the required scopes: the token is valid,
 * and one made again with the same scopes is refused again (docs/platforms.md#mastodon).
 */
export class TokenLacksScope extends UpstreamStatusError {
  constructor(retryAfterSec?: number) {
    super(
      401,
      'mastodon refused the access token for the stream: it lacks the read:statuses scope. Give the application ' +
        'read:statuses, set platforms.mastodon.access_token (LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN) to its ' +
        `new token and restart serve${retryAfterSec ? `; tried again every ${retryAfterSec / 60} minutes` : ''}`,
      retryAfterSec,
    )
  }
}

/**
 * An instance's 403 to a token of its own that lacks `read:search` (or, for a hashtag's timeline, `read:statuses`),
 * its `error` naming the scopes (Mastodon: "This action is outside the authorized scopes"): asking again changes
 * nothing until the token does (docs/platforms.md#mastodon).
 */
const lacksSearchScope = (answer: { status: number; text: string }) =>
  answer.status === 403 && /scope/i.test(answer.text.slice(0, 2000))
    ? new UpstreamStatusError(
        403,
        'mastodon refused the search: the access token lacks a scope it needs (read:search; read:statuses for a ' +
          "hashtag's timeline). Give the application both, set platforms.mastodon.access_token " +
          '(LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN) to its new token and restart serve',
      )
    : undefined

/** The pages a search of `limit` is charged and reads at most (docs/platforms.md#budgets). */
const pagesFor = (limit: number) => Math.ceil(Math.min(limit, PAGE_MAX * MAX_PAGES) / PAGE_MAX)

export function createMastodonConnector(
  config: Config['platforms']['mastodon'],
  log: Logger,
  shared: PlatformShared = {},
): PlatformConnector {
  // The registry builds this connector only with base_url and access_token (docs/platforms.md#mastodon).
  const base = config.base_url ?? ''
  // An answer that takes the last request of the window (X-RateLimit-Remaining: 0) holds every search until its
  // X-RateLimit-Reset (an ISO 8601 date): the next would be answered 429 (docs/platforms.md#rate-limits).
  const pause = mastodonLimit(config, shared)
  const get = platformJsonGet(
    'mastodon',
    config,
    { authorization: `Bearer ${config.access_token.trim()}` },
    (answer) => (answer.status === 401 ? tokenRefused() : lacksSearchScope(answer)),
    pause.heard,
    NAMED_WAIT_MAX_SEC,
  )
  // Status ids are the instance's own: the host keeps ids apart if the operator moves to another instance.
  const instance = base ? new URL(base).host : ''
  // An instance without full-text search (no Elasticsearch/OpenSearch) answers every search with nothing: that looks
  // like quiet keywords, so after a few different keywords found nothing at all, source health says so.
  const emptyKeywords = new Set<string>()
  let everFound = false
  const toMention = (s: v.InferOutput<typeof Status>) => statusMention(instance, s, true)
  // GoToSocial looks for the text as written, quotes included: once its NodeInfo or its ULIDs have told it apart,
  // phrases go bare. Its NodeInfo is read before the first phrase, the one search it changes (software.ts).
  let literal = false
  const software = instanceSoftware(config)

  return {
    platform: 'mastodon',
    pause,
    requestsFor: pagesFor,
    warning: () =>
      !everFound && emptyKeywords.size >= EMPTY_SEARCHES_BEFORE_WARNING
        ? `${instance} found nothing for any of the ${emptyKeywords.size} keywords searched: full-text search may be off on this instance (it needs Elasticsearch or OpenSearch), or the token lacks read:search`
        : undefined,
    async search(keyword, limit, signal) {
      if (!literal && quoted(keyword) && (await software.name(signal)) === 'gotosocial') literal = true
      const pageSize = Math.min(limit, PAGE_MAX)
      // One hashtag is read from its timeline, which needs no full-text search (docs/platforms.md#mastodon).
      const collected = await collectPages(
        limit,
        FIRST_PAGE,
        async (at, found) => {
          const { path, params, tag } = pageRequest(keyword, at, pageSize, literal)
          await pause.refuseWhileHeld()
          // A hashtag the instance has never seen is 404 (docs.joinmastodon.org/methods/timelines#tag): no statuses.
          const body = await get(path, params, signal).catch((err) => {
            if (tag && err instanceof UpstreamStatusError && err.status === 404) return []
            // A 429 is the token's limit: the stream's timeline reads and every server's searches wait for it too. One
            // after the first page (the account's other clients spent the rest) ends the search with what it found.
            const later = at !== FIRST_PAGE && err instanceof AppError && err.extra.retryAfterSec !== undefined
            return pause.refused(err).catch((e) => (later ? null : Promise.reject(e)))
          })
          if (body === null) return undefined
          const statuses = tag
            ? readEnvelope('mastodon', Timeline, body, 'a timeline that is not a list of statuses')
            : readEnvelope('mastodon', Envelope, body, 'a response without a statuses list').statuses
          if (fromGoToSocial(statuses)) literal = true
          found.add(readItems({ platform: 'mastodon', log, items: statuses, item: Status, map: toMention }))
          // With no request left, the search answers with what has come so far rather than losing it to a 429.
          if (pause.secondsLeft() > 0) return undefined
          if (tag) return statuses.length < pageSize ? undefined : afterLast(statuses)
          return nextPage(at, statuses, pageSize)
        },
        pagesFor(limit),
      )
      // A hashtag's timeline needs no full-text search: one that lists nothing says nothing of it.
      if (collected.all.length > 0) everFound = true
      else if (!everFound && !hashtagOf(keyword) && emptyKeywords.size < 100) emptyKeywords.add(keyword.toLowerCase())
      // The server orders status hits by id, newest first; sorting here keeps that true across pages.
      return [...collected.all].sort((a, b) => Date.parse(b.date) - Date.parse(a.date)).slice(0, limit)
    },
  }
}
