import { describe, expect, test } from 'bun:test'
import { newId } from '../../src/lib/ids'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'

const post =
  'We are a B2B SaaS startup looking for a CRM with a sales pipeline. Any recommendations? Budget is $300/month.'

describe('POST /api/v1/leads/score', () => {
  test("scores with the team's own ICP profiles and qualifies by the configured threshold", async () => {
    const { deps } = await testDeps()
    const a = await seedTeam(deps, { name: 'a' })
    const b = await seedTeam(deps, { name: 'b' })
    await deps.repos.icpProfiles.insert({
      id: newId('icp'),
      teamId: a.team.id,
      name: 'SaaS sales teams',
      description: 'B2B SaaS companies that need a CRM and a sales pipeline',
      createdAt: '2026-11-01T00:00:00.000Z',
    })
    const call = client(deps)
    const ra = await call('POST', '/api/v1/leads/score', { key: a.apiKey, body: { content: post, keyword: 'crm' } })
    expect(ra.status).toBe(200)
    expect(ra.body).toMatchObject({ qualified: true, intent: 'ACTIVE', icpMatch: 'SaaS sales teams' })
    expect(ra.body.score).toBeGreaterThanOrEqual(6)
    expect(ra.body.reason).toContain('looking for')
    const rb = await call('POST', '/api/v1/leads/score', { key: b.apiKey, body: { content: post, keyword: 'crm' } })
    expect(rb.body.icpMatch).toBeNull()

    const strict = await testDeps({ config: { scorer: { qualify_threshold: 10 } } })
    const c = await seedTeam(strict.deps)
    const rc = await client(strict.deps)('POST', '/api/v1/leads/score', {
      key: c.apiKey,
      body: { content: 'The CRM I use is fine I guess, nothing special.' },
    })
    expect(rc.body.qualified).toBe(rc.body.score >= 10)
    expect(rc.body.qualified).toBe(false)
  })

  test('checks content, keyword and context lengths after trimming', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const call = client(deps)
    const status = async (body: object) => (await call('POST', '/api/v1/leads/score', { key: apiKey, body })).status
    expect(await status({ content: '   123456789   ' })).toBe(400)
    expect(await status({ content: '1234567890' })).toBe(200)
    expect(await status({ content: 'x'.repeat(20_000) })).toBe(200)
    expect(await status({ content: 'x'.repeat(20_001) })).toBe(400)
    expect(await status({ content: post, keyword: 'k'.repeat(200), context: 'c'.repeat(2000) })).toBe(200)
    expect(await status({ content: post, keyword: 'k'.repeat(201) })).toBe(400)
    expect(await status({ content: post, context: 'c'.repeat(2001) })).toBe(400)
    expect(await status({ content: post, keyword: 5 })).toBe(400)
  })
})

describe('GET /api/v1/usage and GET /api/routes/test-api', () => {
  test("the usage report has the documented shape with the plan's platforms", async () => {
    const { deps } = await testDeps({ now: '2026-02-10T08:00:00.000Z' })
    const { apiKey } = await seedTeam(deps, { name: 'Acme Inc', plan: 'scale', credits: 7 })
    const r = await client(deps)('GET', '/api/v1/usage', { key: apiKey })
    expect(r.body).toEqual({
      team: 'Acme Inc',
      plan: 'scale',
      usage: { used: 0, limit: 2500, remaining: 2500, month: '2026-02', resetsAt: '2026-03-01T00:00:00.000Z' },
      credits: 7,
      availablePlatforms: deps.config.plans.scale.platforms,
    })
    // Every search platform but Reddit, which this server cannot search (docs/api.md#plans).
    expect(r.body.availablePlatforms).toHaveLength(18)
    expect(r.body.availablePlatforms).not.toContain('reddit')
  })

  test('test-api names the team and is never counted', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps, { name: 'Acme Inc' })
    const call = client(deps)
    const r = await call('GET', '/api/routes/test-api', { key: apiKey })
    expect(r.body).toEqual({ success: true, message: expect.stringContaining('Acme Inc') })
    expect((await call('GET', '/api/v1/usage', { key: apiKey })).body.usage.used).toBe(0)
  })
})
