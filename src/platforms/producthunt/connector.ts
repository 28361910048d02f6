import * as v from 'valibot'
import type { Config } from '../../config/schema'
import { AppError } from '../../errors'
import type { Logger } from '../../lib/log'
import { matchesKeyword } from '../common/keyword'
import { fetchPlatformJson } from '../http'
import { complexityLimit, isRateLimit, limitReachedError } from './limit-reached'
import { pauseBoard, pauseKey, type PlatformShared } from '../common/shared-pauses'
import { pointsLeft } from './points'
import { Post, toMention } from './post'
import { readEnvelope, readItems } from '../common/mapping'
import type { PlatformConnector } from '../types'

// Product Hunt API v2 (api.producthunt.com/v2/docs) is GraphQL only: POST /v2/api/graphql with
// `Authorization: Bearer <developer token>`. Its posts connection (order: NEWEST, first, after; pageInfo.endCursor)
// has no keyword argument, so the newest launches are read page by page and matched here on name, tagline and
// description (post.ts: a launch and the mention it becomes). A page is reported to hold at most 20 posts whatever
// `first` asks for (producthunt-api#289), so every page asks for 20. The scan stops after 5 pages, the 100 newest
// launches: the API is budgeted by query complexity (6,250 points per 15 minutes per token). That read is kept for a
// few minutes and every keyword is matched against it, so a polling pass reads the launches once however many keywords
// it has (docs/platforms.md#producthunt).
const PAGE_SIZE = 20
const MAX_PAGES = 5
/** How long one read of the newest launches serves later searches: shorter than a pass every 15 minutes. */
export const LAUNCHES_FRESH_MS = 10 * 60_000

const QUERY = `query LeadSignalsNewestPosts($first: Int!, $after: String) {
  posts(order: NEWEST, first: $first, after: $after) {
    pageInfo { endCursor hasNextPage }
    edges { node { id name tagline description url createdAt votesCount commentsCount user { name username url } } }
  }
}`

// GraphQL answers 200 with `errors` (and data null or partial) when a query fails; both shapes are read here.
const Envelope = v.object({
  data: v.nullish(
    v.object({
      posts: v.nullish(
        v.object({
          pageInfo: v.object({ endCursor: v.nullish(v.string()), hasNextPage: v.boolean() }),
          edges: v.array(v.unknown()),
        }),
      ),
    }),
  ),
  errors: v.nullish(v.array(v.unknown())),
})
const GraphqlError = v.object({ message: v.string() })

export function createProducthuntConnector(
  config: Config['platforms']['producthunt'],
  log: Logger,
  now: () => number = Date.now,
  shared: PlatformShared = {},
): PlatformConnector {
  const headers = { authorization: `Bearer ${config.token.trim()}`, accept: 'application/json' }
  // The latest read (or the one in flight), shared by every search until it is no longer fresh.
  let read: { at: number; posts: Promise<Post[]> } | undefined
  const fresh = () => read !== undefined && now() - read.at < LAUNCHES_FRESH_MS

  // The token's points, for every process (common/shared-pauses.ts), held by a 429 too until its X-Rate-Limit-Reset.
  const points = pointsLeft(
    pauseKey('producthunt', config.base_url, config.token),
    shared.pauses ?? pauseBoard(undefined, undefined, now),
  )

  async function newestLaunches(): Promise<Post[]> {
    await points.refuseWhileHeld()
    points.newRead()
    const url = new URL('/v2/api/graphql', config.base_url)
    const posts: Post[] = []
    let after: string | null = null
    // The last answer's headers: a rate_limit_reached body that came with 200 waits for their X-Rate-Limit-Reset.
    let heard: Headers | undefined
    const ask = async (after: string | null): Promise<unknown> => {
      const body: unknown = await fetchPlatformJson({
        heard: (h) => {
          heard = h
          return points.heard(h)
        },
        platform: 'producthunt',
        url,
        method: 'POST',
        json: { query: QUERY, variables: { first: PAGE_SIZE, after } },
        headers,
        timeoutMs: config.timeout_ms,
        rateLimit: complexityLimit,
      }).catch(points.refused)
      const limited = limitReachedError(body, heard, now())
      return limited ? points.refused(limited) : body
    }
    for (let page = 1; page <= MAX_PAGES; page++) {
      // A page refused after the first (points another server with the token spent meanwhile) ends the read with the
      // launches it has; the refusal holds the next read until the reset (docs/platforms.md#producthunt).
      const body: unknown = await ask(after).catch((err) =>
        page > 1 && isRateLimit(err) ? undefined : Promise.reject(err),
      )
      if (body === undefined) break
      const { data, errors } = readEnvelope('producthunt', Envelope, body, 'a response that is not a GraphQL answer')
      if (errors?.length) {
        // The message stays in the operator's log; the caller learns only that the query failed.
        const first = v.safeParse(GraphqlError, errors[0])
        log.warn('platform_graphql_error', {
          platform: 'producthunt',
          message: first.success ? first.output.message.slice(0, 200) : 'unreadable',
        })
        throw new AppError('upstream_error', 'producthunt answered with a GraphQL error')
      }
      if (!data?.posts) throw new AppError('upstream_error', 'producthunt sent a response without posts')
      posts.push(
        ...readItems({ platform: 'producthunt', log, items: data.posts.edges, item: Post, map: (e) => e.node }),
      )
      // Fewer points left than a page costs: the next page would be refused (429).
      if (!data.posts.pageInfo.hasNextPage || !data.posts.pageInfo.endCursor || points.secondsLeft() > 0) break
      after = data.posts.pageInfo.endCursor
    }
    return posts
  }

  return {
    platform: 'producthunt',
    sharesOneRead: true,
    // A fresh read serves the searches without a request, held or not.
    pause: {
      refuseWhileHeld: () => (fresh() ? Promise.resolve() : points.refuseWhileHeld()),
      secondsLeft: points.secondsLeft,
    },
    // Nothing is sent while the last read is fresh.
    requestsFor: () => (fresh() ? 0 : MAX_PAGES),
    async search(keyword, limit) {
      if (!fresh()) {
        // The read serves every search, so it runs without one caller's abort signal; a failed read is not kept.
        const mine = { at: now(), posts: newestLaunches() }
        read = mine
        mine.posts.catch(() => {
          if (read === mine) read = undefined
        })
      }
      const posts = await read!.posts
      return posts
        .filter((p) => matchesKeyword(keyword, p.name, p.tagline, p.description))
        .slice(0, limit)
        .map(toMention)
    },
  }
}
