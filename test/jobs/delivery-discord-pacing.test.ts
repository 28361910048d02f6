// docs/destinations.md#rate-limits: Discord tells on every answer how many requests its webhook still takes and when
// its limit resets; an answer saying none is left pauses the destination until then, so a burst paces itself and the
// 429s it meets are those of attempts already in flight.
import { expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { claimDue, runAttempt } from '../../src/domain/webhooks/deliver'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { startDeliveryWorker } from '../../src/jobs/webhook-delivery'
import type { Clock } from '../../src/lib/clock'
import { seedTeam, testDeps } from '../support/deps'
import { fakesPerTest } from '../support/fake-upstream'
import { deliveryRows, endpointInput, signalRow, storeSignals } from '../support/webhooks'

const receiver = fakesPerTest()
const S = 1000

const failingSince = async (deps: Deps, id: string) => (await deps.repos.webhookEndpoints.byIdAnyTeam(id))?.failingSince

/** A clock running `speed` times faster than the real one, from now: the worker's waits stay real. */
function fastClock(speed: number): Clock {
  const realStart = Date.now()
  return { now: () => new Date(realStart + (Date.now() - realStart) * speed) }
}

/**
 * A Discord webhook as its rate-limit documentation describes it: a bucket of `limit` requests that resets `windowMs`
 * after the first request in it; every answer carries X-RateLimit-Limit, -Remaining, -Reset-After (seconds, with
 * decimals) and -Bucket; past the limit, 429 with Retry-After and a JSON body whose retry_after is in seconds. An
 * execute without ?wait=true is answered 204. Accepted messages are kept by their webhook-id, in arrival order.
 */
function fakeDiscord(clock: Clock, limit = 5, windowMs = 2 * S) {
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

async function until(done: () => Promise<boolean>, ms: number) {
  for (const started = Date.now(); Date.now() - started < ms; await Bun.sleep(50)) if (await done()) return true
  return false
}

test('60 signals to a Discord webhook allowing 5 posts per 2 s arrive paced, in order, none failed', async () => {
  const clock = fastClock(3)
  const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: true } }, deps: { clock } })
  const discord = fakeDiscord(clock)
  const { team } = await seedTeam(deps)
  const { endpoint } = await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput(`${discord.origin}/api/webhooks/1/tok`, { kind: 'discord' }),
  })
  await storeSignals(
    deps,
    Array.from({ length: 60 }, () => signalRow(team.id)),
  )
  // The order they were made in, which the claim follows among deliveries due at the same time.
  const made = await deps.database.client.execute('select id from webhook_deliveries order by rowid')
  const created = made.rows.map((r) => String(r.id))
  const started = clock.now().getTime()
  const worker = startDeliveryWorker(deps)
  try {
    // At most 5 every 2 s, 60 need 24 s of clock; sending into the limit took minutes, most after 3 attempts.
    // Until every outcome is written: the fake counts a message before the worker has read the answer. Given up
    // after 35 real seconds: the worker waits a real second at each of the 12 resets (its tick, the longest it
    // sleeps), and a host at load 20 added 10 s of its own work (22 s in all).
    const rows = async () => deliveryRows(deps)
    const all = await until(async () => (await rows()).every((d) => d.status === 'succeeded'), 35_000)
    const took = clock.now().getTime() - started
    console.info(`${discord.accepted.length} of 60 in ${took / S} s of clock, ${discord.refused()} answered 429`)
    expect(all).toBe(true)
    expect(discord.accepted).toHaveLength(60)
    // Not a time: this clock runs 3 times the real one, so each real second a loaded host spends on its own work
    // counts 3 (34-36 s of clock on an idle host, 50-67 s at load 15-20, against a bound of 60). How long a pause
    // lasts is the next test's (a clock that moves only when told), how soon the worker sends after a reset the last
    // one's (a real clock). What pacing promises at any speed: no 429 is counted as an attempt or marks the
    // destination failing, and the burst arrives in order as far as 4 attempts in flight at once allow.
    expect((await rows()).map((d) => Number(d.attempts))).toEqual(created.map(() => 1))
    expect(await failingSince(deps, endpoint.id)).toBeNull()
    for (const [i, id] of discord.accepted.entries()) expect(Math.abs(created.indexOf(id) - i)).toBeLessThanOrEqual(4)
    // Pacing on X-RateLimit-Remaining leaves few 429s: only attempts already in flight when the bucket ran out.
    expect(discord.refused()).toBeLessThanOrEqual(3 * 12)
  } finally {
    await worker.stop()
  }
}, 50_000)

