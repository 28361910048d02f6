import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { testDeps } from '../support/deps'

// docs/api.md#api-documentation: Retry-After's description in Swagger UI's Headers table was one text on every
// answer, naming the quota month, exports, receivers, platforms and the scorer alike: on the 429 of the signals list
// (the monthly quota) it also said "until one of the team's open exports may have ended". Each answer's description
// now names what its own errors count down to, and only those.

type Spec = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { headers?: Record<string, { description?: string }> }> }>
  >
}

const MEANINGS = {
  month: 'until the quota month ends',
  exports: "the team's open exports",
  sends: 'test event or replay',
  platform: 'until the platform may be asked again',
  scorer: 'until the scorer may answer',
}
type Meaning = keyof typeof MEANINGS

const EXPECTED: [string, number, Meaning[]][] = [
  ['get /api/v1/signals', 429, ['month']],
  ['get /api/v1/signals/export', 429, ['month', 'exports']],
  ['get /api/v1/people/export', 429, ['exports']],
  ['post /api/v1/leads/score', 429, ['month']],
  ['post /api/v1/leads/score', 503, ['scorer']],
  ['post /api/v1/mentions/search', 429, ['month']],
  ['post /api/v1/mentions/search', 502, ['platform']],
  ['post /api/v1/mentions/search', 503, ['platform', 'scorer']],
  ['post /api/routes/search', 429, ['month']],
  ['post /api/routes/search', 502, ['platform']],
  ['post /api/routes/search', 503, ['platform', 'scorer']],
  ['post /api/v1/webhooks/{id}/test', 429, ['sends']],
  ['post /api/v1/webhooks/{id}/deliveries/{deliveryId}/replay', 429, ['sends']],
]

test("each answer's Retry-After says what that answer's errors count down to, and nothing else", async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body as Spec
  const seen: string[] = []
  for (const [path, ops] of Object.entries(spec.paths))
    for (const [method, op] of Object.entries(ops))
      for (const [status, response] of Object.entries(op.responses))
        if (response.headers?.['retry-after']) seen.push(`${method} ${path} ${status}`)
  expect(seen.sort()).toEqual(EXPECTED.map(([route, status]) => `${route} ${status}`).sort())
  for (const [route, status, meant] of EXPECTED) {
    const [method, path] = route.split(' ')
    const words = spec.paths[path][method].responses[String(status)].headers?.['retry-after'].description ?? ''
    const said = (Object.keys(MEANINGS) as Meaning[]).filter((m) => words.includes(MEANINGS[m]))
    expect({ route, status, said }).toEqual({ route, status, said: meant })
  }
})

test('a 429 of the quota says both of its waits, and a 503 names the errors that send none', async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body as Spec
  const signals = spec.paths['/api/v1/signals'].get.responses['429'].headers?.['retry-after'].description
  expect(signals).toContain('195 s')
  const score = spec.paths['/api/v1/leads/score'].post.responses['503'].headers?.['retry-after'].description
  expect(score).toContain('Absent from storage_unavailable')
})
