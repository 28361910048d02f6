// docs/api.md#source-health and docs/platforms.md#rate-limits: a wait a platform announced to one server (no request
// remains until its reset) holds every server on the database, so every server's source health shows it, with its
// retry time and why, before any of its own searches was refused and without a call to the platform.
import { describe, expect, test } from 'bun:test'
import { seedTeam } from '../support/deps'
import { fakesPerTest } from '../support/fake-upstream'
import { client } from '../support/http'
import { limitedX, twoServers } from '../support/two-servers'

const fake = fakesPerTest()

describe('source health of a pause another server heard', () => {
  test("X's x-rate-limit-remaining 0 on one server's search shows in the other server's GET /api/v1/platforms", async () => {
    // Its one request of the window: the answer says none remains until the reset, 900 s away.
    const x = limitedX(fake, 1)
    const [first, second] = await twoServers({ twitter: x.twitter })
    const { apiKey } = await seedTeam(second)
    const twitterOf = async () =>
      (await client(second)('GET', '/api/v1/platforms', { key: apiKey })).body.platforms.find(
        (p: { platform: string }) => p.platform === 'twitter',
      )
    expect((await twitterOf()).retryAt).toBeNull()
    expect(await first.connectors.get('twitter')!.search('crm', 300)).toHaveLength(1)
    expect(x.sent()).toBe(1)
    const shown = await twitterOf()
    // By the second server's clock (a test's, set apart from the real one): the seconds the reset is away.
    const left = (Date.parse(shown.retryAt) - second.clock.now().getTime()) / 1000
    expect(left).toBeGreaterThan(880)
    expect(left).toBeLessThanOrEqual(900)
    expect(shown.retryWhy).toContain('no requests remaining')
    expect(x.sent()).toBe(1)
  })
})
