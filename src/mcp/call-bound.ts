import { AppError } from '../errors'

/**
 * How long a tool call may run: under the 60 s an MCP client waits for a call by default (the SDKs'
 * DEFAULT_REQUEST_TIMEOUT_MSEC, and the assistants built on them), with room for the request and the answer to
 * travel. A search can take longer (a provider platform up to 120 s, and a minute more waiting for the team's last
 * units), and this server sends nothing before the answer that could reset a client's timeout, so a call stopped here
 * answers a tool error the assistant can act on rather than a timeout it cannot tell from a fault
 * (docs/api.md#how-long-a-call-may-take).
 */
export const CALL_BOUND_MS = 50_000

/** A signal that aborts, with the tool error to answer, once `tool` has run `ms`; `clear` when the call is done. */
export function callBound(tool: string, ms: number): { signal: AbortSignal; clear: () => void } {
  const bound = new AbortController()
  const seconds = Math.round(ms / 1000)
  const timer = setTimeout(() => {
    const message =
      `${tool} did not finish within ${seconds} s, about as long as an MCP client waits for a call (60 s by ` +
      'default), so it was stopped and nothing was charged: ask again later, or search another platform'
    bound.abort(new AppError('upstream_timeout', message))
  }, ms)
  return { signal: bound.signal, clear: () => clearTimeout(timer) }
}
