// A body that cannot be read at all (not JSON, empty, a list, nested too deep, a character no field takes) is the
// body's fault, and its refusal says so in `details` as any other 400 does: `{field: "body", message}`, the message
// the sentence's own words after "the request body" (docs/api.md#error-shape). A client that shows each detail beside
// its field, as Swagger UI users and generated forms do, had nothing to show for these.
import { describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'

const json = { 'content-type': 'application/json' }

const CASES: { what: string; rawBody: string; headers: Record<string, string>; detail: string }[] = [
  { what: 'empty', rawBody: ' ', headers: json, detail: 'is empty; send a JSON object' },
  { what: 'not JSON', rawBody: '{', headers: json, detail: 'is not valid JSON' },
  { what: 'a list', rawBody: '[]', headers: json, detail: 'must be an object, not a list' },
  {
    what: 'not sent as JSON',
    rawBody: '{"content": "We need a CRM for our team"}',
    headers: { 'content-type': 'text/plain' },
    detail: 'must be sent as JSON with Content-Type: application/json',
  },
  { what: 'nested too deep', rawBody: '['.repeat(70), headers: json, detail: 'nests deeper than 64 levels' },
  {
    what: 'holding U+0000',
    rawBody: '{"content": "We need a CRM\\u0000"}',
    headers: json,
    detail: 'holds the character U+0000, which no field takes',
  },
]

describe('a body refused as a whole', () => {
  for (const c of CASES) {
    test(`${c.what}: 400 naming the field "body"`, async () => {
      const { deps } = await testDeps()
      const { apiKey } = await seedTeam(deps)
      const r = await client(deps)('POST', '/api/v1/leads/score', {
        key: apiKey,
        rawBody: c.rawBody,
        headers: c.headers,
      })
      expect(r.status).toBe(400)
      expect(r.body.error.code).toBe('invalid_request')
      expect(r.body.error.details).toEqual([{ field: 'body', message: c.detail }])
      expect((await client(deps)('GET', '/api/v1/usage', { key: apiKey })).body.usage.used).toBe(0)
    })
  }

  test('the sentence is unchanged: it reads "the request body" and the detail', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const r = await client(deps)('POST', '/api/v1/leads/score', { key: apiKey, rawBody: '[]', headers: json })
    expect(r.body.error.message).toBe('the request body must be an object, not a list')
  })
})
