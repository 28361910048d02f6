import { createHash } from 'node:crypto'
import type { RequestId } from '@modelcontextprotocol/sdk/types.js'

/** How a server made for one POST follows one tool call: the signal its work stops on, and its end. */
export type CallTracker = (id: RequestId, own: AbortSignal) => { signal: AbortSignal; end: () => void }

/**
 * The tool calls this process runs over HTTP, by team, credential and JSON-RPC id. Each POST gets a server of its own
 * (http.ts), so the `notifications/cancelled` a client sends when it stops waiting (the MCP SDK's client after its
 * timeout, 60 s by default) comes in another POST, to a server that never saw the call: it is matched here, and the
 * call's signal aborts, as does that of a call whose POST was closed (docs/api.md#a-call-the-client-gave-up-on). The
 * work stops on the signal as a polling pass's searches do, and a call that fails is given back its unit.
 */
export function inFlightCalls() {
  const calls = new Map<string, Set<AbortController>>()
  const keyOf = (teamId: string, request: Request, id: unknown) =>
    `${teamId}\u0000${holderOf(request)}\u0000${JSON.stringify(id)}`

  /** The calls of one POST: each stops when the POST's connection closes or a cancellation names it. */
  const trackerFor =
    (teamId: string, request: Request): CallTracker =>
    (id, own) => {
      const key = keyOf(teamId, request, id)
      const named = new AbortController()
      const same = calls.get(key) ?? new Set()
      same.add(named)
      calls.set(key, same)
      const end = () => {
        same.delete(named)
        if (same.size === 0 && calls.get(key) === same) calls.delete(key)
      }
      return { signal: AbortSignal.any([own, request.signal, named.signal]), end }
    }

  /**
   * Cancels the calls that the messages' `notifications/cancelled` name, among those made with the same credential:
   * another of the team's keys or apps (one allowed to read the usage only, say) stops none of them. Ids are the
   * client's own, not unique across clients of one credential (each counts from 0): when two calls hold the id,
   * neither is cancelled, since either may be another client's.
   */
  function cancelNamed(teamId: string, request: Request, messages: Record<string, unknown>[]) {
    for (const m of messages) {
      if (m.method !== 'notifications/cancelled' || Object.hasOwn(m, 'id')) continue
      const params = m.params as { requestId?: unknown; reason?: unknown } | undefined
      const same = calls.get(keyOf(teamId, request, params?.requestId))
      if (same?.size !== 1) continue
      for (const named of same) named.abort('cancelled')
    }
  }

  return { trackerFor, cancelNamed }
}

/**
 * The credential a request was identified by, as the caller is (domain/oauth/identify.ts: the x-api-key, else the
 * bearer token), as a digest: the map holds no key or token itself.
 */
function holderOf(request: Request): string {
  const key = request.headers.get('x-api-key')?.trim()
  const token = request.headers
    .get('authorization')
    ?.replace(/^Bearer\s+/i, '')
    .trim()
  return createHash('sha256')
    .update(key || token || '')
    .digest('base64url')
}
