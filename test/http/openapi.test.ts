import { expect, test } from 'bun:test'
import * as v from 'valibot'
import { ScoreBody } from '../../src/wire/leads'
import { RawSearchBody } from '../../src/wire/mentions'
import { EndpointCreate, EndpointUpdate } from '../../src/wire/webhooks'
import { HeatThreshold, LinkBody, MuteBody } from '../../src/wire/people'
import { FeedbackBody } from '../../src/wire/feedback'
import { NetworkSearchBody } from '../../src/http/earlier/routes'
import { client } from '../support/http'
import { testDeps } from '../support/deps'

test('the OpenAPI document at /swagger/json describes every route with parameters, bodies and error answers', async () => {
  const { deps } = await testDeps()
  const call = client(deps)
  const spec = (await call('GET', '/swagger/json')).body
  expect(Object.keys(spec.paths).sort()).toEqual([
    '/api/routes/search',
    '/api/routes/test-api',
    '/api/v1/keywords',
    '/api/v1/leads/score',
    '/api/v1/mentions/search',
    '/api/v1/people',
    '/api/v1/people/export',
    '/api/v1/people/heat-threshold',
    '/api/v1/people/{id}',
    '/api/v1/people/{id}/links',
    '/api/v1/people/{id}/links/{otherId}',
    '/api/v1/people/{id}/mute',
    '/api/v1/platforms',
    '/api/v1/signals',
    '/api/v1/signals/export',
    '/api/v1/signals/{id}/feedback',
    '/api/v1/usage',
    '/api/v1/webhooks',
    '/api/v1/webhooks/{id}',
    '/api/v1/webhooks/{id}/deliveries',
    '/api/v1/webhooks/{id}/deliveries/{deliveryId}/replay',
    '/api/v1/webhooks/{id}/rotate-secret',
    '/api/v1/webhooks/{id}/test',
    '/healthz',
    '/readyz',
  ])
  expect(Object.keys(spec.paths['/readyz'].get.responses)).toEqual(['200', '413', '503'])
  const signals = spec.paths['/api/v1/signals'].get
  const limit = signals.parameters.find((p: { name: string }) => p.name === 'limit')
  expect(limit).toMatchObject({ in: 'query' })
  expect(signals.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
    'content',
    'include',
    'intent',
    'keyword',
    'limit',
    'minScore',
    'offset',
    'platform',
    'since',
  ])
  expect(Object.keys(signals.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429', '503']))
  // docs/api.md#feedback: the verdict's body, the signal's id in the path, 404 for a signal of another team.
  const feedback = spec.paths['/api/v1/signals/{id}/feedback'].post
  expect(feedback.parameters.map((p: { name: string; in: string }) => [p.name, p.in])).toEqual([['id', 'path']])
  const verdictBody = feedback.requestBody.content['application/json'].schema
  expect(verdictBody.properties.verdict.enum).toEqual(['relevant', 'not_relevant'])
  expect(verdictBody.required).toEqual(['verdict'])
  expect(Object.keys(feedback.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404']))
  const keywords = spec.paths['/api/v1/keywords'].get
  expect(keywords.responses['200'].content['application/json'].schema.properties).toHaveProperty('keywords')
  const exported = spec.paths['/api/v1/signals/export'].get
  expect(exported.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
    'bom',
    'format',
    'include',
    'intent',
    'keyword',
    'minScore',
    'platform',
    'since',
  ])
  expect(Object.keys(exported.responses['200'].content).sort()).toEqual(['application/x-ndjson', 'text/csv'])
  expect(exported.responses['429'].content['application/json'].schema.required).toEqual(['error'])
  const score = spec.paths['/api/v1/leads/score'].post
  const bodySchema = JSON.stringify(score.requestBody)
  expect(bodySchema).toContain('"content"')
  expect(bodySchema).toContain('"minLength":10')
  expect(Object.keys(score.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429', '503']))
  const webhooks = spec.paths['/api/v1/webhooks']
  expect(JSON.stringify(webhooks.post.requestBody)).toContain('"minScore"')
  expect(Object.keys(webhooks.post.responses)).toEqual(expect.arrayContaining(['201', '400', '401']))
  expect(Object.keys(spec.paths['/api/v1/webhooks/{id}'])).toEqual(expect.arrayContaining(['get', 'patch', 'delete']))
  expect(spec.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' })
  const ui = await call('GET', '/swagger')
  expect(ui.status).toBe(200)
  expect(String(ui.body)).toContain('swagger')
})

test('the score endpoint documents the prompt version, the intents and the score bands', async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body
  const description = spec.paths['/api/v1/leads/score'].post.description as string
  const { PROMPT_VERSION } = await import('../../src/scorers/prompt')
  expect(description).toContain(PROMPT_VERSION)
  for (const part of ['ACTIVE', 'COMPETITOR', 'PAIN', 'QUESTION', 'MENTION', '9-10', '0-2', 'x-scorer'])
    expect(description).toContain(part)
})

test('a nullable enum lists null, so the documented answer accepts what the server sends', async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body
  // A signal before any feedback has verdict null; an enum without null refused it in any JSON Schema validator.
  const signal =
    spec.paths['/api/v1/signals'].get.responses['200'].content['application/json'].schema.properties.signals.items
      .properties
  expect(signal.verdict.enum).toEqual(['relevant', 'not_relevant', null])
  const refusing: string[] = []
  const walk = (node: unknown, at: string) => {
    if (node === null || typeof node !== 'object') return
    const { type, enum: values } = node as { type?: unknown; enum?: unknown }
    if (Array.isArray(type) && type.includes('null') && Array.isArray(values) && !values.includes(null))
      refusing.push(at)
    for (const [key, value] of Object.entries(node)) walk(value, `${at}/${key}`)
  }
  walk(spec, '')
  expect(refusing).toEqual([])
})

test('removing a webhook documents its 204 and its errors, as every other route does', async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body
  // DELETE answers 204 with no body, or 404 for an endpoint of another team; the route documented no answer at all.
  const remove = spec.paths['/api/v1/webhooks/{id}'].delete
  expect(Object.keys(remove.responses ?? {})).toEqual(expect.arrayContaining(['204', '401', '404']))
  expect(remove.responses['204'].content).toBeUndefined()
  expect(remove.responses['404'].content['application/json'].schema.required).toEqual(['error'])
})

test('every keyed route documents the OAuth bearer token and the OAuth flow beside the key, so Swagger UI can authorize with any', async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body
  expect(spec.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' })
  const keyed = Object.entries(spec.paths).flatMap(([path, ops]) =>
    Object.entries(ops as Record<string, { security?: unknown }>)
      .filter(([, op]) => op.security)
      .map(([method, op]) => ({ route: `${method} ${path}`, security: op.security })),
  )
  expect(keyed.length).toBeGreaterThan(20)
  // The bearer and oauth2 entries name the route's scope (test/http/openapi-scopes.test.ts checks which).
  for (const k of keyed)
    expect(k).toEqual({
      route: k.route,
      security: [{ apiKey: [] }, { bearer: expect.any(Array) }, { oauth2: expect.any(Array) }],
    })
})

test('every request example in the document passes the validator the server uses for that body', async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body
  // Swagger UI's "Try it out" sends an example as is; without one it made every field "string" (url and to
  // together), which a webhook refuses, scored "stringstri", and searched X, which needs a token (503 on a fresh
  // install).
  const validators: Record<string, v.GenericSchema> = {
    'post /api/v1/webhooks': EndpointCreate,
    'patch /api/v1/webhooks/{id}': EndpointUpdate,
    'post /api/v1/leads/score': ScoreBody,
    'post /api/v1/mentions/search': RawSearchBody,
    'put /api/v1/people/heat-threshold': HeatThreshold,
    'post /api/v1/people/{id}/links': LinkBody,
    'put /api/v1/people/{id}/mute': MuteBody,
    'post /api/routes/search': NetworkSearchBody,
    'post /api/v1/signals/{id}/feedback': FeedbackBody,
  }
  const found: string[] = []
  for (const [path, ops] of Object.entries(spec.paths))
    for (const [method, op] of Object.entries(ops as Record<string, any>)) {
      const examples = op.requestBody?.content?.['application/json']?.schema?.examples
      if (!examples) continue
      const route = `${method} ${path}`
      found.push(route)
      for (const example of examples)
        expect({ route, issues: v.safeParse(validators[route] ?? v.never(), example).issues ?? [] }).toEqual({
          route,
          issues: [],
        })
    }
  expect(found.sort()).toEqual(Object.keys(validators).sort())
})

test('Try it out works on a fresh install: the score example is the README lead, the search example needs no platform key', async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body
  const example = (path: string) => spec.paths[path].post.requestBody.content['application/json'].schema.examples[0]
  expect(example('/api/v1/leads/score').content).toContain('Looking for a CRM, budget approved')
  // docs/platforms.md: Hacker News is searched with no key, so the example's platform is configured everywhere.
  expect(example('/api/v1/mentions/search').platform).toBe('hackernews')
})

