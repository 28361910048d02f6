import { withDescriptions } from '../wire/served-guides'

/**
 * The REST API's words in the field descriptions the tools share with their routes (src/wire), as an assistant
 * connected over MCP must read them: it has the tools, not the routes, and sees no response header, so "(POST
 * /api/v1/signals/{id}/feedback)" and "the x-scorer header" named what it cannot call or read (docs/api.md#mcp-tools).
 */
const REST_WORDS: [RegExp, string][] = [
  [/the \{id\} of its feedback route/g, 'the id rate_signal takes'],
  [/POST \/api\/v1\/signals\/\{id\}\/feedback/g, 'rate_signal'],
  [/GET \/api\/v1\/people/g, 'list_people'],
  [/GET \/api\/v1\/platforms/g, 'list_platforms'],
  [/The x-scorer header names/g, 'The result\'s _meta["lead-signals/scorer"] names'],
]

/** A tools/list entry with its descriptions in the words of MCP (REST_WORDS). */
export const inToolWords = <T>(listing: T): T =>
  withDescriptions(listing, (text) => REST_WORDS.reduce((said, [rest, tool]) => said.replace(rest, tool), text)) as T
