import { describe, expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import * as v from 'valibot'
import { answers } from '../../src/http/validated'
import { errorHandling } from '../../src/http/errors'
import { silentLogger } from '../support/log'
import { testConfig, testDeps } from '../support/deps'
import { client } from '../support/http'

// docs/performance.md#response-checks: server.check_responses checks each answer against the route's schema.
const Answer = v.strictObject({ team: v.string(), used: v.number() })

// The body is typed as the schema says; a wrong one is what a route that drifted from its documentation returns.
function appAnswering(body: v.InferOutput<typeof Answer>, checks: boolean) {
  const config = testConfig({ server: { check_responses: checks } })
  return new Elysia({ normalize: false })
    .use(errorHandling({ log: silentLogger, maxBodyBytes: 1024, config }))
    .get('/answer', () => body, { response: answers(config, { 200: Answer }) })
}

const get = async (app: { handle(r: Request): Promise<Response> }) => {
  const res = await app.handle(new Request('http://127.0.0.1/answer'))
  return { status: res.status, body: (await res.json()) as any }
}

describe('response checks (server.check_responses)', () => {
  test('on: an answer that matches its schema is sent; one that does not is a 500 internal error, not the answer', async () => {
    expect(await get(appAnswering({ team: 'a', used: 1 }, true))).toEqual({ status: 200, body: { team: 'a', used: 1 } })
    const wrong = await get(appAnswering({ team: 'a', used: 'one' as unknown as number }, true))
    expect(wrong.status).toBe(500)
    expect(wrong.body.error.code).toBe('internal')
    expect(JSON.stringify(wrong.body)).not.toContain('one')
  })

  test('off (the default): the answer is sent as built, and the OpenAPI document still describes it', async () => {
    expect(await get(appAnswering({ team: 'a', used: 'one' as unknown as number }, false))).toEqual({
      status: 200,
      body: { team: 'a', used: 'one' },
    })
    const { deps } = await testDeps({ config: { server: { check_responses: false } } })
    const spec = (await client(deps)('GET', '/swagger/json')).body
    const usage = spec.paths['/api/v1/usage'].get.responses['200'].content['application/json'].schema
    expect(usage.properties.usage.properties).toHaveProperty('remaining')
    expect(spec.paths['/api/v1/signals'].get.responses['200'].content['application/json'].schema.required).toContain(
      'signals',
    )
  })
})
