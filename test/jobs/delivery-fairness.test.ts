// docs/destinations.md#delivery: the worker has 16 places for attempts in flight and one destination holds at most 4
// of them, so a receiver that never answers (each attempt waits out its 15 s) cannot hold back other teams' leads; and
// a place that frees up is filled at once, so a healthy destination's burst is not sent 4 a second.
import { expect, test } from 'bun:test'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { startDeliveryWorker } from '../../src/jobs/webhook-delivery'
import { seedTeam, testDeps } from '../support/deps'
import { fakesPerTest } from '../support/fake-upstream'
import { deliveryRows, endpointInput, signalRow, storeSignals } from '../support/webhooks'

const receiver = fakesPerTest()

async function world() {
  const { deps } = await testDeps({
    now: new Date().toISOString(),
    config: { webhooks: { allow_private_targets: true } },
  })
  return deps
}

const statuses = async (deps: Awaited<ReturnType<typeof world>>, endpointId: string) =>
  (await deliveryRows(deps)).filter((d) => d.endpoint_id === endpointId).map((d) => d.status)

async function until(done: () => Promise<boolean>, ms: number) {
  for (const started = Date.now(); Date.now() - started < ms; await Bun.sleep(50)) if (await done()) return true
  return false
}

test("a receiver that never answers holds 4 places, and another team's lead goes out meanwhile", async () => {
  const deps = await world()
  let release = () => {}
  const released = new Promise<void>((ok) => {
    release = ok
  })
  const silent = receiver(async () => {
    await released
    return new Response('late')
  })
  const healthy = receiver(() => new Response('ok'))
  const a = await seedTeam(deps, { name: 'silent' })
  const b = await seedTeam(deps, { name: 'healthy' })
  await createEndpoint(deps, { teamId: a.team.id, input: endpointInput(`${silent.origin}/hook`) })
  const { endpoint } = await createEndpoint(deps, { teamId: b.team.id, input: endpointInput(`${healthy.origin}/hook`) })
  // The silent destination's 20 attempts are older, so they come first in the order of due time.
  await storeSignals(
    deps,
    Array.from({ length: 20 }, () => signalRow(a.team.id)),
  )
  await storeSignals(deps, [signalRow(b.team.id)])
  const worker = startDeliveryWorker(deps)
  try {
    // Well before the silent receiver's attempts time out (15 s).
    const delivered = await until(async () => (await statuses(deps, endpoint.id))[0] === 'succeeded', 10_000)
    expect(delivered).toBe(true)
    expect(healthy.received).toHaveLength(1)
    expect(silent.received).toHaveLength(4)
  } finally {
    release()
    await worker.stop()
  }
}, 30_000)

test("a healthy destination's burst fills each place as it frees up, not once a second", async () => {
  const deps = await world()
  const fast = receiver(() => new Response('ok'))
  const { team } = await seedTeam(deps)
  const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${fast.origin}/hook`) })
  await storeSignals(
    deps,
    Array.from({ length: 40 }, () => signalRow(team.id)),
  )
  const worker = startDeliveryWorker(deps)
  try {
    // Refilled only on the worker's 1 s look, 4 places would need 10 s for 40 attempts.
    const all = async () => (await statuses(deps, endpoint.id)).every((s) => s === 'succeeded')
    expect(await until(all, 5_000)).toBe(true)
    expect(fast.received).toHaveLength(40)
  } finally {
    await worker.stop()
  }
}, 30_000)
