import { expect, test } from 'bun:test'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'

// docs/api.md#order-of-checks: the statuses a route lists in the OpenAPI document are those it can answer. Every
// answer below is checked against the list, and 429 is listed on the counted routes (docs/api.md#what-is-counted) and
// on the people export, which is not counted but answers too_many_exports (docs/security.md#what-is-bounded), and on
// a webhook's test and replay, which answer too_many_sends.

type Operation = {
  security?: unknown
  summary?: string
  description?: string
  responses: Record<string, { content?: Record<string, { schema: any }> }>
}
type Spec = { paths: Record<string, Record<string, Operation>> }

const COUNTED = [
  'get /api/v1/signals',
  'get /api/v1/signals/export',
  'post /api/v1/leads/score',
  'post /api/v1/mentions/search',
  'post /api/routes/search',
]

async function setUp(config: Record<string, unknown> = {}) {
  const { deps } = await testDeps({ config: { plans: { spent: { monthly_requests: 0 } }, ...config } })
  const { apiKey } = await seedTeam(deps, { plan: 'spent' })
  const call = client(deps)
  const spec = (await call('GET', '/swagger/json')).body as Spec
  const operations = Object.entries(spec.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ route: `${method} ${path}`, method, path, op })),
  )
  return { apiKey, call, operations }
}

test('what each keyed route answers to a missing key, an oversized body, an unknown parameter or a spent quota is listed', async () => {
  const { apiKey, call, operations } = await setUp()
  const unlisted: string[] = []
  const keyed = operations.filter(({ op }) => op.security)
  expect(keyed.length).toBeGreaterThan(20)
  for (const { route, method, path, op } of keyed) {
    const url = path.replace(/\{[^}]+\}/g, 'nothing')
    const body = method === 'get' || method === 'delete' ? undefined : {}
    const answers = [
      await call(method.toUpperCase(), url, { body }),
      await call(method.toUpperCase(), url, { key: apiKey, headers: { 'content-length': '999999999' } }),
      await call(method.toUpperCase(), `${url}?unknown=1`, { key: apiKey, body }),
      await call(method.toUpperCase(), url, { key: apiKey, body }),
    ]
    for (const { status, body: answer } of answers) {
      const listed = op.responses[String(status)]
      if (!listed) unlisted.push(`${route} answered ${status}`)
      else if (status >= 400) {
        const schema = listed.content?.['application/json']?.schema
        for (const key of schema.required ?? []) expect(answer).toHaveProperty(key)
        // docs/api.md#error-shape: `code` is what a client branches on; the document said only "a string", so a
        // generated client had no list of codes to branch on.
        if (answer.error?.code) expect(schema.properties.error.properties.code.enum).toContain(answer.error.code)
      }
    }
  }
  expect(unlisted).toEqual([])
  // Each keyed route lists what any of them can answer: the credential, the plan, the body, the server, the database.
  for (const { route, op } of keyed)
    expect({ route, statuses: Object.keys(op.responses) }).toEqual({
      route,
      statuses: expect.arrayContaining(['400', '401', '403', '413', '500', '503']),
    })
})

test('429 is listed on the counted routes and the people export, and a counted route with no quota left answers it', async () => {
  const { apiKey, call, operations } = await setUp()
  const listing = operations.filter(({ op }) => op.responses['429']).map(({ route }) => route)
  // Not counted either, and bounded per receiver (docs/webhooks.md#testing): 429 too_many_sends.
  const sends = ['post /api/v1/webhooks/{id}/test', 'post /api/v1/webhooks/{id}/deliveries/{deliveryId}/replay']
  expect(listing.sort()).toEqual([...COUNTED, 'get /api/v1/people/export', ...sends].sort())
  const spent = await call('POST', '/api/v1/leads/score', {
    key: apiKey,
    body: { content: 'Looking for a CRM for our sales team of twelve' },
  })
  expect(spent.status).toBe(429)
  expect((await call('GET', '/api/v1/signals', { key: apiKey })).status).toBe(429)
  // Never counted, so never refused for the quota.
  expect((await call('GET', '/api/v1/keywords', { key: apiKey })).status).toBe(200)
})

test('the usage report lists 429 only where this server counts it', async () => {
  const counting = await setUp({ api: { count_usage_endpoint: true } })
  const usage = (s: Awaited<ReturnType<typeof setUp>>) =>
    s.operations.find(({ route }) => route === 'get /api/v1/usage')?.op.responses ?? {}
  expect(Object.keys(usage(counting))).toContain('429')
  expect((await counting.call('GET', '/api/v1/usage', { key: counting.apiKey })).status).toBe(429)
  expect(Object.keys(usage(await setUp()))).not.toContain('429')
})

test('the routes without a key list what they answer to an oversized body, and ignore a query string', async () => {
  const { call, operations } = await setUp()
  const open = operations.filter(({ op }) => !op.security)
  expect(open.map(({ route }) => route).sort()).toEqual(['get /healthz', 'get /readyz'])
  for (const { route, path, op } of open) {
    const tooLarge = await call('GET', path, { headers: { 'content-length': '999999999' } })
    expect({ route, status: tooLarge.status, listed: Boolean(op.responses[String(tooLarge.status)]) }).toEqual({
      route,
      status: 413,
      listed: true,
    })
    // docs/api.md#requests-and-responses: a probe's cache-buster is not an unknown parameter here.
    expect((await call('GET', `${path}?t=1`)).status).toBe(200)
  }
})

test("each keyed route's description says whether it counts against the quota, as docs/api.md#what-is-counted does", async () => {
  const { operations } = await setUp()
  // The earlier search said only that its keyword must be tracked: a developer trying it spent a request unawares.
  const said = operations
    .filter(({ op }) => op.security)
    .map(({ route, op }) => {
      const text = `${op.summary ?? ''} ${op.description ?? ''}`
      return { route, counted: /counts 1 request/i.test(text), uncounted: /(not|never) counted/i.test(text) }
    })
  for (const { route, counted, uncounted } of said)
    expect({ route, counted, uncounted }).toEqual(
      route === 'get /api/v1/usage'
        ? { route, counted: false, uncounted: true }
        : { route, counted: COUNTED.includes(route), uncounted: !COUNTED.includes(route) },
    )
})
