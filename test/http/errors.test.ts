// docs/api.md#error-codes through the HTTP layer: a request the server cannot read (400, 404, 413). Refusals of a
// request it can read: errors-refusals.test.ts; its own side failing: errors-server.test.ts; a platform's:
// errors-upstream.test.ts.
import { describe, expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { expectError, scoreBody } from '../support/api-errors'

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
})
