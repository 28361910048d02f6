import * as v from 'valibot'
import type { Config } from '../../config/schema'
import type { Logger } from '../../lib/log'
import { fetchPlatformJson } from '../http'
import { type FailureReader, jsonBodyOf, UpstreamStatusError } from '../upstream-errors'
import { readEnvelope, readItems } from '../common/mapping'
import type { Mention } from '../../mention'
import type { PlatformConnector } from '../types'
import { type FieldMap, type ItemMapping, toMention } from './mapping'
import { plainQuery } from '../../query/platform-queries'
import { type Pacing, unnamedWait, withBackoff } from './backoff'

/**
 * The networks without a public search: each runs an Apify actor the operator licenses (docs/operations.md#platforms).
 */
export const PROVIDER_PLATFORMS = ['linkedin', 'facebook', 'instagram', 'tiktok', 'quora', 'pinterest', 'g2'] as const
export type ProviderPlatform = (typeof PROVIDER_PLATFORMS)[number]

// Apify API v2, "Run Actor synchronously and get dataset items" (docs.apify.com/api/v2,
// actor-run-sync-get-dataset-items-post): POST /v2/actors/{actorId}/run-sync-get-dataset-items, the JSON body is the
// actor's input, the answer is the run's dataset as a JSON array. A run longer than 300 s answers 408 and a failed
// run 400; the http helper turns both into upstream_error.
const SYNC_WAIT_MAX_S = 300

/**
 * The run's own time limit, in seconds: below our wait for the answer (`timeout_ms`) by a tenth, at least a second,
 * so that the run ends, and Apify answers with what it found, before we stop waiting. Otherwise the run would go on
 * (and cost) after nobody reads its result. The synchronous endpoint waits at most 300 s.
 */
export function runTimeLimitSec(timeoutMs: number): number {
  const margin = Math.max(1000, timeoutMs / 10)
  return Math.min(SYNC_WAIT_MAX_S, Math.max(1, Math.floor((timeoutMs - margin) / 1000)))
}
const Dataset = v.array(v.unknown())

const ApifyError = v.object({ error: v.object({ type: v.optional(v.string()) }) })

/**
 * What the operator changes after Apify refused a run (docs/platforms.md#providers): Apify's errors are
 * `{"error": {"type", "message"}}`; the type (an identifier) is named, its message is not (it may quote the token).
 * The synchronous endpoint answers 408 when the run outlasts its 300 s wait (docs.apify.com/api/v2,
 * actor-run-sync-get-dataset-items-post).
 */
function apifyFailure(platform: string, actor: string): FailureReader {
  const table = `[platforms.${platform}]`
  const byStatus: Record<number, string> = {
    401: `check ${table} token (Apify Console, Settings → Integrations)`,
    402: 'the Apify account cannot pay for this run: add credit or raise its usage limit',
    403: 'the token may not run this actor: rent it in Apify Console, or check the token',
    404: `check ${table} actor (username/actor-name, as Apify Console shows it)`,
    408: `the run took longer than Apify's synchronous wait (300 s); ask the actor for fewer results in ${table} input`,
  }
  return (answer, now) => {
    const { status, text } = answer
    if (status === 429) return unnamedWait(platform, answer, now)
    const parsed = v.safeParse(ApifyError, jsonBodyOf(text))
    const said = parsed.success ? parsed.output.error.type : undefined
    const type = said && /^[a-z][a-z0-9-]{0,60}$/.test(said) ? said : undefined
    const fix =
      byStatus[status] ??
      (type === 'run-failed' ? "the actor's run failed; its log is in Apify Console under Runs" : undefined)
    if (!fix && !type) return undefined
    return new UpstreamStatusError(
      status,
      `${platform}: Apify answered the run of ${actor} with ${status}${type ? ` ${type}` : ''}${fix ? `: ${fix}` : ''}`,
    )
  }
}

/** The settings a provider run needs: the provider platforms' tables, and Reddit's with provider = "apify". */
type ProviderTable = Pick<
  Config['platforms']['linkedin'],
  'base_url' | 'timeout_ms' | 'actor' | 'token' | 'input' | 'fields'
