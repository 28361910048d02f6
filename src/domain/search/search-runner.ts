import type { Source } from '../../config/platform-names'
import type { Config } from '../../config/schema'
import type { Clock } from '../../lib/clock'
import { datedByNow } from '../../lib/iso-time'
import type { Logger } from '../../lib/log'
import type { Mention } from '../../mention'
import { PlatformUnreachableError } from '../../platforms/upstream-errors'
import type { PlatformConnector } from '../../platforms/types'
import { withUnresolvedName } from '../../platforms/unresolved-name'
import type { Repos } from '../../storage/repos'
import { AppError } from '../../errors'
import { chargeBudget } from '../budgets/budget'
import type { Charge } from '../budgets/reservation'
import { unpaidShares } from '../budgets/unpaid-share'
import { healthNotes } from './health-notes'
import { queryFilter } from './query-filter'
import { joined, SearchStopped, type SearchAnswer, type Shared } from './shared-search'
import { unreachableTold } from './unreachable-told'

type RunnerDeps = {
  connectors: Map<Source, PlatformConnector>
  config: Pick<Config, 'platforms'>
  clock: Clock
  log: Logger
  health: Repos['platformHealth']
  budgets: Repos['platformBudgets']
}

/**
 * Runs searches on the connectors. Each search first takes its requests from the platform's budget
 * (docs/platforms.md#budgets), which also holds it back while a rate limit's retry time is ahead. Identical
 * searches in flight at once (same source, keyword, limit) share one upstream call and one charge; every outcome
 * is recorded as the source's health (GET /api/v1/platforms; a success at most once a second, health-notes.ts), with
 * the time a rate-limit answer asked us to wait for. What a platform returns is then matched against the whole keyword
 * query (docs/queries.md#matching): polling and live searches alike only ever see the posts the query keeps.
 */
