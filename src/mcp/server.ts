import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js'
import pkg from '../../package.json'
import type { Deps } from '../deps'
import type { Caller } from '../domain/keys/authenticate'
import { callTool } from './tool'
import type { Toolset } from './toolset'

const INSTRUCTIONS = [
  "lead-signals finds and qualifies sales leads on social platforms for one team, the one the API key belongs to.",
  'list_signals: leads already found by keyword polling and scored, best first. search_mentions: a live search of a ' +
    'platform. score_lead: judge any text for buying intent. get_usage: plan, quota and credits. list_platforms: ' +
    'which platforms are on the plan, configured here and healthy.',
  'search_mentions, score_lead and list_signals each spend 1 request of the monthly quota (then credits) when they ' +
    'succeed; a failed call is free.',
  'A failed call is a tool error whose text is {"error": {"code", "message", "details"?}} with the codes of the REST ' +
    'API: invalid_request (details name each field), platform_not_in_plan, platform_not_configured, quota_exceeded ' +
    '(with retryAfterSeconds), upstream_error, upstream_timeout, scorer_unavailable, invalid_api_key, no_api_access.',
].join('\n')

/**
 * An MCP server over the tools, for one transport. `callerOf` gives the team for each call: the HTTP route has
 * authenticated the request already; stdio checks its key again on every call, so a revoked key stops working and
 * the team's counters and signals version are current.
 */
export function createMcpServer(deps: Pick<Deps, 'log'>, toolset: Toolset, callerOf: () => Promise<Caller>): Server {
  const server = new Server(
    { name: 'lead-signals', title: 'lead-signals', version: pkg.version },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  )
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolset.listings }))
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = toolset.tools.get(request.params.name)
    // An unknown tool is a protocol error (MCP), not a tool error: the client asked for something that is not listed.
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool "${request.params.name}"`)
    return callTool({ tool, args: request.params.arguments, callerOf, log: deps.log })
  })
  return server
}
