import { Elysia } from 'elysia'
import type { Logger } from '../lib/log'

const started = new WeakMap<Request, number>()

// What an aborted exchange is logged with: no answer reached the client (nginx's "client closed request").
const CLIENT_CLOSED = 499

type Exchange = {
  request: Request
  route?: string
  set: { status?: number | string; headers: Record<string, unknown> }
  responseValue?: unknown
  caller?: unknown
}

/**
 * One `request` line per answered request (`server.log_requests`): method, the route's pattern (never the raw URL,
 * whose path and query can carry values), status, milliseconds, the team when the key was checked, and the request id
 * the client got in `x-request-id`.
 */
export const requestLog = (a: { log: Logger; enabled: boolean }) => {
  const plugin = new Elysia({ name: 'request-log' })
  if (!a.enabled) return plugin
  return plugin
    .onRequest(({ request }) => {
      started.set(request, performance.now())
    })
    .onAfterResponse({ as: 'global' }, (context) => {
      const exchange = context as Exchange
      const { request } = exchange
      const start = started.get(request)
      a.log.info('request', {
        method: request.method,
        route: exchange.route || 'unmatched',
        status: request.signal.aborted ? CLIENT_CLOSED : statusOf(exchange),
        ms: start === undefined ? undefined : Math.round((performance.now() - start) * 10) / 10,
        teamId: teamIdOf(exchange.caller),
        requestId: exchange.set.headers['x-request-id'],
      })
    })
}

function statusOf(exchange: Exchange): number {
  if (exchange.responseValue instanceof Response) return exchange.responseValue.status
  const status = exchange.set.status
  return typeof status === 'number' ? status : 200
}

/** The team of a route that authenticated the key (`caller`, added by `apiChecks`). */
function teamIdOf(caller: unknown): string | undefined {
  if (!caller || typeof caller !== 'object' || !('team' in caller)) return undefined
  const team = (caller as { team?: { id?: unknown } }).team
  return typeof team?.id === 'string' ? team.id : undefined
}
