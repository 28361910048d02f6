// A Discord webhook on 127.0.0.1 that keeps its rate limit as Discord's documentation describes it
// (docs/destinations.md#rate-limits), and the clocks and waits the delivery tests that send to it share.
import type { Deps } from '../../src/deps'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import type { Clock } from '../../src/lib/clock'
import { seedTeam } from './deps'
import type { fakesPerTest } from './fake-upstream'
import { endpointInput, signalRow, storeSignals } from './webhooks'

type Receiver = ReturnType<typeof fakesPerTest>
const S = 1000

/** A clock running `speed` times faster than the real one, from now: the worker's waits stay real. */
export function fastClock(speed: number): Clock {
  const realStart = Date.now()
  return { now: () => new Date(realStart + (Date.now() - realStart) * speed) }
}

/**
 * A Discord webhook as its rate-limit documentation describes it: a bucket of `limit` requests that resets `windowMs`
 * after the first request in it; every answer carries X-RateLimit-Limit, -Remaining, -Reset-After (seconds, with
 * decimals) and -Bucket; past the limit, 429 with Retry-After and a JSON body whose retry_after is in seconds. An
 * execute without ?wait=true is answered 204. Accepted messages are kept by their webhook-id, in arrival order.
 */
export function fakeDiscord(receiver: Receiver, clock: Clock, limit = 5, windowMs = 2 * S) {
  let resetAt = 0
  let used = 0
  let refused = 0
  const accepted: string[] = []
  const acceptedAt: number[] = []
  const server = receiver((req) => {
    const now = clock.now().getTime()
    if (now >= resetAt) {
      resetAt = now + windowMs
      used = 0
    }
    const resetAfter = (resetAt - now) / S
    const headers = {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-reset-after': resetAfter.toFixed(3),
      'x-ratelimit-bucket': 'f0c2d3e4a5b6',
    }
    if (used >= limit) {
      refused++
      return Response.json(
        { message: 'You are being rate limited.', retry_after: resetAfter, global: false },
        {
          status: 429,
          headers: { ...headers, 'x-ratelimit-remaining': '0', 'retry-after': String(Math.ceil(resetAfter)) },
        },
      )
    }
    used++
    accepted.push(req.headers.get('webhook-id') ?? '')
    acceptedAt.push(now)
    return new Response(null, { status: 204, headers: { ...headers, 'x-ratelimit-remaining': String(limit - used) } })
  })
  return { ...server, accepted, acceptedAt, refused: () => refused }
}

export async function until(done: () => Promise<boolean>, ms: number) {
  for (const started = Date.now(); Date.now() - started < ms; await Bun.sleep(50)) if (await done()) return true
  return false
}

/** A team with one Discord destination sending to `origin`, and `signals` new signals for it (one delivery each). */
export async function discordDestination(deps: Deps, origin: string, signals: number) {
  const { team } = await seedTeam(deps)
  const { endpoint } = await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput(`${origin}/api/webhooks/1/tok`, { kind: 'discord' }),
  })
  await storeSignals(
    deps,
    Array.from({ length: signals }, () => signalRow(team.id)),
  )
  return { team, endpoint }
}
