import * as v from 'valibot'
import { SCORED_VARIANT_PLATFORMS } from '../../config/platform-names'
import type { Deps } from '../../deps'
import { listed } from '../../lib/text'
import { platformStatus } from '../../domain/sources/status'
import { PlatformList } from '../../wire/platforms'
import { defineTool } from '../tool'

/** `GET /api/v1/platforms`: source health, never counted. */
export function listPlatformsTool(deps: Deps) {
  // The scored variant of search_mentions takes only its own platforms (docs/api.md#mention-search): naming the others
  // sent an assistant to search stackoverflow, and the call came back invalid_request.
  const scored = deps.config.api.search_variant === 'scored'
  const takes = (platform: string) => !scored || (SCORED_VARIANT_PLATFORMS as readonly string[]).includes(platform)
  const onlyThese = scored
    ? ` search_mentions searches only ${listed(SCORED_VARIANT_PLATFORMS)} on this server, whatever this lists.`
    : ''
  return defineTool({
    name: 'list_platforms',
    title: 'Platforms and their health',
    description:
      'Every source with whether this server has it configured, whether your plan includes it, when its ' +
      'last search succeeded or failed and why, and until when a rate limit asks to wait (retryAt) and, when the platform announced it, why (retryWhy). Use it to pick ' +
      'platforms for search_mentions and to tell "no mentions" from "no data". Sources marked earlierRouteOnly are ' +
      `not searchable through search_mentions.${onlyThese} Free: never counted.`,
    input: v.strictObject({}),
    output: PlatformList,
    counted: false,
    scope: null,
    openWorld: false,
    async run(caller) {
      const result = await platformStatus(deps, caller)
      const usable = result.platforms.filter(
        (p) => p.configured && p.inPlan && !p.earlierRouteOnly && takes(p.platform),
      )
      if (usable.length === 0)
        return {
          result,
          summary: `No platform${scored ? ' that search_mentions searches' : ''} is both on your plan and configured on this server.`,
        }
      // A platform that refuses searches for now (a rate limit it announced, or its request budget spent) answers
      // every search with an error until then: named as searchable, it sent an assistant into that error.
      const waits = usable.map((p) => ({ platform: p.platform, wait: waitOf(p) }))
      const ready = waits.filter((p) => !p.wait).map((p) => p.platform)
      const waiting = waits.flatMap((p) => (p.wait ? [`${p.platform} ${p.wait}`] : []))
      const now = ready.length
        ? `Searchable for you here: ${ready.join(', ')}.`
        : 'No platform is searchable for you now.'
      return { result, summary: waiting.length ? `${now} Waiting: ${waiting.join('; ')}.` : now }
    },
  })
}

type Status = Awaited<ReturnType<typeof platformStatus>>['platforms'][number]

/** Until when and why a platform refuses searches, or undefined when it takes them now (docs/api.md#mcp-tools). */
function waitOf(p: Status): string | undefined {
  if (p.retryAt !== null) return `until ${p.retryAt}${p.retryWhy ? ` (${p.retryWhy})` : ''}`
  if (p.budget.used >= p.budget.requests) return `until ${p.budget.resetsAt} (its request budget here is spent)`
  return undefined
}
