// Deeply nested and oversized JSON: refused at once, and no received value is echoed or printed back at length.
import { afterEach, describe, expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'

const nested = (depth: number, inner = '') => '['.repeat(depth) + inner + ']'.repeat(depth)
const json = { 'content-type': 'application/json' }
const mcpHeaders = { ...json, accept: 'application/json, text/event-stream' }
const JSON_ROUTES = ['/api/v1/leads/score', '/api/v1/mentions/search', '/api/routes/search', '/mcp']

/** The message of either error shape (`{error: {message}}`, or `{success: false, error}` on the earlier routes). */
const messageOf = (body: any): string => (typeof body.error === 'string' ? body.error : body.error.message)

describe('nesting depth', () => {
  test('a body nested 20,000 deep is 400 invalid_request on every JSON route, also for a key with no quota left', async () => {
    const { deps } = await testDeps({ config: { plans: { tiny: { monthly_requests: 1 } } } })
    const { apiKey } = await seedTeam(deps, { plan: 'tiny' })
    const call = client(deps)
    expect((await call('GET', '/api/v1/signals', { key: apiKey })).status).toBe(200)
    expect((await call('GET', '/api/v1/signals', { key: apiKey })).status).toBe(429)
    for (const path of JSON_ROUTES) {
      const r = await call('POST', path, {
        key: apiKey,
        rawBody: nested(20_000),
        headers: path === '/mcp' ? mcpHeaders : json,
      })
      expect(r.status).toBe(400)
      if (path.startsWith('/api/routes/'))
        expect(r.body).toEqual({ success: false, error: 'the request body nests deeper than 64 levels' })
      else
        expect(r.body).toEqual({
          error: {
            code: 'invalid_request',
            message: 'the request body nests deeper than 64 levels',
            details: [{ field: 'body', message: 'nests deeper than 64 levels' }],
          },
        })
    }
  })

  test('64 levels are read and validated as usual; 65 are refused; brackets inside strings do not count', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const call = client(deps)
    const at64 = await call('POST', '/api/v1/leads/score', {
      key: apiKey,
      rawBody: `{"content": ${nested(63)}}`,
      headers: json,
    })
    expect(at64.status).toBe(400)
    expect(at64.body.error.details).toEqual([{ field: 'content', message: expect.any(String) }])
    const at65 = await call('POST', '/api/v1/leads/score', {
      key: apiKey,
      rawBody: `{"content": ${nested(64)}}`,
      headers: json,
    })
    expect(messageOf(at65.body)).toBe('the request body nests deeper than 64 levels')
    const text = `We need a CRM, any recommendations? ${'[{'.repeat(500)} "\\"[" ${'}]'.repeat(10)}`
    const quoted = await call('POST', '/api/v1/leads/score', { key: apiKey, body: { content: text } })
    expect(quoted.status).toBe(200)
  })
})

describe('no received value is echoed back at length', () => {
  test('a long unknown field name, a long enum value and a long key in MCP arguments are cut short', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const call = client(deps)
    const long = 'k'.repeat(50_000)
    const unknownKey = await call('POST', '/api/v1/mentions/search', {
      key: apiKey,
      body: { keyword: 'crm', platform: 'hackernews', [long]: 1 },
    })
    expect(unknownKey.status).toBe(400)
    expect(JSON.stringify(unknownKey.body).length).toBeLessThan(1000)
    expect(unknownKey.body.error.details[0].field).toStartWith('kkkk')
    const enumValue = await call('POST', '/api/v1/mentions/search', {
      key: apiKey,
      body: { keyword: 'crm', platform: long },
    })
    expect(enumValue.body.error.details).toEqual([{ field: 'platform', message: expect.any(String) }])
    expect(JSON.stringify(enumValue.body).length).toBeLessThan(1000)
    const legacy = await call('POST', '/api/routes/search', {
      key: apiKey,
      body: { network: 'reddit', keyword: 'crm', [long]: 1 },
    })
    expect(legacy.status).toBe(400)
    expect(JSON.stringify(legacy.body).length).toBeLessThan(1000)
    const mcp = await call('POST', '/mcp', {
      key: apiKey,
      headers: mcpHeaders,
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'score_lead', arguments: { content: 'We need a CRM for sales.', [long]: 1 } },
      },
    })
    expect(mcp.status).toBe(200)
    expect(mcp.body.result.isError).toBe(true)
    expect(JSON.stringify(mcp.body).length).toBeLessThan(1000)
    const unknownTool = await call('POST', '/mcp', {
      key: apiKey,
      headers: mcpHeaders,
      body: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: long, arguments: {} } },
    })
    expect(unknownTool.body.error.code).toBe(-32602)
    expect(JSON.stringify(unknownTool.body).length).toBeLessThan(1000)
  })
})