test('Try it out changes no setting to an extreme: the heat threshold example is the default, the earlier search a tracked keyword', async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body
  const example = (method: string, path: string) =>
    spec.paths[path][method].requestBody.content['application/json'].schema.examples[0]
  // Without one Swagger UI sent {"heatThreshold": 1} (the schema's minimum): executed, every person turned hot.
  expect(example('put', '/api/v1/people/heat-threshold')).toEqual({ heatThreshold: 70 })
  // And {"network": "twitter", "keyword": "y"}: 403, not a keyword the team tracks. Google News needs no key
  // (docs/platforms.md), and crm is the README's first keyword.
  expect(example('post', '/api/routes/search')).toEqual({ network: 'news', keyword: 'crm' })
  // And a verdict with the reason "string", which the server keeps as the team's words and shows in the console.
  expect(example('post', '/api/v1/signals/{id}/feedback')).toEqual({ verdict: 'relevant' })
})

test("Authorize's key field says what a key looks like and where a developer gets one", async () => {
  const { deps } = await testDeps()
  const spec = (await client(deps)('GET', '/swagger/json')).body
  // Swagger UI showed "apiKey (apiKey)", a header name and an empty field: nothing said where the value comes from.
  const description = spec.components.securitySchemes.apiKey.description as string
  for (const part of ['lsk_', 'Settings', 'Generate API Key', 'lead-signals key create', '/docs/api#authentication'])
    expect(description).toContain(part)
})
