import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { generateApiKey } from '../../src/domain/keys/api-key'
import { revokeApiKey } from '../../src/domain/keys/keys'
import { newId } from '../../src/lib/ids'
import type { Scorer } from '../../src/scorers/types'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'

const expectError = (r: { status: number; body: any; headers: Headers }, status: number, code: string) => {
  expect(r.status).toBe(status)
  expect(r.body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) })
  expect(Object.keys(r.body.error).every((k) => ['code', 'message', 'details'].includes(k))).toBe(true)
  expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
}
const scoreBody = { content: 'We need a new CRM for our sales team, any recommendations?' }

describe('the error rows of docs/api.md#error-codes through the HTTP layer', () => {
  test('400 invalid_request for malformed JSON, with no stack or parser text', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const r = await client(deps)('POST', '/api/v1/leads/score', {
      key: apiKey,
      rawBody: '{"content": ',
      headers: { 'content-type': 'application/json' },
    })
    expectError(r, 400, 'invalid_request')
    expect(JSON.stringify(r.body)).not.toMatch(/at |\.ts|SyntaxError/)
  })

  test('400 invalid_request for a wrong content type, an empty body, a wrong type, a missing field and an unknown field', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const call = client(deps)
    expectError(
      await call('POST', '/api/v1/leads/score', {
        key: apiKey,
        rawBody: JSON.stringify(scoreBody),
        headers: { 'content-type': 'text/plain' },
      }),
      400,
      'invalid_request',
    )
    expectError(
      await call('POST', '/api/v1/leads/score', {
        key: apiKey,
        rawBody: '',
        headers: { 'content-type': 'application/json' },
      }),
      400,
      'invalid_request',
    )
    const wrongType = await call('POST', '/api/v1/leads/score', { key: apiKey, body: { content: 42 } })
    expectError(wrongType, 400, 'invalid_request')
    expect(wrongType.body.error.details).toEqual([{ field: 'content', message: expect.any(String) }])
    const missing = await call('POST', '/api/v1/mentions/search', { key: apiKey, body: { platform: 'hackernews' } })
    expect(missing.body.error.details).toEqual([{ field: 'keyword', message: 'is required' }])
    const unknown = await call('POST', '/api/v1/mentions/search', {
      key: apiKey,
      body: { keyword: 'crm', platform: 'hackernews', limt: 5 },
    })
    expect(unknown.body.error.details).toEqual([{ field: 'limt', message: 'is not a known field' }])
  })

  test('400 invalid_request for an out-of-range value and an unknown enum value, naming each field', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const r = await client(deps)('GET', '/api/v1/signals?limit=101&intent=HOT', { key: apiKey })
    expectError(r, 400, 'invalid_request')
    expect(r.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['intent', 'limit'])
    const platform = await client(deps)('POST', '/api/v1/mentions/search', {
      key: apiKey,
      body: { keyword: 'crm', platform: 'myspace' },
    })
    expect(platform.body.error.details[0].field).toBe('platform')
  })

  test('400 invalid_request for a path whose percent-encoding is broken, not a 500 logged as a fault', async () => {
    const errors: string[] = []
    const log = { info() {}, warn() {}, error: (event: string) => errors.push(event) }
    const { deps } = await testDeps({ deps: { log } })
    const { apiKey } = await seedTeam(deps)
    for (const path of ['/api/v1/people/%', '/api/v1/people/%E0%A4%A', '/api/v1/webhooks/%zz/deliveries?limit=5']) {
      const r = await client(deps)('GET', path, { key: apiKey })
      expectError(r, 400, 'invalid_request')
      expect(r.body.error.message).toBe(
        'the path holds a % that is not followed by two hex digits of UTF-8 (write % as %25)',
      )
    }
    expect(errors).toEqual([])
    // A % written as %25 is an ordinary character of the name; a stray % in the query string is read as before.
    expectError(await client(deps)('GET', '/api/v1/people/50%25', { key: apiKey }), 404, 'not_found')
    expect((await client(deps)('GET', '/api/v1/signals?keyword=50%', { key: apiKey })).status).toBe(200)
  })

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
    expectError(
      await call('POST', '/api/v1/leads/score', {
        key: apiKey,
        rawBody: '{bad',
        headers: { 'content-type': 'application/json' },
      }),
      403,
      'no_api_access',
    )
  })

  test('403 platform_not_in_plan for a platform the plan lacks', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps, { plan: 'growth' })
    expectError(
      await client(deps)('POST', '/api/v1/mentions/search', {
        key: apiKey,
        body: { keyword: 'crm', platform: 'tiktok' },
      }),
      403,
      'platform_not_in_plan',
    )
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

  test('404 not_found for an unknown route and an unknown method', async () => {
    const { deps } = await testDeps()
    expectError(await client(deps)('GET', '/api/v2/nothing'), 404, 'not_found')
    expectError(await client(deps)('DELETE', '/api/v1/usage'), 404, 'not_found')
  })

  test('413 payload_too_large for a body over server.max_body_bytes, announced or not', async () => {
    const { deps } = await testDeps({ config: { server: { max_body_bytes: 1000 } } })
    const { apiKey } = await seedTeam(deps)
    const big = JSON.stringify({ content: 'x'.repeat(2000) })
    const call = client(deps)
    expectError(
      await call('POST', '/api/v1/leads/score', {
        key: apiKey,
        rawBody: big,
        headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
      }),
      413,
      'payload_too_large',
    )
    // A streamed body carries no Content-Length; it is measured while reading.
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big))
        c.close()
      },
    })
    const { createApp } = await import('../../src/app')
    const res = await createApp(deps).handle(
      new Request('http://localhost/api/v1/leads/score', {
        method: 'POST',
        body: stream,
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      }),
    )
    expect(res.status).toBe(413)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('payload_too_large')
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

  test('503 scorer_unavailable when the scorer fails and fallback is none; the rules scorer answers when fallback is rules', async () => {
    const failing: Scorer = {
      name: 'ollama',
      score: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:11434')
      },
    }
    const strict = await testDeps({ config: { scorer: { fallback: 'none' } }, deps: { scorer: failing } })
    const a = await seedTeam(strict.deps)
    const r = await client(strict.deps)('POST', '/api/v1/leads/score', { key: a.apiKey, body: scoreBody })
    expectError(r, 503, 'scorer_unavailable')
    // docs/api.md#error-codes: the 503 said only 'the ollama scorer could not answer', with no Retry-After.
    expect(r.headers.get('retry-after')).toBe('15')
    expect(r.body.error.message).toBe(
      'the Ollama model server could not answer; nothing was charged: ask again in 15 s, when it may answer',
    )
    expect(JSON.stringify(r.body)).not.toContain('ECONNREFUSED')
    expect((await client(strict.deps)('GET', '/api/v1/usage', { key: a.apiKey })).body.usage.used).toBe(0)

    const lenient = await testDeps({ config: { scorer: { fallback: 'rules' } }, deps: { scorer: failing } })
    const b = await seedTeam(lenient.deps)
    const ok = await client(lenient.deps)('POST', '/api/v1/leads/score', { key: b.apiKey, body: scoreBody })
    expect(ok.status).toBe(200)
    expect(ok.body.intent).toBe('ACTIVE')
  })

  test('503 scorer_unavailable of a resting model counts its Retry-After to the next check of its server', async () => {
    // A model resting after a timeout is checked every 15 s (docs/scoring.md#fallback-and-timeouts): the seconds
    // count to the next check, and a call that starts the check learns that it ends within 2 s.
    let probes = 0
    const hung: Scorer = {
      name: 'ollama',
      score: () => new Promise(() => {}),
      probe: () => {
        probes++
        return new Promise(() => {})
      },
    }
    const resting = await testDeps({ config: { scorer: { fallback: 'none', timeout_ms: 50 } }, deps: { scorer: hung } })
    const b = await seedTeam(resting.deps)
    const score = () => client(resting.deps)('POST', '/api/v1/leads/score', { key: b.apiKey, body: scoreBody })
    const later = (ms: number) => resting.clock.set(new Date(resting.clock.now().getTime() + ms))
    expect((await score()).headers.get('retry-after')).toBe('15')
    later(10_000)
    expect((await score()).headers.get('retry-after')).toBe('5')
    later(5_000)
    const checking = await score()
    expect(probes).toBe(1)
    expect(checking.headers.get('retry-after')).toBe('2')
    expect(checking.body.error.message).toContain('ask again in 2 s')
    expect((await client(resting.deps)('GET', '/api/v1/usage', { key: b.apiKey })).body.usage.used).toBe(0)
  })

  test('a scorer that does not answer within scorer.timeout_ms is cut off: 503 without fallback, rules with it', async () => {
    const hanging: Scorer = { name: 'ollama', score: () => new Promise(() => {}) }
    const strict = await testDeps({
      config: { scorer: { fallback: 'none', timeout_ms: 50 } },
      deps: { scorer: hanging },
    })
    const a = await seedTeam(strict.deps)
    expectError(
      await client(strict.deps)('POST', '/api/v1/leads/score', { key: a.apiKey, body: scoreBody }),
      503,
      'scorer_unavailable',
    )
    const lenient = await testDeps({ config: { scorer: { timeout_ms: 50 } }, deps: { scorer: hanging } })
    const b = await seedTeam(lenient.deps)
    expect(
      (await client(lenient.deps)('POST', '/api/v1/leads/score', { key: b.apiKey, body: scoreBody })).body.intent,
    ).toBe('ACTIVE')
  })

  test('an unexpected failure is a 500 internal error that reveals nothing', async () => {
    const broken: Scorer = {
      name: 'rules',
      score: async () => {
        throw new Error('unreachable')
      },
    }
    const { deps } = await testDeps({ deps: { scorer: broken } })
    const { apiKey } = await seedTeam(deps)
    deps.repos.icpProfiles.list = async () => {
      throw new Error('SQLITE_ERROR: no such table: icp_profiles at /srv/data/x.db')
    }
    const r = await client(deps)('POST', '/api/v1/leads/score', { key: apiKey, body: scoreBody })
    expectError(r, 500, 'internal')
    expect(JSON.stringify(r.body)).not.toMatch(/SQLITE|icp_profiles|\/srv/)
  })
})

