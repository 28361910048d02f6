import { expect, test } from 'bun:test'
import { ownerConsole } from '../../support/owner-console'

// docs/console.md#try-the-scorer: the console's Try the scorer page posts to /console/api/score, which is
// POST /api/v1/leads/score for the signed-in team (CONTRACT's checks and quota, docs/api.md#lead-scoring).

const POST = 'Our 12-person sales team lives in spreadsheets. Looking for a CRM, budget approved.'
const ONE_A_MONTH = { plans: { tiny: { api_access: true, monthly_requests: 1, platforms: [] } } }

test('a try scores as the API does, names the scorer, uses the team profiles and counts one request', async () => {
  const { call } = await ownerConsole('acme')
  await call('POST', '/icp-profiles', {
    name: 'Small sales teams',
    description: 'Sales teams of 5 to 50 wanting a CRM',
  })
  const res = await call('POST', '/score', { content: POST, keyword: 'crm' })
  expect(res.status).toBe(200)
  expect(res.headers.get('x-scorer')).toBe('rules')
  expect(res.body).toMatchObject({ scoredBy: 'rules', intent: 'ACTIVE', qualified: true })
  expect(res.body.icpMatch).toBe('Small sales teams')
  expect(typeof res.body.reason).toBe('string')
  const usage = await call('GET', '/usage')
  expect(usage.body.used ?? usage.body.usage?.used).toBe(1)
})

test('refusals: a plan without API access, a post too short or too long, a spent month; nothing counted', async () => {
  const starter = await ownerConsole('solo', { plan: 'starter' })
  const noAccess = await starter.call('POST', '/score', { content: 'x' })
  expect(noAccess.status).toBe(403)
  expect(noAccess.body.error.code).toBe('no_api_access')
  expect(noAccess.body.error.message).toContain('the starter plan has no API access')
  expect((await starter.call('GET', '/score')).status).toBe(403)

  const { call } = await ownerConsole('acme', { config: ONE_A_MONTH, plan: 'tiny' })
  expect(await call('GET', '/score')).toMatchObject({ status: 200, body: { apiAccess: true } })
  const short = await call('POST', '/score', { content: '  too shor ' })
  expect(short.status).toBe(400)
  expect(short.body.error.details[0].field).toBe('content')
  // Hostile: ten characters that show nothing but three (zero-width spaces) are too short, as the API says.
  const hidden = await call('POST', '/score', { content: `abc${'\u200b'.repeat(10)}` })
  expect(hidden.status).toBe(400)
  expect(hidden.body.error.details[0].message).toContain('not counting invisible ones')
  const long = await call('POST', '/score', { content: 'a'.repeat(20_001) })
  expect(long.status).toBe(400)
  expect(long.body.error.details[0].field).toBe('content')
  expect((await call('POST', '/score', { content: POST })).status).toBe(200)
  const spent = await call('POST', '/score', { content: POST })
  expect(spent.status).toBe(429)
  expect(spent.body.error.code).toBe('quota_exceeded')
  expect(Number(spent.headers.get('retry-after'))).toBeGreaterThan(0)
})

test('a model down with fallback "none" is 503 scorer_unavailable with Retry-After, and nothing is counted', async () => {
  // Nothing listens at port 9: the connection is refused, as docs/scoring.md#fallback-and-timeouts tells a model down.
  const scorer = { backend: 'ollama' as const, fallback: 'none' as const, ollama: { host: 'http://127.0.0.1:9' } }
  const { call } = await ownerConsole('acme', { config: { scorer } })
  const res = await call('POST', '/score', { content: POST })
  expect(res.status).toBe(503)
  expect(res.body.error.code).toBe('scorer_unavailable')
  expect(res.body.error.message).toContain('nothing was charged')
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  expect((await call('GET', '/usage')).body.usage.used).toBe(0)
})
