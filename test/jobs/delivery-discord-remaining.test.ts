// docs/destinations.md#rate-limits: Discord says on every answer how many requests its webhook still takes
// (X-RateLimit-Remaining) until its limit resets (X-RateLimit-Reset-After). No more attempts are under way to the
// destination at once than the last answer said remain, until that reset: a burst to a webhook that enforces its
// window exactly meets no 429. Pausing only on "0 remaining" let an answer of "1 remaining" be followed by 4 at once.
import { expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { claimDue, runAttempt } from '../../src/domain/webhooks/deliver'
import { updateEndpoint } from '../../src/domain/webhooks/endpoints'
import { startDeliveryWorker } from '../../src/jobs/webhook-delivery'
import { testDeps } from '../support/deps'
import { discordDestination, fakeDiscord, until } from '../support/fake-discord'
import { fakesPerTest } from '../support/fake-upstream'
import { deliveryRows } from '../support/webhooks'

const receiver = fakesPerTest()
const S = 1000

/** Claims what is due as the worker does (4 places per destination) and makes those attempts together. */
async function round(deps: Deps) {
  const claimed = await claimDue(deps, { holder: 'round', limit: 16, perDestination: 4 })
  await Promise.all(claimed.map((d) => runAttempt(deps, d)))
  return claimed.length
}

async function discordWorld(signals: number, clock?: { now: () => Date }) {
  const { deps, clock: manual } = await testDeps({
    config: { webhooks: { allow_private_targets: true } },
    ...(clock && { deps: { clock } }),
  })
  const discord = fakeDiscord(receiver, deps.clock, 5, 2 * S)
  const { team, endpoint } = await discordDestination(deps, discord.origin, signals)
  return { deps, manual, discord, team, endpoint }
}

test('after answers saying 1 request remains, one attempt goes, not 4; the next 4 go once the limit resets', async () => {
  const { deps, manual, discord } = await discordWorld(12)
  const t0 = manual.now().getTime()
  // Nothing said yet: 4 places. Their answers say 4, 3, 2 and 1 remain, in whatever order they arrive.
  expect(await round(deps)).toBe(4)
  manual.set(new Date(t0 + 100))
  expect(await round(deps)).toBe(1)
  // That one took the last: paused until the reset, to the millisecond.
  manual.set(new Date(t0 + 2 * S - 1))
  expect(await round(deps)).toBe(0)
  manual.set(new Date(t0 + 2 * S))
  expect(await round(deps)).toBe(4)
  expect([discord.accepted.length, discord.refused()]).toEqual([9, 0])
})

test('an attempt still under way counts against what remains: none more goes while it holds the last request', async () => {
  const { deps, manual, discord } = await discordWorld(12)
  const t0 = manual.now().getTime()
  expect(await round(deps)).toBe(4)
  manual.set(new Date(t0 + 100))
  // One attempt claimed (under way) and not answered yet: the last request is its, none other may take it.
  const held = await claimDue(deps, { holder: 'held', limit: 1, perDestination: 4 })
  expect(held).toHaveLength(1)
  expect(await round(deps)).toBe(0)
  await Promise.all(held.map((d) => runAttempt(deps, d)))
  expect([discord.accepted.length, discord.refused()]).toEqual([5, 0])
})

test('a destination given another URL (another webhook, with its own limit) is not bound by what the former said', async () => {
  const { deps, manual, discord, team, endpoint } = await discordWorld(12)
  const t0 = manual.now().getTime()
  expect(await round(deps)).toBe(4)
  // Another webhook, its own limit: what the former one said does not bound it.
  const other = fakeDiscord(receiver, deps.clock, 5, 2 * S)
  const change = { url: `${other.origin}/api/webhooks/2/tok` }
  await updateEndpoint(deps, { teamId: team.id, id: endpoint.id, change })
  manual.set(new Date(t0 + 100))
  expect(await round(deps)).toBe(4)
  expect([discord.refused(), other.refused()]).toEqual([0, 0])
})

test('a burst of 30 to a Discord webhook taking 5 every 2 s meets no 429, each delivered at its first attempt', async () => {
  const { deps, discord } = await discordWorld(30, { now: () => new Date() })
  const worker = startDeliveryWorker(deps)
  try {
    // 6 windows of 2 s: about 10 s from the first message, up to 12 for a worker that waits on ticks.
    const all = await until(async () => (await deliveryRows(deps)).every((d) => d.status === 'succeeded'), 30_000)
    console.info(`${discord.accepted.length} of 30 delivered, ${discord.refused()} answered 429`)
    expect(all).toBe(true)
    expect(discord.accepted).toHaveLength(30)
    expect(discord.refused()).toBe(0)
    expect((await deliveryRows(deps)).map((d) => Number(d.attempts))).toEqual(Array.from({ length: 30 }, () => 1))
  } finally {
    await worker.stop()
  }
}, 45_000)
