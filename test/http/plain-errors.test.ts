// Issue 33 item 9: refusals said valibot's words (`Expected ("ACTIVE" | …)`, lists cut with "…", `invalid body:`,
// `intents.1`), and lower-case intents were refused. The message now names the field in words and lists the
// allowed values in full; `details` keep the machine path (docs/api.md#error-shape).
import { afterAll, describe, expect, test } from 'bun:test'
import { SEARCH_PLATFORMS } from '../../src/config/platform-names'
import { seedTeam, testDeps } from '../support/deps'
import { fakesPerTest } from '../support/fake-upstream'
import { client } from '../support/http'
import { callTool, httpClient, listen, toolErrorOf } from '../support/mcp'
import { signalRow, storeSignals } from '../support/webhooks'

const INTENTS = 'ACTIVE, COMPETITOR, PAIN, QUESTION, MENTION'
const receiver = fakesPerTest()
const stops: (() => unknown)[] = []
afterAll(async () => {
  for (const stop of stops) await stop()
})

async function world() {
  const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
  const { team, apiKey } = await seedTeam(deps)
  const call = client(deps)
  return { deps, team, key: apiKey, call }
}

/** No validator words anywhere in a message. */
const plainly = (message: string) => {
  for (const leak of ['Expected', '…', 'invalid body', 'invalid query', 'received', '.1 '])
    expect(message).not.toContain(leak)
}

describe('what a refusal says', () => {
  test('a wrong intent in a list: the field in words, every allowed value; details keep the path', async () => {
    const { key, call } = await world()
    const r = await call('POST', '/api/v1/webhooks', {
      key,
      body: { url: 'http://127.0.0.1:9/h', intents: ['ACTIVE', 'buying'] },
    })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toBe(`intents (item 2) must be one of: ${INTENTS}`)
    expect(r.body.error.details).toEqual([{ field: 'intents.1', message: `must be one of: ${INTENTS}` }])
    plainly(r.body.error.message)
  })

  test('a long list of allowed values is given whole, not cut', async () => {
    const { key, call } = await world()
    const r = await call('POST', '/api/v1/webhooks', {
      key,
      body: { url: 'http://127.0.0.1:9/h', platforms: ['myspace'] },
    })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toBe(`platforms (item 1) must be one of: ${SEARCH_PLATFORMS.join(', ')}`)
    plainly(r.body.error.message)
  })

  test('a query parameter is named as one; a wrong type and a missing field are said in words', async () => {
    const { key, call } = await world()
    const q = await call('GET', '/api/v1/signals?intent=buying', { key })
    expect(q.status).toBe(400)
    expect(q.body.error.message).toBe(`query parameter intent must be one of: ${INTENTS}`)
    const t = await call('POST', '/api/v1/webhooks', { key, body: { url: 'http://127.0.0.1:9/h', minScore: 'high' } })
    expect(t.body.error.message).toBe('minScore must be a number')
    const m = await call('POST', '/api/v1/leads/score', { key, body: {} })
    expect(m.body.error.message).toBe('content is required')
    for (const r of [q, t, m]) plainly(r.body.error.message)
  })
})

describe('intents in any case', () => {
  test('REST: a destination of lower-case intents keeps them in upper case; the signals filter takes them', async () => {
    const { deps, team, key, call } = await world()
    const r = receiver(() => new Response('ok'))
    const made = await call('POST', '/api/v1/webhooks', {
      key,
      body: { url: `${r.origin}/h`, intents: ['active', ' Pain '] },
    })
    expect(made.status).toBe(201)
    expect(made.body.endpoint.filters.intents).toEqual(['ACTIVE', 'PAIN'])
    const changed = await call('PATCH', `/api/v1/webhooks/${made.body.endpoint.id}`, {
      key,
      body: { intents: ['question'] },
    })
    expect(changed.body.filters.intents).toEqual(['QUESTION'])
    await storeSignals(deps, [signalRow(team.id), signalRow(team.id, { intent: 'PAIN' })])
    const list = await call('GET', '/api/v1/signals?intent=pain', { key })
    expect(list.status).toBe(200)
    expect(list.body.signals.map((s: { intent: string }) => s.intent)).toEqual(['PAIN'])
  })

  test('MCP: list_signals takes a lower-case intent, and refuses a wrong one in the same words', async () => {
    const { deps, team, key } = await world()
    await storeSignals(deps, [signalRow(team.id), signalRow(team.id, { intent: 'PAIN' })])
    const server = listen(deps)
    const mcp = await httpClient(server.mcpUrl, key)
    stops.push(() => mcp.close(), server.stop)
    const found = await callTool(mcp, 'list_signals', { intent: 'active' })
    expect(found.isError).toBeFalsy()
    const text = JSON.stringify(found.structuredContent ?? found.content)
    expect(text).toContain('"intent":"ACTIVE"')
    expect(text).not.toContain('"intent":"PAIN"')
    const error = toolErrorOf(await callTool(mcp, 'list_signals', { intent: 'buying' }))
    expect(error.message).toBe(`intent must be one of: ${INTENTS}`)
  })
})
