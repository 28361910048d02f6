// A JSON body that names one field twice (docs/api.md#requests-and-responses): JSON.parse keeps the last value, while a
// proxy, a log filter or a signature check in front of the service may read the first, so the service would act on a
// value nobody checked. Such a body is refused with 400 `invalid_request` on the REST routes and at /mcp, and nothing
// is stored. On a real socket.
import { afterEach, describe, expect, test } from 'bun:test'
import { postMcp } from '../support/mcp'
import { oauthWorld } from '../support/oauth'
import { signalRow } from '../support/webhooks'

let stop: (() => void) | undefined
afterEach(() => stop?.())

async function world() {
  const w = await oauthWorld({ config: { webhooks: { allow_private_targets: true } } })
  stop = w.stop
  await w.deps.repos.signals.insertMany(w.team.id, [signalRow(w.team.id, { author: 'ann', platform: 'reddit' })])
  const headers = { 'x-api-key': w.apiKey, 'content-type': 'application/json' }
  const send = async (method: string, path: string, body: string) => {
    const res = await fetch(`${w.base}${path}`, { method, headers, body })
    return { status: res.status, body: (await res.json()) as any }
  }
  const signalId = ((await (await fetch(`${w.base}/api/v1/signals`, { headers })).json()) as any).signals[0]
    .id as string
  const verdict = async () => (await w.deps.repos.signalFeedback.byId(w.team.id, signalId))?.verdict ?? null
  const endpoints = async () =>
    ((await (await fetch(`${w.base}/api/v1/webhooks`, { headers })).json()) as any).endpoints
  return { ...w, send, signalId, verdict, endpoints }
}

const refusal = (field: string) => ({
  error: {
    code: 'invalid_request',
    message: `${field} is given twice`,
    details: [{ field, message: 'is given twice' }],
  },
})

describe('a field named twice in a JSON body', () => {
  test('a webhook whose url is given twice, also when once written with an escape, is refused and not made', async () => {
    const w = await world()
    for (const body of [
      '{"url":"http://127.0.0.1:9/checked","url":"http://127.0.0.1:9/other"}',
      '{"url":"http://127.0.0.1:9/checked","\\u0075rl":"http://127.0.0.1:9/other"}',
    ]) {
      const r = await w.send('POST', '/api/v1/webhooks', body)
      expect(r.status).toBe(400)
      expect(r.body).toEqual(refusal('url'))
    }
    expect(await w.endpoints()).toEqual([])
  })

  test('a verdict given twice stores none; one key in two objects or levels is not a repeat', async () => {
    const w = await world()
    const path = `/api/v1/signals/${w.signalId}/feedback`
    const twice = await w.send('POST', path, '{"verdict":"relevant","verdict":"not_relevant"}')
    expect(twice.status).toBe(400)
    expect(twice.body).toEqual(refusal('verdict'))
    expect(await w.verdict()).toBeNull()
    const quoted = await w.send('POST', path, '{"verdict":"relevant","reason":"\\"verdict\\": said twice"}')
    expect(quoted.status).toBe(200)
    expect(await w.verdict()).toBe('relevant')
    const made = await w.send('POST', '/api/v1/webhooks', '{"url":"http://127.0.0.1:9/a","filters":{"url":"x"}}')
    expect(made.body.error?.message ?? '').not.toContain('twice')
  })

  test('an MCP tool call whose arguments name verdict twice is refused before it runs', async () => {
    const w = await world()
    const call = (args: string) =>
      postMcp(
        `${w.base}/mcp`,
        `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"rate_signal","arguments":${args}}}`,
        { 'x-api-key': w.apiKey, 'mcp-protocol-version': '2025-11-25' },
      )
    const twice = await call(`{"id":"${w.signalId}","verdict":"relevant","verdict":"not_relevant"}`)
    expect(twice.status).toBe(400)
    expect(await twice.json()).toEqual(refusal('verdict'))
    expect(await w.verdict()).toBeNull()
    // The message's own `id` and the arguments' `id` sit in different objects.
    const once = await call(`{"id":"${w.signalId}","verdict":"not_relevant"}`)
    expect(once.status).toBe(200)
    expect(await w.verdict()).toBe('not_relevant')
  })
})

describe('where one string ends', () => {
  test('an escaped quote or a value ending in a backslash does not hide a key named twice, nor make one', async () => {
    const w = await world()
    const path = `/api/v1/signals/${w.signalId}/feedback`
    const hidden = await w.send('POST', path, '{"reason":"a \\\\\\" b \\\\","verdict":"relevant","verdict":"relevant"}')
    expect(hidden.body).toEqual(refusal('verdict'))
    const fine = await w.send('POST', path, '{"reason":"\\",\\"verdict\\":\\"x\\\\","verdict":"relevant"}')
    expect(fine.status).toBe(200)
    expect(await w.verdict()).toBe('relevant')
  })
})
