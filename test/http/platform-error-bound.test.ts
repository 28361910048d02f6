import { describe, expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { fakesPerTest } from '../support/fake-upstream'

// docs/api.md#source-health: `lastError` keeps at most 500 characters of a failure, without control characters. The
// fake answers as Stack Exchange's error wrapper does (HTTP 400, `error_id`, `error_name`, `error_message`:
// https://api.stackexchange.com/docs/error-handling), with words a hostile server chose.
const fake = fakesPerTest()
const HOSTILE = 'bad\u0000 value\u001b[2J\r\nSet-Cookie: x\u0007\u007f\u0085\u202e'

describe('a platform error as source health keeps it', () => {
  test('a 10,000-character error body full of control characters is answered and stored cut and without them', async () => {
    const said = HOSTILE.repeat(Math.ceil(5_000 / HOSTILE.length)).slice(0, 5_000)
    const body = JSON.stringify({ error_id: 400, error_name: said, error_message: said })
    expect(body.length).toBeGreaterThanOrEqual(10_000)
    const se = fake(() => new Response(body, { status: 400, headers: { 'content-type': 'application/json' } }))
    const { deps } = await testDeps({
      config: {
        platforms: { stackoverflow: { base_url: se.origin } },
        plans: { all: { monthly_requests: 100, any_keyword: true, platforms: ['stackoverflow'] } },
      },
    })
    const { apiKey } = await seedTeam(deps, { plan: 'all' })
    const call = client(deps)
    const searched = await call('POST', '/api/v1/mentions/search', {
      key: apiKey,
      body: { keyword: 'crm', platform: 'stackoverflow', limit: 5 },
    })
    expect(searched.status).toBe(502)
    // The search's own answer says the same, on one line and without them: a client may print it to a terminal.
    const answered: string = searched.body.error.message
    expect(answered).toStartWith('stackoverflow answered with error 400 (bad value')
    expect(answered.length).toBeLessThanOrEqual(600)
    expect(answered).not.toMatch(/[\p{Cc}\p{Bidi_Control}]/u)
    const listed = await call('GET', '/api/v1/platforms', { key: apiKey })
    const source = listed.body.platforms.find((p: { platform: string }) => p.platform === 'stackoverflow')
    const lastError: string = source.lastError
    expect(lastError.startsWith('stackoverflow answered with error 400 (bad value')).toBe(true)
    expect(lastError.length).toBeLessThanOrEqual(500)
    expect(lastError).not.toMatch(/[\p{Cc}\p{Bidi_Control}]/u)
    expect(lastError).toContain('Set-Cookie: x')
  })
})
