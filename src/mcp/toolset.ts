import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { Deps } from '../deps'
import { listingOf, type McpTool } from './tool'
import { getUsageTool } from './tools/get-usage'
import { listPeopleTool } from './tools/list-people'
import { listPlatformsTool } from './tools/list-platforms'
import { listSignalsTool } from './tools/list-signals'
import { rateSignalTool } from './tools/rate-signal'
import { scoreLeadTool } from './tools/score-lead'
import { searchMentionsTool } from './tools/search-mentions'

export type Toolset = { tools: Map<string, McpTool>; listings: Tool[] }

/** The tools, built once per process: their JSON Schemas are computed here, not per request. */
export function buildToolset(deps: Deps): Toolset {
  const tools: McpTool[] = [
    searchMentionsTool(deps),
    scoreLeadTool(deps),
    listSignalsTool(deps),
    listPeopleTool(deps),
    rateSignalTool(deps),
    getUsageTool(deps),
    listPlatformsTool(deps),
  ]
  return {
    tools: new Map(tools.map((t) => [t.name, t])),
    listings: tools.map((t) => listingOf(t, deps.config.server.public_url)),
  }
}
