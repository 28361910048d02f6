// docs/destinations.md#rate-limits: Discord limits each webhook (its id and token: one route, one X-RateLimit-Bucket),
// not each destination that posts to it. Two destinations given the same webhook URL share its limit: together no more
// attempts are under way at once than its answers said remain, and an answer saying none is left pauses both, so a
// burst to both meets no 429. Each destination paced alone sent up to twice what the webhook takes.
import { expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { claimDue, runAttempt } from '../../src/domain/webhooks/deliver'
import { createEndpoint } from '../../src/domain/webhooks/endpoints'
import { startDeliveryWorker } from '../../src/jobs/webhook-delivery'
import type { Clock } from '../../src/lib/clock'
import { testDeps } from '../support/deps'
import { discordDestination, fakeDiscord, fastClock, until } from '../support/fake-discord'
import { fakesPerTest } from '../support/fake-upstream'
import { deliveryRows, endpointInput, signalRow, storeSignals } from '../support/webhooks'

const receiver = fakesPerTest()
const S = 1000

/**
 * A team with two Discord destinations on one webhook (5 posts per 2 s), and `signals` signals for both; `spelled`
 * writes the second one's URL (the webhook's URL by default).
 */
async function sharedWebhook(
  signals: number,
  clock?: Clock,
  spelled = (origin: string) => `${origin}/api/webhooks/1/tok`,
) {
  const { deps, clock: manual } = await testDeps({
    config: { webhooks: { allow_private_targets: true } },
    ...(clock && { deps: { clock } }),
  })
  const discord = fakeDiscord(receiver, deps.clock, 5, 2 * S)
  const { team, endpoint: first } = await discordDestination(deps, discord.origin, 0)
  const url = spelled(discord.origin)
  const { endpoint: second } = await createEndpoint(deps, {
    teamId: team.id,
    input: endpointInput(url, { kind: 'discord' }),
  })
  await storeSignals(
    deps,
    Array.from({ length: signals }, () => signalRow(team.id)),
  )
  return { deps, manual, discord, first, second }
}

/** Claims what is due as the worker does (4 places per destination) and makes those attempts together. */
async function round(deps: Deps) {
  const claimed = await claimDue(deps, { holder: 'round', limit: 16, perDestination: 4 })
  await Promise.all(claimed.map((d) => runAttempt(deps, d)))
  return claimed.length
}

// Discord's documentation writes a webhook's URL as https://discord.com/api/webhooks/{webhook.id}/{webhook.token};
// the API's base may carry a version (/api/v10) and the clients Discord ships answer on ptb.discord.com and
// canary.discord.com, besides the former discordapp.com: each is the same webhook (docs/destinations.md#rate-limits).
// Here another name of the same fake host (localhost) stands for another of Discord's host names.
const SPELLINGS: [string, (origin: string) => string][] = [
  ['the same URL', (origin) => `${origin}/api/webhooks/1/tok`],
  ['an API version and a trailing slash', (origin) => `${origin}/api/v10/webhooks/1/tok/`],
  [
    'another host name and a thread',
    (origin) => `${origin.replace('127.0.0.1', 'localhost')}/api/webhooks/1/tok?thread_id=9`,
  ],
]

test.each(SPELLINGS)(
  'two destinations on one webhook (%s) share its places and what its answers said remain',
  async (_, spelled) => {
    const { deps, manual, discord, first, second } = await sharedWebhook(6, undefined, spelled)
    const t0 = manual.now().getTime()
    // Nothing said yet: 4 places for the webhook, not 4 for each destination (8 would meet 3 refusals).
    expect(await round(deps)).toBe(4)
    manual.set(new Date(t0 + 100))
    // Their answers said 1 remains: one attempt goes, to either destination, and its answer says none is left.
    expect(await round(deps)).toBe(1)
    for (const id of [first.id, second.id])
      expect((await deps.repos.webhookEndpoints.byIdAnyTeam(id))?.pausedUntil).toBe(t0 + 2 * S)
    manual.set(new Date(t0 + 2 * S - 1))
    expect(await round(deps)).toBe(0)
    manual.set(new Date(t0 + 2 * S))
    expect(await round(deps)).toBe(4)
    expect([discord.accepted.length, discord.refused()]).toEqual([9, 0])
  },
)

test('a burst to two destinations on one webhook allowing 5 posts per 2 s arrives with no 429', async () => {
  const clock = fastClock(3)
  const { deps, discord } = await sharedWebhook(15, clock)
  const worker = startDeliveryWorker(deps)
  try {
    // 30 deliveries, 6 windows of 2 s of clock (4 s real) and a real second at most at each reset.
    const all = await until(async () => (await deliveryRows(deps)).every((d) => d.status === 'succeeded'), 30_000)
    console.info(`${discord.accepted.length} of 30, ${discord.refused()} answered 429`)
    expect(all).toBe(true)
    expect(discord.accepted).toHaveLength(30)
    expect(discord.refused()).toBe(0)
    expect((await deliveryRows(deps)).map((d) => Number(d.attempts))).toEqual(Array(30).fill(1))
  } finally {
    await worker.stop()
  }
}, 45_000)
