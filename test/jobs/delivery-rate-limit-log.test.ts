// docs/destinations.md#rate-limits, docs/operations.md (webhook_attempt): a Discord webhook that answers 429 for a
// long while is logged when the run of 429s starts, then at a bounded rate saying how long it has waited, and once
// more when it ends; not once per 429. The fake answers as Discord's rate-limit documentation describes a 429: a JSON
// body with `retry_after` in seconds (decimals allowed) and `global`, Retry-After rounded up, X-RateLimit-Scope.
import { expect, test } from 'bun:test'
import { claimDue, runAttempt } from '../../src/domain/webhooks/deliver'
import { discordDestination } from '../support/fake-discord'
import { testDeps } from '../support/deps'
import { fakesPerTest } from '../support/fake-upstream'
import { recordingLogger } from '../support/log'

const receiver = fakesPerTest()
const S = 1000

test('a Discord webhook answering 429 with retry_after 3.5 for 26 minutes is logged a few times, not 438', async () => {
  const recorded = recordingLogger()
  const { deps, clock } = await testDeps({
    config: { webhooks: { allow_private_targets: true } },
    deps: { log: recorded.log },
  })
  const t0 = clock.now().getTime()
  let limitedUntil = t0 + 26 * 60 * S
  let refused = 0
  const discord = receiver(() => {
    if (clock.now().getTime() >= limitedUntil) return new Response(null, { status: 204 })
    refused++
    return Response.json(
      { message: 'You are being rate limited.', retry_after: 3.5, global: false },
      { status: 429, headers: { 'retry-after': '4', 'x-ratelimit-scope': 'user' } },
    )
  })
  await discordDestination(deps, discord.origin, 1)
  // The worker's rounds: each one as the pause the last 429 asked for ends.
  for (let now = t0; ; now += 3.5 * S) {
    clock.set(new Date(now))
    const claimed = await claimDue(deps, { holder: 'worker', limit: 4, perDestination: 4 })
    await Promise.all(claimed.map((d) => runAttempt(deps, d)))
    if (now >= limitedUntil) break
  }
  limitedUntil = 0
  expect(refused).toBeGreaterThanOrEqual(440)
  const lines = recorded.of('webhook_attempt')
  // Started, after 1, 2, 4, 8 and 16 minutes, and ended: 7 lines.
  expect(lines.length).toBeLessThanOrEqual(8)
  expect(lines[0]?.fields).toMatchObject({ status: 429, ok: false, rateLimitedSec: 0 })
  const waited = lines.slice(1, -1).map((l) => l.fields.rateLimitedSec as number)
  expect(waited.length).toBeGreaterThanOrEqual(4)
  expect(waited.every((s, i) => i === 0 || s >= 2 * (waited[i - 1] as number) - 4)).toBe(true)
  expect(lines.at(-1)?.fields).toMatchObject({ ok: true, status: 204 })
  expect(lines.at(-1)?.fields.rateLimitedSec as number).toBeGreaterThanOrEqual(26 * 60)
})
