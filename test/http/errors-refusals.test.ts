// docs/api.md#error-codes through the HTTP layer: a request refused for who asks or what they may ask (a key, the
// plan, the earlier route's keywords, the quota, a platform not configured here).
import { describe, expect, test } from 'bun:test'
import { generateApiKey } from '../../src/domain/keys/api-key'
import { revokeApiKey } from '../../src/domain/keys/keys'
import { newId } from '../../src/lib/ids'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { expectError } from '../support/api-errors'

describe('the error rows of docs/api.md#error-codes through the HTTP layer', () => {
  test('401 missing_api_key without a key and invalid_api_key for unknown, malformed and revoked keys', async () => {
    const { deps } = await testDeps()
    const { team, apiKey } = await seedTeam(deps)
    const call = client(deps)
    expectError(await call('GET', '/api/v1/usage'), 401, 'missing_api_key')
    expectError(await call('GET', '/api/v1/usage', { key: '' }), 401, 'missing_api_key')
    expectError(await call('GET', '/api/v1/usage', { key: 'lsk_short' }), 401, 'invalid_api_key')
    expectError(
      await call('GET', '/api/v1/usage', { key: generateApiKey((n) => new Uint8Array(n).fill(7)).apiKey }),
      401,
      'invalid_api_key',
    )
    await revokeApiKey(deps, { teamId: team.id, key: apiKey.slice(0, 12) })
    expectError(await call('GET', '/api/v1/usage', { key: apiKey }), 401, 'invalid_api_key')
  })

  test('403 no_api_access for a starter team, checked before the body', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps, { plan: 'starter' })
    const call = client(deps)
    expectError(await call('GET', '/api/v1/usage', { key: apiKey }), 403, 'no_api_access')
    // A body the server cannot read: the plan is refused first.
    const unreadable = { key: apiKey, rawBody: '{bad', headers: { 'content-type': 'application/json' } }
    expectError(await call('POST', '/api/v1/leads/score', unreadable), 403, 'no_api_access')
  })

  test('403 platform_not_in_plan for a platform the plan lacks', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps, { plan: 'growth' })
    const tiktok = { key: apiKey, body: { keyword: 'crm', platform: 'tiktok' } }
    expectError(await client(deps)('POST', '/api/v1/mentions/search', tiktok), 403, 'platform_not_in_plan')
  })

  test('403 keyword_not_tracked on the earlier route, in its own error shape; a custom plan is exempt', async () => {
    const { deps } = await testDeps({ config: { plans: { custom: { any_keyword: true, monthly_requests: 10 } } } })
    const { apiKey } = await seedTeam(deps)
    const r = await client(deps)('POST', '/api/routes/search', {
      key: apiKey,
      body: { network: 'reddit', keyword: 'crm' },
    })
    expect(r.status).toBe(403)
    expect(r.body).toEqual({ success: false, error: expect.stringContaining('tracked') })
    const custom = await seedTeam(deps, { name: 'custom-co', plan: 'custom' })
    // Past the keyword rule, the next check answers: internet has no SearXNG instance configured here.
    const exempt = await client(deps)('POST', '/api/routes/search', {
      key: custom.apiKey,
      body: { network: 'internet', keyword: 'crm' },
    })
    expect(exempt.status).toBe(503)
    expect(exempt.body).toEqual({ success: false, error: expect.stringContaining('internet') })
  })

  test('a tracked keyword passes the earlier route rule case-insensitively', async () => {
    const { deps } = await testDeps()
    const { team, apiKey } = await seedTeam(deps)
    await deps.repos.keywords.add([
      { id: newId('kw'), teamId: team.id, keyword: 'CRM', keywordLc: 'crm', createdAt: '2026-11-01T00:00:00.000Z' },
    ])
    const r = await client(deps)('POST', '/api/routes/search', {
      key: apiKey,
      body: { network: 'internet', keyword: 'crm' },
    })
    expect(r.status).toBe(503)
  })

  test('429 quota_exceeded with Retry-After once the month and the credits are spent', async () => {
    const { deps } = await testDeps({
      config: { plans: { tiny: { monthly_requests: 1 } } },
      now: '2026-11-30T23:59:00.000Z',
    })
    const { apiKey } = await seedTeam(deps, { plan: 'tiny' })
    const call = client(deps)
    expect((await call('GET', '/api/v1/signals', { key: apiKey })).status).toBe(200)
    const r = await call('GET', '/api/v1/signals', { key: apiKey })
    expectError(r, 429, 'quota_exceeded')
    expect(r.headers.get('retry-after')).toBe('60')
  })

  test('503 platform_not_configured for a platform without a connector here', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    expectError(
      await client(deps)('POST', '/api/v1/mentions/search', {
        key: apiKey,
        body: { keyword: 'crm', platform: 'twitter' },
      }),
      503,
      'platform_not_configured',
    )
  })
})
