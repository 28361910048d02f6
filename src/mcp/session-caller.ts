import type { Caller } from '../domain/core/caller'
import { appErrorIn } from '../errors'
import type { Logger } from '../lib/log'
import { callerFailure, errorBody } from '../wire/failure'
import { ProtocolError } from './protocol-error'

// A JSON-RPC server error (-32000 to -32099) the SDK does not use itself: -32000 is its closed connection, -32001 its
// client's own time-out. docs/api.md#mcp-over-stdio names it.
const ACCESS_ENDED = -32003

// The refusals that end a session's access, with what would give it back: no key, a wrong or revoked one (or its team
// removed), a plan without API access, where another key would not help and whose message names the operator's next
// step itself (domain/core/plans.ts noApiAccess). Over HTTP they are 401/403 before any MCP message; here they answer
// the request itself.
const ACCESS_REFUSALS = new Map([
  ['missing_api_key', '; start lead-signals mcp again with a valid key'],
  ['invalid_api_key', '; start lead-signals mcp again with a valid key'],
  ['no_api_access', ''],
])

/**
 * The team behind this session's requests, checked again for each tools/list and tools/call: over stdio the key was
 * checked once at start-up, and an operator who revokes it expects the assistant to lose access at once, listing
 * included (docs/api.md#mcp-over-stdio). A refusal is a JSON-RPC error, not a tool error: nothing the model could
 * change in its arguments would help. Its data is the REST error body.
 */
export async function sessionCaller(callerOf: () => Promise<Caller>, log: Logger): Promise<Caller> {
  try {
    return await callerOf()
  } catch (error) {
    const refused = appErrorIn(error)
    const remedy = refused && ACCESS_REFUSALS.get(refused.kind)
    if (refused && remedy !== undefined) {
      throw new ProtocolError(
        ACCESS_ENDED,
        `the API key this server was started with no longer gives access: ${refused.message}${remedy}`,
        errorBody(refused),
      )
    }
    // The key could not be checked (the database unreadable): the request fails, and the key is checked again on the
    // next one.
    const failure = callerFailure(error, log, { mcp: 'key_check' })
    throw new ProtocolError(-32603, `the API key could not be checked: ${failure.message}`, errorBody(failure))
  }
}
