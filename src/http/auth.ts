import { Elysia } from 'elysia'
import type { Deps } from '../deps'
import { AppError } from '../errors'
import { authenticate, type Caller } from '../domain/keys/authenticate'
import { checkJsonDepth, readBody } from '../wire/body'

type AuthDeps = Pick<Deps, 'config' | 'clock' | 'log' | 'repos'>

const callers = new WeakMap<Request, Promise<Caller>>()
// Elysia turns anything thrown while parsing into a generic parse error, so failures found there wait here and
// are thrown from `derive`, which keeps the order of checks: key, plan access, then the body (docs/api.md#order-of-checks).
const deferred = new WeakMap<Request, unknown>()
const decoder = new TextDecoder()
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i

function callerOf(deps: AuthDeps, request: Request): Promise<Caller> {
  let caller = callers.get(request)
  if (!caller) {
    caller = authenticate(deps, request.headers.get('x-api-key'))
    callers.set(request, caller)
  }
  return caller
}

/** Adds `caller` (team and plan) to every route of the module that uses it; parses JSON bodies itself. */
export const requireApiKey = (deps: AuthDeps) =>
  new Elysia()
    .onParse({ as: 'scoped' }, async ({ request, contentType }) => {
      try {
        await callerOf(deps, request)
        if (!JSON_TYPE.test(contentType ?? '')) {
          throw new AppError('invalid_request', 'send the body as JSON with Content-Type: application/json')
        }
        const text = decoder.decode(await readBody(request, deps.config.server.max_body_bytes))
        if (!text.trim()) throw new AppError('invalid_request', 'the request body is empty; send a JSON object')
        checkJsonDepth(text)
        try {
          return JSON.parse(text)
        } catch {
          throw new AppError('invalid_request', 'the request body is not valid JSON')
        }
      } catch (error) {
        deferred.set(request, error)
        return {}
      }
    })
    .derive({ as: 'scoped' }, async ({ request }) => {
      if (deferred.has(request)) throw deferred.get(request)
      return { caller: await callerOf(deps, request) }
    })
