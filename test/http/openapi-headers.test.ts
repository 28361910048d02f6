import { expect, test } from 'bun:test'
import type { Scorer } from '../../src/scorers/types'
import { type Reply, client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { fakesPerTest } from '../support/fake-upstream'
import { bearer, obtainTokens, oauthWorld } from '../support/oauth'
import { stackExchangeThrottle } from '../support/platform-rules'

// docs/api.md#api-documentation: the response headers the API documents (Retry-After, x-scorer, WWW-Authenticate,
// Content-Disposition, x-request-id) were written only in descriptions, so a client generated from /swagger/json
// could not read them. Each is now listed on the answers that send it; every answer below is checked against the list.

type Operation = { security?: unknown; responses: Record<string, { headers?: Record<string, unknown> }> }
type Spec = { paths: Record<string, Record<string, Operation>> }
const fake = fakesPerTest()

// Listed where some answers of a status send them and others do not: Retry-After on the 502 and 503 that wait for a
// platform or the scorer (a 503 storage_unavailable has none), WWW-Authenticate on a 403 insufficient_scope only.
const SOMETIMES: Record<string, string[]> = {
  '502': ['retry-after'],
  '503': ['retry-after'],
  '403': ['www-authenticate'],
}

const specOf = async (call: ReturnType<typeof client>) => (await call('GET', '/swagger/json')).body as Spec
const listed = (spec: Spec, route: string, status: number) => {
  const [method, path] = route.split(' ')
  return Object.keys(spec.paths[path][method].responses[String(status)]?.headers ?? {})
}

/** Every header the document lists for this answer that every such answer sends is sent. */
function expectListedSent(spec: Spec, route: string, r: Reply, alsoSometimes: string[] = []) {
  const names = listed(spec, route, r.status).filter(
    (n) => !(SOMETIMES[String(r.status)] ?? []).includes(n) || alsoSometimes.includes(n),
  )
  expect({ route, status: r.status, missing: names.filter((n) => !r.headers.has(n)) }).toEqual({
    route,
    status: r.status,
    missing: [],
  })
  for (const n of alsoSometimes)
    expect({ route, status: r.status, listed: names.includes(n) }).toMatchObject({ listed: true })
}

test('what every answer carries is listed on every answer, and sent', async () => {
  const { deps } = await testDeps({ config: { plans: { spent: { monthly_requests: 0 } } } })
  const { apiKey } = await seedTeam(deps, { plan: 'spent' })
  const call = client(deps)
  const spec = await specOf(call)
  let answers = 0
  for (const [path, ops] of Object.entries(spec.paths))
    for (const [method, op] of Object.entries(ops)) {
      for (const [status, response] of Object.entries(op.responses))
        expect({ path, method, status, headers: Object.keys(response.headers ?? {}) }).toMatchObject({
          headers: expect.arrayContaining(['x-request-id']),
        })
      const url = path.replace(/\{[^}]+\}/g, 'nothing')
      const body = method === 'get' || method === 'delete' ? undefined : {}
      for (const r of [
        await call(method.toUpperCase(), url, { body }),
        await call(method.toUpperCase(), url, { key: apiKey, headers: { 'content-length': '999999999' } }),
        await call(method.toUpperCase(), url, { key: apiKey, body }),
      ]) {
        expectListedSent(spec, `${method} ${path}`, r)
        answers++
      }
    }
  expect(answers).toBeGreaterThan(60)
})

test('the score names its scorer, the exports their file, and the 401 its challenge', async () => {
  const { deps } = await testDeps()
  const { apiKey } = await seedTeam(deps)
  const call = client(deps)
  const spec = await specOf(call)
  const score = await call('POST', '/api/v1/leads/score', {
    key: apiKey,
    body: { content: 'Looking for a CRM for our sales team of twelve' },
  })
  expect(listed(spec, 'post /api/v1/leads/score', 200)).toContain('x-scorer')
  expectListedSent(spec, 'post /api/v1/leads/score', score)
  for (const path of ['/api/v1/signals/export', '/api/v1/people/export']) {
    const file = await call('GET', path, { key: apiKey })
    expect(file.status).toBe(200)
    expect(listed(spec, `get ${path}`, 200)).toContain('content-disposition')
    expectListedSent(spec, `get ${path}`, file)
  }
  const unauthorized = await call('GET', '/api/v1/usage', { key: 'lsk_wrong' })
  expect(listed(spec, 'get /api/v1/usage', 401)).toContain('www-authenticate')
  expectListedSent(spec, 'get /api/v1/usage', unauthorized)
})

test('Retry-After where a 503 or 502 waits for the scorer or a platform, and the challenge of a 403 for a scope', async () => {
  const failing: Scorer = {
    name: 'ollama',
    score: async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:11434')
    },
  }
  const throttle = stackExchangeThrottle(3600)
  const se = fake(() => throttle.answer())
  const { deps } = await testDeps({
    config: {
      scorer: { fallback: 'none' },
      platforms: { stackoverflow: { base_url: se.origin } },
      plans: { all: { monthly_requests: 100, platforms: ['stackoverflow'] } },
    },
    deps: { scorer: failing },
  })
  const { apiKey } = await seedTeam(deps, { plan: 'all' })
  const call = client(deps)
  const spec = await specOf(call)
  const score = await call('POST', '/api/v1/leads/score', {
    key: apiKey,
    body: { content: 'Looking for a CRM for our sales team of twelve' },
  })
  expect(score.status).toBe(503)
  expectListedSent(spec, 'post /api/v1/leads/score', score, ['retry-after'])
  const search = () =>
    call('POST', '/api/v1/mentions/search', { key: apiKey, body: { keyword: 'crm', platform: 'stackoverflow' } })
  const limited = await search()
  expect(limited.status).toBe(502)
  expectListedSent(spec, 'post /api/v1/mentions/search', limited, ['retry-after'])
  const waiting = await search()
  expect(waiting.status).toBe(503)
  expectListedSent(spec, 'post /api/v1/mentions/search', waiting, ['retry-after'])

  const world = await oauthWorld()
  try {
    const reader = await obtainTokens(world, { scope: 'signals:read' })
    const res = await fetch(`${world.base}/api/v1/leads/score`, {
      method: 'POST',
      headers: { ...bearer(reader.access_token), 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Looking for a CRM for our sales team of twelve' }),
    })
    const refused: Reply = { status: res.status, body: await res.json(), headers: res.headers }
    expect(refused.body.error.code).toBe('insufficient_scope')
    expectListedSent(spec, 'post /api/v1/leads/score', refused, ['www-authenticate'])
  } finally {
    world.stop()
  }
})

test('Retry-After on a 429 of an export is described as the wait for an export to end, not only the month', async () => {
  const { deps } = await testDeps()
  const call = client(deps)
  const spec = (await call('GET', '/swagger/json')).body as {
    paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, any> }> }>>
  }
  // The people export is not counted, so its 429 is never the quota's (openapi-retry-after-words.test.ts).
  for (const [path, month] of [
    ['/api/v1/signals/export', true],
    ['/api/v1/people/export', false],
  ] as const) {
    const header = spec.paths[path].get.responses['429'].headers?.['retry-after']
    const description = JSON.stringify(header)
    expect(description).toContain('too_many_exports')
    expect(description.includes('quota month')).toBe(month)
  }
})
