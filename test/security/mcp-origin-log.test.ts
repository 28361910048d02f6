// docs/api.md#mcp-over-http: a browser Origin that /mcp refuses is logged by name (the MCP Inspector's, in
// mcp-origin.test.ts), so that an operator can tell which web client to add to server.allowed_origins. The name is the
// caller's: it is logged cut short, with its control characters made visible (docs/operations.md#logs).
import { afterEach, describe, expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { recordingLogger } from '../support/log'
import { listen, postMcp } from '../support/mcp'
import { rawRequest } from '../support/raw-http'

const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

async function world() {
  const logged = recordingLogger()
  const { deps, clock } = await testDeps({ deps: { log: logged.log } })
  const { apiKey } = await seedTeam(deps)
  const s = listen(deps)
  stops.push(s.stop)
  // The port `listen` picked, told to the config after the fact, as serve's would be: its loopback origin is allowed.
  const port = Number(new URL(s.origin).port)
  deps.config.server.port = port
  return { logged, apiKey, s, port, clock }
}

describe('a refused Origin in the log', () => {
  test('an allowed origin, or a request without one, logs no refusal', async () => {
    const { logged, apiKey, s, port } = await world()
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })
    for (const origin of [undefined, `http://127.0.0.1:${port}`]) {
      const r = await postMcp(s.mcpUrl, ping, { 'x-api-key': apiKey, ...(origin ? { origin } : {}) })
      expect([origin, r.status]).toEqual([origin, 200])
      await r.body?.cancel()
    }
    expect(logged.of('mcp_origin_refused')).toEqual([])
  })

  test('a hostile origin is logged cut to 200 characters, its control characters as U+FFFD', async () => {
    const { logged, port } = await world()
    // A terminal's CSI (U+009B) and a right-to-left override, sent as UTF-8 (the server reads a header's bytes one
    // character each, so both arrive holding C1 controls), and 5,000 characters of name.
    const hostile = `http://evil.example\u009b2J\u202e${'x'.repeat(5000)}`
    const sent = await rawRequest(port, [
      'OPTIONS /mcp HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      `Origin: ${hostile}`,
      'Access-Control-Request-Method: POST',
      'Connection: close',
    ])
    expect((await sent.reply).status).toBe(403)
    const [line] = logged.of('mcp_origin_refused')
    const origin = String(line?.fields.origin)
    expect(origin.length).toBe(200)
    expect(origin.startsWith('http://evil.example')).toBe(true)
    expect(origin.endsWith('x…')).toBe(true)
    expect(origin).not.toMatch(/[\p{Cc}\p{Bidi_Control}]/u)
  })

  test('a flood of refusals logs at most one line a minute per origin, and lines for at most 10 origins a minute', async () => {
    // A page can have its visitors' browsers call /mcp in a loop, and a script can send any Origin at all: one line per
    // request would let either fill the log. The first refusal of an origin says all an operator needs.
    const { logged, s, clock } = await world()
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' })
    const refuse = async (origin: string) => {
      const r = await postMcp(s.mcpUrl, ping, { origin })
      expect(r.status).toBe(403)
      await r.body?.cancel()
    }
    for (let i = 0; i < 30; i++) await refuse('https://evil.example')
    for (let i = 0; i < 30; i++) await refuse(`https://n${i}.evil.example`)
    const lines = logged.of('mcp_origin_refused')
    expect(lines.map((l) => l.fields.origin)).toEqual([
      'https://evil.example',
      ...Array.from({ length: 9 }, (_, i) => `https://n${i}.evil.example`),
    ])
    // A minute on, the same origin is logged again, with how many refusals the last minute left out of the log.
    clock.set(new Date(clock.now().getTime() + 60_000))
    await refuse('https://evil.example')
    const after = logged.of('mcp_origin_refused').slice(10)
    expect(after.map((l) => l.fields)).toEqual([
      { origin: 'https://evil.example', method: 'POST', allowWith: 'server.allowed_origins', unlogged: 50 },
    ])
  })
})