describe('upstream failures through the HTTP layer', () => {
  let server: ReturnType<typeof Bun.serve>
  let mode = 'error'
  beforeAll(() => {
    server = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch() {
        if (mode === 'error') return new Response('oops', { status: 500 })
        if (mode === 'ratelimit') return new Response('slow down', { status: 429 })
        if (mode === 'garbage') return new Response('<html>', { headers: { 'content-type': 'application/json' } })
        await Bun.sleep(2_000)
        return Response.json({ hits: [] })
      },
    })
  })
  afterAll(() => server.stop(true))

  const setup = async () => {
    const { deps } = await testDeps({
      // Time enough for an answer on a loaded machine; the slow mode's 2 s is a timeout.
      config: { platforms: { hackernews: { base_url: server.url.origin, timeout_ms: 400 } } },
    })
    const { apiKey } = await seedTeam(deps)
    return { call: client(deps), apiKey }
  }
  const search = { keyword: 'crm', platform: 'hackernews' }

  test('502 upstream_error for an error status, a rate-limit answer and an unreadable body, none of them charged', async () => {
    const { call, apiKey } = await setup()
    // The rate limit last: after it, nothing is sent to the platform until its retry time (503, tested elsewhere).
    for (const m of ['error', 'garbage', 'ratelimit']) {
      mode = m
      const r = await call('POST', '/api/v1/mentions/search', { key: apiKey, body: search })
      expectError(r, 502, 'upstream_error')
      expect(r.body.error.message).toContain('hackernews')
      expect(r.body.error.message).not.toContain('127.0.0.1')
    }
    expect((await call('GET', '/api/v1/usage', { key: apiKey })).body.usage.used).toBe(0)
  })

  test('504 upstream_timeout when the platform does not answer within timeout_ms, not charged', async () => {
    const { call, apiKey } = await setup()
    mode = 'slow'
    const r = await call('POST', '/api/v1/mentions/search', { key: apiKey, body: search })
    expectError(r, 504, 'upstream_timeout')
    expect((await call('GET', '/api/v1/usage', { key: apiKey })).body.usage.used).toBe(0)
  })
})