test("the answer that takes a webhook's last request pauses the destination until its limit resets, to the millisecond", async () => {
  // The 60 signals' pace, without the host's speed in it: a clock that moves only when told.
  const { deps, clock } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const discord = fakeDiscord(deps.clock, 2)
  const { team } = await seedTeam(deps)
  const { endpoint } = await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput(`${discord.origin}/api/webhooks/1/tok`, { kind: 'discord' }),
  })
  await storeSignals(deps, [signalRow(team.id), signalRow(team.id), signalRow(team.id)])
  const t0 = clock.now().getTime()
  const round = async () => {
    const claimed = await claimDue(deps, { holder: 'round', limit: 16, perDestination: 1 })
    await Promise.all(claimed.map((d) => runAttempt(deps, d)))
    return claimed.length
  }
  expect(await round()).toBe(1)
  expect((await deps.repos.webhookEndpoints.byIdAnyTeam(endpoint.id))?.pausedUntil).toBeNull()
  clock.set(new Date(t0 + 500))
  expect(await round()).toBe(1)
  expect((await deps.repos.webhookEndpoints.byIdAnyTeam(endpoint.id))?.pausedUntil).toBe(t0 + 2 * S)
  clock.set(new Date(t0 + 2 * S - 1))
  expect(await round()).toBe(0)
  clock.set(new Date(t0 + 2 * S))
  expect(await round()).toBe(1)
  expect([discord.accepted.length, discord.refused()]).toEqual([3, 0])
})

/**
 * 20 signals to a fresh Discord webhook whose limit of 5 resets 1.2 s after its first request: how long from the first
 * message to the last, once all are delivered (a real clock: the worker waits in real time).
 */
async function twentyPaced(): Promise<number> {
  const { deps } = await testDeps({
    config: { webhooks: { allow_private_targets: true } },
    deps: { clock: { now: () => new Date() } },
  })
  const discord = fakeDiscord(deps.clock, 5, 1200)
  const { team } = await seedTeam(deps)
  await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput(`${discord.origin}/api/webhooks/1/tok`, { kind: 'discord' }),
  })
  await storeSignals(
    deps,
    Array.from({ length: 20 }, () => signalRow(team.id)),
  )
  const worker = startDeliveryWorker(deps)
  try {
    const all = await until(async () => (await deliveryRows(deps)).every((d) => d.status === 'succeeded'), 15_000)
    const took = (discord.acceptedAt.at(-1) ?? 0) - (discord.acceptedAt[0] ?? 0)
    console.info(`20 of 20 in ${took / S} s from the first, ${discord.refused()} answered 429`)
    expect(all).toBe(true)
    expect(discord.acceptedAt).toHaveLength(20)
    return took
  } finally {
    await worker.stop()
  }
}

test('a webhook whose limit resets 1.2 s after its first request is sent to again when it resets, not a tick later', async () => {
  // The worker's tick is a second, so waking only on ticks makes each bucket of 1.2 s last up to 2 s: 20 signals, 4
  // buckets, take 5.2 to 6 s from the first message to the last, and 3 × 1.2 s = 3.6 s when each bucket starts at the
  // reset. Timed from the worker's start, this counted the worker's and the database's first steps too (CI's runs
  // took up to 4.1 s); from the first message, a loaded host (two cores, other suites beside) still took up to 5.7 s
  // at times (failed 3 of 7 under load). Such a try is tried again, each delivering all; a worker that waits for the
  // tick is late at every try.
  let took = await twentyPaced()
  for (let i = 0; i < 2 && took >= 5 * S; i++) took = await twentyPaced()
  expect(took).toBeLessThan(5 * S)
}, 60_000)
