// docs/destinations.md#rate-limits: a receiver's 429 pauses its destination for the wait it asks (Retry-After, else
// Discord's JSON retry_after, else X-RateLimit-Reset-After), without counting the attempt or marking the destination
// failing, while other teams' destinations go on. A receiver that answers 429 for a day is given up on all the same.
import { expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { claimDue, runAttempt } from '../../src/domain/webhooks/deliver'
import { createEndpoint, updateEndpoint } from '../../src/domain/webhooks/endpoints'
import { seedTeam, testDeps } from '../support/deps'
import { fakesPerTest } from '../support/fake-upstream'
import { deliveryRows, endpointInput, signalRow, storeSignals } from '../support/webhooks'

const receiver = fakesPerTest()
const S = 1000

const failingSince = async (deps: Deps, id: string) => (await deps.repos.webhookEndpoints.byIdAnyTeam(id))?.failingSince

/** Claims what is due as the worker does (4 places per destination) and makes those attempts. */
async function deliverRound(deps: Deps) {
  const claimed = await claimDue(deps, { holder: 'round', limit: 16, perDestination: 4 })
  await Promise.all(claimed.map((d) => runAttempt(deps, d)))
  return claimed
}

test("a 429 with Retry-After holds the destination's other deliveries until the wait ends, not another team's", async () => {
  const { deps, clock } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const t0 = clock.now().getTime()
  const limitedAt: number[] = []
  const limited = receiver(() => {
    limitedAt.push(clock.now().getTime())
    return clock.now().getTime() < t0 + 30 * S
      ? new Response('rate_limited', { status: 429, headers: { 'retry-after': '30' } })
      : new Response('ok')
  })
  const healthy = receiver(() => new Response('ok'))
  const a = await seedTeam(deps, { name: 'limited' })
  const b = await seedTeam(deps, { name: 'healthy' })
  const la = await createEndpoint(deps, { teamId: a.team.id, input: endpointInput(`${limited.origin}/hook`) })
  await createEndpoint(deps, { teamId: b.team.id, input: endpointInput(`${healthy.origin}/hook`) })
  await storeSignals(
    deps,
    Array.from({ length: 8 }, () => signalRow(a.team.id)),
  )
  await deliverRound(deps) // 4 attempts to the limited receiver, all answered 429
  expect(limitedAt).toHaveLength(4)
  const rows = await deliveryRows(deps)
  const answered = rows.filter((d) => d.last_status_code === 429)
  expect(answered).toHaveLength(4)
  for (const d of answered) {
    expect(d.status).toBe('pending')
    expect(String(d.last_error)).toContain('rate limited by the receiver, waiting 30 s')
    expect(String(d.last_error)).not.toContain(limited.origin)
  }
  expect(await failingSince(deps, la.endpoint.id)).toBeNull()
  // Meanwhile another team's signals go out every second, and nothing goes to the limited receiver.
  for (let s = 1; s < 30; s += 1) {
    clock.set(new Date(t0 + s * S))
    await storeSignals(deps, [signalRow(b.team.id)])
    await deliverRound(deps)
  }
  expect(healthy.received).toHaveLength(29)
  expect(limitedAt).toHaveLength(4)
  // Once the wait has ended, all 8 go (4 places at a time), none counted as failed.
  clock.set(new Date(t0 + 30 * S))
  await deliverRound(deps)
  await deliverRound(deps)
  const after = (await deliveryRows(deps)).filter((d) => d.endpoint_id === la.endpoint.id)
  expect(after.map((d) => d.status)).toEqual(Array(8).fill('succeeded'))
  expect(Math.min(...limitedAt.slice(4))).toBe(t0 + 30 * S)
  expect(await failingSince(deps, la.endpoint.id)).toBeNull()
})

test('a receiver that always answers 429 is given up on a day after the delivery was made, not before', async () => {
  const { deps, clock } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const t0 = clock.now().getTime()
  // An hour asked for: waited at most 15 minutes (docs/destinations.md#rate-limits), then asked again.
  const always = receiver(() => new Response('slow down', { status: 429, headers: { 'retry-after': '3600' } }))
  const { team } = await seedTeam(deps)
  const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: endpointInput(always.origin) })
  await storeSignals(deps, [signalRow(team.id)])
  await deliverRound(deps)
  expect(Number((await deps.repos.webhookEndpoints.byIdAnyTeam(endpoint.id))?.pausedUntil)).toBe(t0 + 15 * 60 * S)
  for (let at = t0 + 15 * 60 * S; at < t0 + 24 * 3600 * S; at += 15 * 60 * S) {
    clock.set(new Date(at))
    expect((await deliverRound(deps)).length).toBe(1)
    const [d] = await deliveryRows(deps)
    expect(d.status).toBe('pending')
  }
  expect(always.received.length).toBe(24 * 4)
  clock.set(new Date(t0 + 24 * 3600 * S))
  await deliverRound(deps)
  const [d] = await deliveryRows(deps)
  expect(d.status).toBe('failed')
  expect(String(d.last_error)).toContain('rate limited by the receiver for 24 hours')
  // Asking to slow down is not failing: the destination is not disabled after 5 days of it either.
  expect(await failingSince(deps, endpoint.id)).toBeNull()
})

test('a 429 that asks for no wait still pauses the destination for a second, not a loop of attempts', async () => {
  const { deps, clock } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const t0 = clock.now().getTime()
  const r = receiver(() => Response.json({ message: 'You are being rate limited.', retry_after: 0 }, { status: 429 }))
  const { team } = await seedTeam(deps)
  const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: endpointInput(r.origin) })
  await storeSignals(deps, [signalRow(team.id)])
  await deliverRound(deps)
  expect((await deps.repos.webhookEndpoints.byIdAnyTeam(endpoint.id))?.pausedUntil).toBe(t0 + S)
  expect(await deliverRound(deps)).toHaveLength(0)
  expect(r.received).toHaveLength(1)
})

test("a destination given another receiver's URL is not held by the pause the former receiver asked for", async () => {
  const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const limited = receiver(() => new Response('slow down', { status: 429, headers: { 'retry-after': '600' } }))
  const other = receiver(() => new Response('ok'))
  const { team } = await seedTeam(deps)
  const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: endpointInput(limited.origin) })
  await storeSignals(deps, [signalRow(team.id)])
  await deliverRound(deps)
  await updateEndpoint(deps, { teamId: team.id, id: endpoint.id, change: { url: `${other.origin}/hook` } })
  expect(await deliverRound(deps)).toHaveLength(1)
  expect(other.received).toHaveLength(1)
})

test("a Discord 429 waits its body's retry_after to the millisecond, not its Retry-After rounded up to seconds", async () => {
  const { deps, clock } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const t0 = clock.now().getTime()
  // As Discord's rate-limit page shows: the header in whole seconds, the body's retry_after to the millisecond.
  const r = receiver(() =>
    Response.json(
      { message: 'You are being rate limited.', retry_after: 1.19, global: false },
      { status: 429, headers: { 'retry-after': '2', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '1.19' } },
    ),
  )
  const { team } = await seedTeam(deps)
  const { endpoint } = await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput(`${r.origin}/api/webhooks/1/tok`, { kind: 'discord' }),
  })
  await storeSignals(deps, [signalRow(team.id)])
  await deliverRound(deps)
  expect((await deps.repos.webhookEndpoints.byIdAnyTeam(endpoint.id))?.pausedUntil).toBe(t0 + 1190)
})