describe('an invalid body is never serialised back in full', () => {
  const realStringify = JSON.stringify
  afterEach(() => {
    JSON.stringify = realStringify
  })

  // Elysia's own validation error prints the whole received value (pretty-printed, with every issue, outside
  // NODE_ENV=production): a 1 MB body of depth 60 cost 0.6 to 1.6 s and 400 MB. Counting what JSON.stringify
  // produces while one such request is answered shows whether that path is taken, without timing anything.
  test('answering a 1 MB invalid body of depth 60 serialises less than 10 KB', async () => {
    const { deps } = await testDeps({ config: { server: { max_body_bytes: 2_000_000 } } })
    const { apiKey } = await seedTeam(deps)
    const app = createApp(deps)
    const body = `{"content": ${nested(59, Array(400_000).fill('0').join(','))}}`
    for (const path of ['/api/v1/leads/score', '/api/v1/mentions/search', '/api/routes/search']) {
      let produced = 0
      JSON.stringify = ((...args: Parameters<typeof JSON.stringify>) => {
        const out = realStringify(...args)
        produced += out?.length ?? 0
        return out
      }) as typeof JSON.stringify
      const res = await app.handle(
        new Request(`http://localhost${path}`, { method: 'POST', body, headers: { 'x-api-key': apiKey, ...json } }),
      )
      JSON.stringify = realStringify
      expect(res.status).toBe(400)
      await res.text()
      expect(produced).toBeLessThan(10_000)
    }
  })
})

