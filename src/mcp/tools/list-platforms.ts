import * as v from 'valibot'
import type { Deps } from '../../deps'
import { platformStatus } from '../../domain/sources/status'
import { PlatformList } from '../../wire/platforms'
import { defineTool } from '../tool'

/** `GET /api/v1/platforms`: source health, never counted. */
export function listPlatformsTool(deps: Deps) {
  return defineTool({
    name: 'list_platforms',
    title: 'Platforms and their health',
    description:
      'Every source with whether this server has it configured, whether your plan includes it, when its ' +
      'last search succeeded or failed and why, and until when a rate limit asks to wait (retryAt) and, when the platform announced it, why (retryWhy). Use it to pick ' +
      'platforms for search_mentions and to tell "no mentions" from "no data". Sources marked earlierRouteOnly are ' +
      'not searchable through search_mentions. Free: never counted.',
    input: v.strictObject({}),
    output: PlatformList,
    counted: false,
    scope: null,
    openWorld: false,
    async run(caller) {
      const result = await platformStatus(deps, caller)
      const usable = result.platforms
        .filter((p) => p.configured && p.inPlan && !p.earlierRouteOnly)
        .map((p) => p.platform)
      return {
        result,
        summary: usable.length
          ? `Searchable for you here: ${usable.join(', ')}.`
          : 'No platform is both on your plan and configured on this server.',
      }
    },
  })
}
