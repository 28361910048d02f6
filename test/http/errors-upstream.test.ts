// docs/api.md#error-codes through the HTTP layer: a platform that fails (an error status, a rate limit, a body that
// is not JSON, no answer in time), against a local fake platform, nothing charged.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { expectError } from '../support/api-errors'

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