describe('text the database would cut, lists for objects, long ids in the path', () => {
  test('a string holding U+0000 is refused before anything is stored; the six characters "\\u0000" as text are not', async () => {
    const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
    const { apiKey } = await seedTeam(deps)
    const call = client(deps)
    const hooks = async () => (await call('GET', '/api/v1/webhooks', { key: apiKey })).body
    const before = await hooks()
    const nul = await call('POST', '/api/v1/webhooks', {
      key: apiKey,
      rawBody: '{"url": "http://127.0.0.1:9/hook", "keywords": ["a\\u0000b"]}',
      headers: json,
    })
    expect(nul.status).toBe(400)
    expect(nul.body.error.message).toBe('the request body holds the character U+0000, which no field takes')
    expect(await hooks()).toEqual(before)
    const score = await call('POST', '/api/v1/leads/score', {
      key: apiKey,
      rawBody: '{"content": "We need a CRM\\u0000, any recommendations?"}',
      headers: json,
    })
    expect(score.status).toBe(400)
    const escaped = await call('POST', '/api/v1/leads/score', {
      key: apiKey,
      body: { content: 'We need a CRM, and the string \\u0000 is only text here' },
    })
    expect(escaped.status).toBe(200)
  })

  // The database stores text as UTF-8, where half a surrogate pair becomes U+FFFD: "ab\ud800c" was kept as "ab�c",
  // answered as both added and already tracked, and never found again by the name it was sent with.
  test('half a UTF-16 surrogate pair is refused before anything is stored; a whole pair and the text "\\ud800" are not', async () => {
    const { deps } = await testDeps({ config: { webhooks: { allow_private_targets: true } } })
    const { apiKey } = await seedTeam(deps)
    const call = client(deps)
    const hooks = async () => (await call('GET', '/api/v1/webhooks', { key: apiKey })).body
    const before = await hooks()
    const bodies: [string, string][] = [
      ['/api/v1/webhooks', '{"url": "http://127.0.0.1:9/hook", "keywords": ["ab\\ud800c"]}'],
      ['/api/v1/webhooks', '{"url": "http://127.0.0.1:9/hook", "keywords": ["ab\\uDC00"]}'],
      ['/api/v1/webhooks', '{"url": "http://127.0.0.1:9/hook", "keywords": ["\\ud83d\\u0041"]}'],
      ['/api/v1/leads/score', '{"content": "We need a CRM \\uD83D, any recommendations?"}'],
    ]
    for (const [path, rawBody] of bodies) {
      const r = await call('POST', path, { key: apiKey, rawBody, headers: json })
      expect([rawBody, r.status]).toEqual([rawBody, 400])
      expect(r.body.error.message).toBe(
        'the request body holds half of a UTF-16 surrogate pair (\\ud800 to \\udfff without its other half), which is not a character',
      )
    }
    expect(await hooks()).toEqual(before)
    const mcp = await call('POST', '/mcp', {
      key: apiKey,
      headers: mcpHeaders,
      rawBody:
        '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "score_lead", "arguments": {"content": "We need a CRM \\ud800 today"}}}',
    })
    expect(mcp.status).toBe(400)
    const whole = await call('POST', '/api/v1/leads/score', {
      key: apiKey,
      rawBody: '{"content": "We need a CRM \\ud83d\\ude00 and the text \\\\ud800, any recommendations?"}',
      headers: json,
    })
    expect(whole.status).toBe(200)
  })

  test('a list where an object is wanted is refused as a list, not read as fields "0", "1"', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const call = client(deps)
    for (const path of ['/api/v1/webhooks', '/api/v1/leads/score']) {
      const r = await call('POST', path, { key: apiKey, rawBody: '[1, 2]', headers: json })
      expect(r.status).toBe(400)
      expect(r.body.error.message).toBe('the request body must be an object, not a list')
    }
  })

  test('an id of 5,000 characters or with control and direction characters comes back cut short and shown safely', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const call = client(deps)
    const long = await call('GET', `/api/v1/people/${'p'.repeat(5000)}`, { key: apiKey })
    expect(long.status).toBe(404)
    expect(long.body.error.message).toBe(`the team has no person ${'p'.repeat(59)}…`)
    const hidden = await call('GET', `/api/v1/people/${encodeURIComponent('per_x\n\u202eevil')}`, { key: apiKey })
    expect(hidden.body.error.message).toBe('the team has no person per_x\ufffd\ufffdevil')
  })

  test('an unknown field name or an untracked keyword comes back as safely: controls and direction marks as U+FFFD', async () => {
    const { deps } = await testDeps()
    const { apiKey } = await seedTeam(deps)
    const call = client(deps)
    const field = await call('POST', '/api/v1/leads/score', {
      key: apiKey,
      body: { content: 'a long enough text', 'x\u202ey\u0007': 1 },
    })
    expect(field.body.error.details).toEqual([{ field: 'x\ufffdy\ufffd', message: 'is not a known field' }])
    const query = await call('GET', `/api/v1/signals?${encodeURIComponent('a\u202eb')}=1`, { key: apiKey })
    expect(query.body.error.details[0].field).toBe('a\ufffdb')
    const keyword = await call('POST', '/api/routes/search', {
      key: apiKey,
      body: { network: 'reddit', keyword: `abc\u202edef${'z'.repeat(150)}` },
    })
    expect(keyword.status).toBe(403)
    expect(keyword.body.error).toBe(`"abc\ufffddef${'z'.repeat(52)}…" is not one of the team's tracked keywords`)
  })
})
