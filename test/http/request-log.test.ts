// The request log and client disconnects, on the real app listening on a real socket.
import { afterEach, describe, expect, test } from 'bun:test'
import { connect } from 'node:net'
import { createApp } from '../../src/app'
import { createLogger } from '../../src/lib/log'
import { seedTeam, testDeps } from '../support/deps'
import { fakeOpenAi } from '../support/fake-openai'

type Line = Record<string, unknown>
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.()
})

async function server(config: NonNullable<Parameters<typeof testDeps>[0]>['config'] = {}) {
  const lines: Line[] = []
  const { deps } = await testDeps({ config, deps: { log: createLogger((l) => lines.push(JSON.parse(l))) } })
  const { apiKey, team } = await seedTeam(deps)
  const app = createApp(deps).listen({ hostname: '127.0.0.1', port: 0 })
  cleanups.push(() => app.stop(true))
  const port = app.server?.port as number
  return { lines, apiKey, teamId: team.id, port, origin: `http://127.0.0.1:${port}` }
}

/** Waits (bounded) until `count` request lines were logged: the line is written once the answer has gone out. */
async function requestLines(lines: Line[], count: number): Promise<Line[]> {
  for (let i = 0; i < 200 && lines.filter((l) => l.event === 'request').length < count; i++) await Bun.sleep(10)
  return lines.filter((l) => l.event === 'request')
}

describe('request log (server.log_requests)', () => {
  test('one line per request: method, route pattern, status, ms, team and the request id the client got', async () => {
    const { lines, apiKey, teamId, origin } = await server()
    const headers = { 'x-api-key': apiKey, 'content-type': 'application/json' }
    const replies = [
      await fetch(`${origin}/api/v1/signals?keyword=secret-query-value&limit=5`, { headers }),
      await fetch(`${origin}/api/v1/leads/score`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ content: 'a CRM for us?' }),
      }),
      await fetch(`${origin}/api/v1/usage`, { headers: { 'x-api-key': 'lsk_wrong' } }),
      await fetch(`${origin}/no/such/secret-path-value`),
      await fetch(`${origin}/mcp`, {
        method: 'POST',
        headers: { ...headers, accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      }),
    ]
    for (const r of replies) await r.text()
    const logged = await requestLines(lines, 5)
    expect(logged.map((l) => [l.method, l.route, l.status, l.teamId])).toEqual([
      ['GET', '/api/v1/signals', 200, teamId],
      ['POST', '/api/v1/leads/score', 200, teamId],
      ['GET', '/api/v1/usage', 401, undefined],
      ['GET', 'unmatched', 404, undefined],
      ['POST', '/mcp', 200, teamId],
    ])
    logged.forEach((l, i) => {
      expect(l.requestId).toBe(replies[i].headers.get('x-request-id') as string)
      expect(l.level).toBe('info')
      expect(typeof l.ms).toBe('number')
    })
    const text = JSON.stringify(lines)
    expect(text).not.toContain('secret-query-value')
    expect(text).not.toContain('secret-path-value')
    expect(text).not.toContain(apiKey)
  })

  test('log_requests = false logs no request lines', async () => {
    const { lines, apiKey, origin } = await server({ server: { log_requests: false } })
    await (await fetch(`${origin}/api/v1/usage`, { headers: { 'x-api-key': apiKey } })).text()
    await Bun.sleep(50)
    expect(lines.filter((l) => l.event === 'request')).toEqual([])
  })
})

describe('a client that disconnects mid-request', () => {
  test('while its body is being read: no unhandled_error, and the request line says 499', async () => {
    const { lines, apiKey, port } = await server()
    const socket = connect(port, '127.0.0.1')
    await new Promise((resolve) => socket.once('connect', resolve))
    socket.write(
      [
        'POST /api/v1/leads/score HTTP/1.1',
        'Host: 127.0.0.1',
        `x-api-key: ${apiKey}`,
        'content-type: application/json',
        'content-length: 1000',
        '',
        '{"content": "half a bo',
      ].join('\r\n'),
    )
    await Bun.sleep(100)
    socket.destroy()
    const [logged] = await requestLines(lines, 1)
    expect(logged).toMatchObject({ route: '/api/v1/leads/score', status: 499 })
    expect(lines.filter((l) => l.level !== 'info')).toEqual([])
  })

  test('while the handler runs (a slow model): no error line, and the request line says 499', async () => {
    const model = fakeOpenAi()
    cleanups.push(model.stop)
    model.slow(400)
    const { lines, apiKey, origin } = await server({
      scorer: { backend: 'openai', fallback: 'none', openai: { base_url: model.baseUrl } },
    })
    const abort = new AbortController()
    const call = fetch(`${origin}/api/v1/leads/score`, {
      method: 'POST',
      signal: abort.signal,
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'can anyone recommend a CRM?' }),
    }).catch((e: Error) => e.name)
    for (let i = 0; i < 200 && model.calls() === 0; i++) await Bun.sleep(5)
    abort.abort()
    expect(await call).toBe('AbortError')
    const [logged] = await requestLines(lines, 1)
    expect(logged).toMatchObject({ route: '/api/v1/leads/score', status: 499 })
    expect(lines.filter((l) => l.level !== 'info')).toEqual([])
  })
})