export function createSearchRunner(deps: RunnerDeps) {
  const inFlight = new Map<string, Shared>()
  const health = healthNotes(deps.health, deps.clock)
  const toldUnreachable = unreachableTold(deps.log, deps.clock)
  const turns = new Map<Source, Promise<unknown>>()
  const requestsFor = (connector: PlatformConnector, limit: number, keyword?: string) =>
    connector.requestsFor?.(limit, keyword) ?? 1

  /**
   * Charges the search's requests, then starts it (refused: nothing is sent, so the platform's health is unchanged).
   * The searches of a connector whose keywords share one read start one after the other: the first is charged for
   * the read, and the ones after it find it under way and are charged nothing.
   */
  function start(
    connector: PlatformConnector,
    keyword: string,
    limit: number,
    charge: Charge,
    signal: AbortSignal,
  ): Promise<{ running: Promise<Mention[]> }> {
    const begin = async () => {
      // Refused unsent and uncharged while the connector's credentials are held (a pause another server may have
      // heard).
      await connector.pause?.refuseWhileHeld()
      await charge(connector.platform, requestsFor(connector, limit, keyword))
      return { running: connector.search(keyword, limit, signal) }
    }
    if (!connector.sharesOneRead) return begin()
    const turn = (turns.get(connector.platform) ?? Promise.resolve()).then(begin)
    turns.set(
      connector.platform,
      turn.catch(() => undefined),
    )
    return turn
  }

  async function searchOnce(
    connector: PlatformConnector,
    keyword: string,
    limit: number,
    charge: Charge,
    signal: AbortSignal,
  ): Promise<SearchAnswer> {
    const { running } = await start(connector, keyword, limit, charge, signal)
    let mentions: Mention[]
    try {
      mentions = await running
    } catch (err) {
      // Every caller stopped waiting: the platform did nothing wrong, its health is left as it was.
      if (signal.aborted) throw new SearchStopped()
      // Only our own messages are kept (docs/api.md#error-codes): they name the platform and the failure, never a URL
      // or a body.
      const message = err instanceof AppError ? err.message : `${connector.platform} search failed`
      if (!(err instanceof AppError)) deps.log.error('platform_search_failed', { platform: connector.platform, err })
      // The network's own words (a name that did not resolve, a refused connection) are for the operator only.
      if (err instanceof PlatformUnreachableError)
        toldUnreachable(connector.platform, withUnresolvedName(deps.config, connector.platform, err))
      const now = deps.clock.now()
      // A wait the connector holds for its credentials holds every server calling with them and no other
      // (docs/platforms.md#rate-limits); only another wait becomes the platform's retry time, which holds every server.
      // A wait of 0 (Retry-After: 0, or a date already past) asks for none: there is no retry time to show.
      const keyed = (connector.pause?.secondsLeft() ?? 0) > 0
      const wait = err instanceof AppError && !keyed ? err.extra.retryAfterSec : undefined
      const retryAt = wait ? new Date(now.getTime() + wait * 1000).toISOString() : undefined
      await health.failure(connector.platform, now.toISOString(), message, retryAt)
      throw err instanceof AppError ? err : new AppError('upstream_error', message)
    }
    // The platform answered. A health note this server cannot write (its database locked past the wait by a pass's
    // writer, or read-only) is no failure of the platform's: a pass took it for one and deferred the platform's
    // other keywords, and source health would have called it down.
    try {
      await health.success(connector.platform, connector.warning?.() ?? null)
    } catch (err) {
      deps.log.warn('platform_health_not_written', { platform: connector.platform, err })
    }
    const keeps = await queryFilter(keyword)
    return { answered: mentions.length, kept: mentions.filter(keeps).map(datedByNow(deps.clock.now())) }
  }

  /**
   * `charge`: how the search takes its requests; a polling pass takes them from its reservation (reservation.ts).
   * `signal` (a pass stopping) ends this caller's wait with SearchStopped, and the upstream call once no caller waits.
   */
  function answer(
    source: Source,
    keyword: string,
    limit: number,
    charge?: Charge,
    signal?: AbortSignal,
  ): Promise<SearchAnswer> {
    const connector = deps.connectors.get(source)
    if (!connector)
      return Promise.reject(new AppError('platform_not_configured', `${source} is not configured on this server`))
    const key = `${source}\u0000${limit}\u0000${keyword}`
    let shared = inFlight.get(key)
    if (!shared) {
      const take = charge ?? ((platform: Source, requests: number) => chargeBudget(deps, platform, requests))
      const upstream = new AbortController()
      // Once stopped (nobody waits) or ended, a later search of the same makes a call of its own.
      const leave = () => inFlight.get(key) === entry && inFlight.delete(key)
      upstream.signal.addEventListener('abort', leave, { once: true })
      const entry: Shared = {
        result: searchOnce(connector, keyword, limit, take, upstream.signal).finally(leave),
        upstream,
        waiting: 0,
      }
      inFlight.set(key, entry)
      shared = entry
    }
    return joined(shared, signal)
  }

  return {
    unpaid: unpaidShares(deps), // a live call's charge; an unpaid call's requests count for its team (unpaid-share.ts)
    isAvailable: (source: Source) => deps.connectors.has(source),
    /** The budget's requests a search of `limit` takes (0 for a source that is not configured). */
    requestsFor(source: Source, limit: number): number {
      const connector = deps.connectors.get(source)
      return connector ? requestsFor(connector, limit) : 0
    },
    /** Whether the source's searches all read the same newest posts (platforms/types.ts sharesOneRead). */
    sharesOneRead: (source: Source) => deps.connectors.get(source)?.sharesOneRead === true,
    /** What the search found and how many posts the platform answered with (`platforms check` tells them apart). */
    answer,
    /** The posts the query keeps: `answer`'s, for the callers that only use those. */
    search: (...args: Parameters<typeof answer>): Promise<Mention[]> => answer(...args).then((found) => found.kept),
  }
}

export type SearchRunner = ReturnType<typeof createSearchRunner>