>
/** How a dataset item becomes a mention: the common field names by default, Reddit's own for Reddit. */
type ItemMapper = (item: unknown, fields: FieldMap, searchedAt: string) => ItemMapping

export function createProviderConnector(
  platform: ProviderPlatform | 'reddit',
  config: ProviderTable,
  log: Logger,
  mapItem: ItemMapper = (item, fields, searchedAt) => toMention(platform, item, fields, searchedAt),
  pacing?: Pacing,
): PlatformConnector {
  // The actor is "username/actor-name" in Apify Console; in the API path it is "username~actor-name" (or an id).
  const actorId = config.actor.trim().replaceAll('/', '~')
  // The token goes in the Authorization header, which Apify recommends over the `token` query parameter: a URL
  // can end up in logs, a header does not.
  const headers = { authorization: `Bearer ${config.token.trim()}` }
  const readFailure = apifyFailure(platform, config.actor.trim())
  if (!JSON.stringify(config.input).includes('{keyword}')) {
    log.warn('provider_input_without_keyword', {
      platform,
      hint: `no value of [platforms.${platform}].input holds {keyword}`,
    })
  }

  return {
    platform,
    async search(keyword, limit, signal) {
      // Each try's run is given what is left of timeout_ms, so that backing off never outlasts it.
      const run = (leftMs: number) => {
        const url = new URL(`/v2/actors/${encodeURIComponent(actorId)}/run-sync-get-dataset-items`, config.base_url)
        url.search = new URLSearchParams({
          timeout: String(runTimeLimitSec(leftMs)),
          // maxItems caps what a pay-per-result actor charges; limit caps the dataset items in the answer.
          maxItems: String(limit),
          limit: String(limit),
        }).toString()
        const json = buildInput(config.input, plainQuery(keyword), limit)
        return fetchPlatformJson({
          platform,
          url,
          method: 'POST',
          json,
          headers,
          timeoutMs: leftMs,
          signal,
          readFailure,
        })
      }
      const body = await withBackoff(platform, run, config.timeout_ms, pacing, signal)
      const items = readEnvelope(platform, Dataset, body, 'a body that is not a list of dataset items')
      const searchedAt = new Date().toISOString()
      const seen = new Set<string>()
      const found = readItems({
        platform,
        log,
        items,
        item: v.unknown(),
        map: (item) => {
          const r = mapItem(item, config.fields, searchedAt)
          if ('skip' in r) {
            log.warn('platform_item_skipped', { platform, reason: r.skip })
            return undefined
          }
          // An actor may store the same post twice (two queries, a retried page).
          if (seen.has(r.mention.id)) return undefined
          seen.add(r.mention.id)
          return r
        },
      })
      return newestFirst(found).slice(0, limit)
    },
  }
}

/**
 * The actor input: `input` with `{keyword}` and `{limit}` filled into its strings. A value that is exactly
 * "{limit}" becomes the number, as actors declare counts (`maxItems`, `resultsLimit`) as integers.
 */
export function buildInput(input: unknown, keyword: string, limit: number): unknown {
  if (typeof input === 'string') {
    if (input === '{limit}') return limit
    // One pass, by a function: a keyword holding {limit} stays as written, and a replacement string would read its
    // $$, $&, $' or $` as patterns.
    return input.replace(/\{keyword\}|\{limit\}/g, (p) => (p === '{keyword}' ? keyword : String(limit)))
  }
  if (Array.isArray(input)) return input.map((x) => buildInput(x, keyword, limit))
  if (typeof input === 'object' && input !== null) {
    return Object.fromEntries(Object.entries(input).map(([k, x]) => [k, buildInput(x, keyword, limit)]))
  }
  return input
}

// Actors store items in the order they scraped them. Dated posts go newest first; posts without a readable date
// (dated with the search time) follow in the actor's order rather than posing as the newest.
function newestFirst(found: { mention: Mention; dated: boolean }[]): Mention[] {
  const dated = found.filter((f) => f.dated).map((f) => f.mention)
  dated.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
  return [...dated, ...found.filter((f) => !f.dated).map((f) => f.mention)]
}
