// docs/api.md#source-health and docs/platforms.md#rate-limits: a wait a platform announced to one server (no request
// remains until its reset) holds every server on the database, so every server's source health shows it, with its
// retry time and why, before any of its own searches was refused and without a call to the platform.
import { describe, expect, test } from 'bun:test'
import { seedTeam } from '../support/deps'
import { fakesPerTest } from '../support/fake-upstream'
import { client } from '../support/http'
import { twoServers } from '../support/two-servers'

const fake = fakesPerTest()

describe('source health of a pause another server heard', () => {
  test("X's x-rate-limit-remaining 0 on one server's search shows in the other server's GET /api/v1/platforms", async () => {
    // docs.x.com, Rate limits: x-rate-limit-remaining and x-rate-limit-reset (epoch seconds) on every answer.
    const reset = Math.floor(Date.now() / 1000) + 900
    let sent = 0
    const x = fake(() => {
      sent++
      const data = [{ id: '1790000000000000001', text: 'CRM', created_at: '2026-03-01T12:34:56.000Z' }]
      const headers = { 'x-rate-limit-limit': '1', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) }
      return Response.json({ data, meta: { result_count: 1, next_token: 'n' } }, { headers })
    })
    const [first, second] = await twoServers({ twitter: { base_url: x.origin, bearer_token: 'AAAA-bearer' } })
    const { apiKey } = await seedTeam(second)
    const twitterOf = async () =>
      (await client(second)('GET', '/api/v1/platforms', { key: apiKey })).body.platforms.find(
        (p: { platform: string }) => p.platform === 'twitter',
      )
    expect((await twitterOf()).retryAt).toBeNull()
    expect(await first.connectors.get('twitter')!.search('crm', 300)).toHaveLength(1)
    expect(sent).toBe(1)
    const shown = await twitterOf()
    // By the second server's clock (a test's, set apart from the real one): the seconds the reset is away.
    const left = (Date.parse(shown.retryAt) - second.clock.now().getTime()) / 1000
    expect(left).toBeGreaterThan(880)
    expect(left).toBeLessThanOrEqual(900)
    expect(shown.retryWhy).toContain('no requests remaining')
    expect(sent).toBe(1)
  })
})
