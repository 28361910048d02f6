import { afterAll, expect, test } from 'bun:test'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { runPollPass } from '../../src/jobs/poll-pass'
import { seedTeam, testDeps } from '../support/deps'
import { fakeUpstream } from '../support/fake-upstream'
import { client } from '../support/http'
import { mastodonTokenGate } from '../support/platform-rules'

// A Mastodon instance that issued another token than the one configured: /api/v2/search answers 401, as Mastodon does
// for a revoked, mistyped or foreign token (docs/platforms.md#mastodon).
const instance = fakeUpstream((req) => mastodonTokenGate(req, 'tok-issued-here') ?? Response.json({ statuses: [] }))
afterAll(() => instance.stop())

test("polling met by Mastodon's 401 shows in source health which setting to fix, as the stream's 401 does", async () => {
  const { deps } = await testDeps({
    config: {
      plans: { poller: { api_access: true, monthly_requests: 500, platforms: ['mastodon'] } },
      platforms: { mastodon: { base_url: instance.origin, access_token: 'tok-revoked' } },
    },
  })
  const { team, apiKey } = await seedTeam(deps, { plan: 'poller' })
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  const pass = await runPollPass(deps)
  expect(pass.platforms.mastodon).toMatchObject({ failed: 1 })
  expect(instance.received.length).toBeGreaterThan(0)
  const r = await client(deps)('GET', '/api/v1/platforms', { key: apiKey })
  const mastodon = r.body.platforms.find((p: { platform: string }) => p.platform === 'mastodon')
  expect(mastodon.lastError).toContain('mastodon refused the access token')
  expect(mastodon.lastError).toContain('platforms.mastodon.access_token (LEAD_SIGNALS_PLATFORMS_MASTODON_ACCESS_TOKEN)')
  expect(mastodon.lastError).not.toContain('tok-revoked')
})
