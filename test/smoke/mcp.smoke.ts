// `lead-signals mcp` from the built executable, driven by the official SDK's stdio client, beside `serve` on the same
// database: each tool answers what the REST endpoint answers. Run after `npm run build` (npm test does both).
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fakePlatforms, redditSettings } from '../support/fake-platforms'
import { toolErrorOf } from '../support/mcp'
import { cleanEnv, KEY, type Server, startServer, stopServer } from './serve'

const BINARY = resolve(import.meta.dir, '../../dist/lead-signals')
setDefaultTimeout(30_000)

describe('lead-signals mcp (stdio) from the built executable', () => {
  let dir: string
  let env: Record<string, string>
  let server: Server | undefined
  let mcp: Client | undefined
  let stderr = ''
  const clientErrors: Error[] = []
  const platforms = fakePlatforms()
  platforms.add('hackernews', 'crm', {
    id: 'h1',
    author: 'pg',
    text: 'We are looking for a CRM for our sales team, any recommendations?',
    at: '2026-11-10T00:00:00.000Z',
  })

  beforeAll(async () => {
    if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing; run \`npm run build\` first`)
    dir = mkdtempSync(join(tmpdir(), 'lead-signals-mcp-smoke-'))
    env = {
      LEAD_SIGNALS_DATABASE_URL: `file:${join(dir, 'lead-signals.db')}`,
      LEAD_SIGNALS_PLATFORMS_HACKERNEWS_BASE_URL: platforms.origin,
      // Reddit through the fake's OAuth API, as a server with Reddit credentials would search it.
      ...Object.fromEntries(
        Object.entries(redditSettings(platforms.origin)).map(([k, v]) => [
          `LEAD_SIGNALS_PLATFORMS_REDDIT_${k.toUpperCase()}`,
          v,
        ]),
      ),
      LEAD_SIGNALS_POLLING_ENABLED: 'false',
    }
    // The demo team (growth plan, sample signals) and its key; the REST side of every comparison.
    server = await startServer([BINARY, 'serve', '--demo'], dir, env)
    const transport = new StdioClientTransport({
      command: BINARY,
      args: ['mcp'],
      cwd: dir,
      stderr: 'pipe',
      env: cleanEnv({ ...env, LEAD_SIGNALS_API_KEY: server.apiKey }),
    })
    transport.stderr?.on('data', (chunk) => {
      stderr += String(chunk)
    })
    mcp = new Client({ name: 'lead-signals-smoke', version: '1.0.0' })
    // A line on stdout that is not a protocol message would land here.
    mcp.onerror = (error) => {
      clientErrors.push(error)
    }
    await mcp.connect(transport)
  })

  afterAll(async () => {
    await mcp?.close()
    if (server) {
      stopServer(server.proc)
      await server.proc.exited
    }
    platforms.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await (mcp as Client).callTool({ name, arguments: args })) as CallToolResult
  const rest = async (path: string, body?: unknown) => {
    const s = server as Server
    const res = await fetch(s.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-api-key': s.apiKey, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    })
    expect(res.status).toBe(200)
    return (await res.json()) as Record<string, any>
  }
  /** The REST answer right after the tool's: one more request used when the endpoint is counted. */
  const after = (result: CallToolResult) => {
    const body = result.structuredContent as Record<string, any>
    return { ...body, usage: { ...body.usage, used: body.usage.used + 1, remaining: body.usage.remaining - 1 } }
  }

  test('lists the seven tools with their input schemas', async () => {
    const { tools } = await (mcp as Client).listTools()
    expect(tools.map((t) => t.name)).toEqual([
      'search_mentions',
      'score_lead',
      'list_signals',
      'list_people',
      'rate_signal',
      'get_usage',
      'list_platforms',
    ])
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object')
    expect(tools[0].inputSchema.properties?.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 50 })
  })

  test('each tool answers what the REST endpoint answers on the same database', async () => {
    const usage = await call('get_usage')
    expect(usage.structuredContent).toMatchObject({ team: 'demo', plan: 'growth', usage: { used: 0 } })
    expect(usage.structuredContent).toEqual(await rest('/api/v1/usage'))

    const signals = await call('list_signals', { limit: 50, content: 'full' })
    expect((signals.structuredContent as { total: number }).total).toBeGreaterThan(0)
    expect(await rest('/api/v1/signals?limit=50&content=full')).toEqual(after(signals))

    const search = { keyword: 'crm', platform: 'hackernews', limit: 5 }
    const found = await call('search_mentions', search)
    expect(found.structuredContent).toMatchObject({ count: 1, usage: { used: 3 } })
    expect(await rest('/api/v1/mentions/search', search)).toEqual(after(found))

    const post = {
      content: 'We are looking for a CRM for our 5-person B2B SaaS sales team. Any recommendations?',
      keyword: 'crm',
    }
    const scored = await call('score_lead', post)
    expect(scored.structuredContent).toEqual(await rest('/api/v1/leads/score', post))

    const health = await call('list_platforms')
    const hackernews = (
      health.structuredContent as { platforms: { platform: string; lastSuccessAt: string | null }[] }
    ).platforms.find((p) => p.platform === 'hackernews')
    expect(hackernews?.lastSuccessAt).not.toBeNull()
    expect(steady(health.structuredContent)).toEqual(steady(await rest('/api/v1/platforms')))

    // Three counted calls on each side; get_usage and list_platforms were free.
    const final = await call('get_usage')
    expect(final.structuredContent).toMatchObject({ usage: { used: 6 } })
    expect(final.structuredContent).toEqual(await rest('/api/v1/usage'))
  })

  test('a refusal is a tool error with the contract code, and is not charged', async () => {
    const error = toolErrorOf(await call('search_mentions', { keyword: 'crm', platform: 'tiktok' }))
    expect(error).toEqual({ code: 'platform_not_in_plan', message: 'tiktok is not available on the growth plan' })
    const invalid = toolErrorOf(await call('list_signals', { limit: 1000 }))
    expect(invalid).toMatchObject({ code: 'invalid_request', details: [{ field: 'limit' }] })
    expect((await rest('/api/v1/usage')).usage.used).toBe(6)
  })

  test('rate_signal from the executable is free and takes the signal out of the default list', async () => {
    const before = (await rest('/api/v1/signals?limit=1')) as { total: number; signals: { id: string }[] }
    const id = before.signals[0].id
    const judged = await call('rate_signal', { id, verdict: 'not_relevant' })
    expect(judged.structuredContent).toMatchObject({ signalId: id, verdict: 'not_relevant', dismissed: true })
    expect(((await rest('/api/v1/signals?limit=1')) as { total: number }).total).toBe(before.total - 1)
    const all = (await rest('/api/v1/signals?limit=1&include=dismissed')) as { total: number }
    expect(all.total).toBe(before.total)
  })

  test('stdout carried protocol messages only, and nothing was logged as an error', () => {
    expect(clientErrors).toEqual([])
    expect(stderr).not.toContain('"level":"error"')
  })

  /**
   * What the command writes on stdout for these lines on stdin (a string as it is, a value as JSON), once it ends with
   * 0.
   */
  const piped = async (lines: unknown[]) => {
    const proc = Bun.spawn([BINARY, 'mcp', '--api-key', (server as Server).apiKey], {
      cwd: dir,
      env: cleanEnv(env),
      stdin: new Blob([lines.map((m) => `${typeof m === 'string' ? m : JSON.stringify(m)}\n`).join('')]),
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [out, status] = await Promise.all([new Response(proc.stdout).text(), proc.exited])
    expect(status).toBe(0)
    return out
  }

  test('piped requests are all answered, each stdout line is a JSON-RPC message, and closing stdin ends it with 0', async () => {
    const lines = [
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } },
      },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'list_signals', arguments: { limit: 1 } } },
      // Lines the SDK cannot read are answered too (one per line, id null), and a reused id is answered each time.
      '{bad',
      [],
      [{ jsonrpc: '2.0', id: 4, method: 'ping' }],
      { jsonrpc: '2.0', id: null, method: 'ping' },
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'list_signals', arguments: { limit: 1 } } },
      { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'list_signals', arguments: { limit: 1 } } },
    ]
    const out = await piped(lines)
    const messages = out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { jsonrpc: string; id: number | null; error?: { code: number }; result?: unknown })
    expect(messages.every((m) => m.jsonrpc === '2.0')).toBe(true)
    expect(messages.filter((m) => m.id !== null).map((m) => [m.id, m.error?.code])).toEqual([
      [1, undefined],
      [2, undefined],
      [3, undefined],
      [5, undefined],
      [5, undefined],
    ])
    expect(messages.filter((m) => m.id === null).map((m) => m.error?.code)).toEqual([-32700, -32600, -32600, -32600])
  })

  test('a session of MCP 2025-03-26 may send a batch: its requests are answered in one line, a list in order', async () => {
    const call = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'list_signals', arguments: { limit: 1 } },
    })
    const initialize = (version: string) => ({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'pipe', version: '1' } },
    })
    const run = async (version: string) => {
      const lines = [
        initialize(version),
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        [{ jsonrpc: '2.0', id: 2, method: 'ping' }, { jsonrpc: '2.0', method: 'notifications/initialized' }, call(3)],
        { jsonrpc: '2.0', id: 4, method: 'ping' },
        [],
      ]
      const ids = (m: { id?: unknown; error?: { code: number } }) => m.error?.code ?? m.id
      return (await piped(lines))
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l))
        .map((m) => (Array.isArray(m) ? m.map(ids) : ids(m)))
    }
    // Refusals are written as their line is read, answers when their work is done: compared in one order.
    const sorted = (answers: unknown[]) => answers.map((a) => JSON.stringify(a)).sort()
    expect(sorted(await run('2025-03-26'))).toEqual(sorted([1, [2, 3], 4, -32600]))
    // A later version has no batches: the list is refused as one, and nothing in it runs.
    expect(sorted(await run('2025-06-18'))).toEqual(sorted([1, -32600, 4, -32600]))
  })

  test('a key revoked while connected ends the access: tools/list and tools/call answer a JSON-RPC error, ping still answers', async () => {
    const cli = async (...args: string[]) => {
      const proc = Bun.spawn([BINARY, ...args], { cwd: dir, env: cleanEnv(env), stdout: 'pipe', stderr: 'pipe' })
      const [out, status] = await Promise.all([new Response(proc.stdout).text(), proc.exited])
      expect(status).toBe(0)
      return out
    }
    const { apiKey, prefix } = JSON.parse(
      await cli('key', 'create', '--team', 'demo', '--name', 'assistant', '--json'),
    ) as { apiKey: string; prefix: string }
    const second = new Client({ name: 'lead-signals-smoke-2', version: '1.0.0' })
    await second.connect(
      new StdioClientTransport({
        command: BINARY,
        args: ['mcp', '--api-key', apiKey],
        cwd: dir,
        env: cleanEnv(env),
        stderr: 'ignore',
      }),
    )
    try {
      expect((await second.callTool({ name: 'get_usage', arguments: {} })).isError).toBeFalsy()
      expect((await second.listTools()).tools).toHaveLength(7)
      await cli('key', 'revoke', '--team', 'demo', prefix)
      // The SDK's client puts "MCP error -32003: " before the server's message.
      const refusal = {
        code: -32003,
        message:
          'MCP error -32003: the API key this server was started with no longer gives access: the API key is not ' +
          'valid; start lead-signals mcp again with a valid key',
        data: { error: { code: 'invalid_api_key', message: 'the API key is not valid' } },
      }
      const failure = (e: { code: number; message: string; data: unknown }) => ({
        code: e.code,
        message: e.message,
        data: e.data,
      })
      expect(failure(await second.listTools().catch((e) => e))).toEqual(refusal)
      expect(failure(await second.callTool({ name: 'get_usage', arguments: {} }).catch((e) => e))).toEqual(refusal)
      // The connection itself is alive, and says so.
      expect(await second.ping()).toEqual({})
    } finally {
      await second.close()
    }
  })

  test('a team moved to a plan without API access: the error says the plan is the cause, not the key', async () => {
    const cli = async (...args: string[]) => {
      const proc = Bun.spawn([BINARY, ...args], { cwd: dir, env: cleanEnv(env), stdout: 'pipe', stderr: 'pipe' })
      const [out, status] = await Promise.all([new Response(proc.stdout).text(), proc.exited])
      expect(status).toBe(0)
      return out
    }
    const { apiKey } = JSON.parse(await cli('team', 'create', '--name', 'downgraded', '--plan', 'growth', '--json'))
    const client = new Client({ name: 'lead-signals-smoke-3', version: '1.0.0' })
    await client.connect(
      new StdioClientTransport({ command: BINARY, args: ['mcp', '--api-key', apiKey], cwd: dir, env: cleanEnv(env) }),
    )
    try {
      await cli('team', 'set', '--team', 'downgraded', '--plan', 'starter')
      const failure = await client.listTools().catch((e) => e)
      expect({ code: failure.code, message: failure.message, data: failure.data }).toEqual({
        code: -32003,
        message:
          'MCP error -32003: the API key this server was started with no longer gives access: the starter plan has ' +
          'no API access: the operator can move the team to a plan with it (lead-signals team set --team downgraded ' +
          '--plan growth)',
        data: {
          error: {
            code: 'no_api_access',
            message:
              'the starter plan has no API access: the operator can move the team to a plan with it ' +
              '(lead-signals team set --team downgraded --plan growth)',
          },
        },
      })
    } finally {
      await client.close()
    }
  })

  test('a call cancelled while it runs is still answered, and closing stdin then ends the process with 0', async () => {
    // The search takes a while, so the cancellation arrives while it runs; the SDK answered nothing for it and the
    // process waited for that answer forever after stdin closed.
    platforms.slow(300)
    try {
      const lines = [
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'pipe', version: '1' } },
        },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'search_mentions', arguments: { keyword: 'crm', platform: 'hackernews', limit: 1 } },
        },
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'user stopped it' } },
      ]
        .map((m) => `${JSON.stringify(m)}\n`)
        .join('')
      const proc = Bun.spawn([BINARY, 'mcp', '--api-key', (server as Server).apiKey], {
        cwd: dir,
        env: cleanEnv(env),
        stdin: new Blob([lines]),
        stdout: 'pipe',
        stderr: 'pipe',
      })
      const ended = await Promise.race([proc.exited, Bun.sleep(10_000).then(() => 'still running')])
      if (ended === 'still running') proc.kill()
      expect(ended).toBe(0)
      const answers = (await new Response(proc.stdout).text())
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as { id: number; result?: { isError?: boolean } })
      expect(answers.map((m) => [m.id, m.result?.isError])).toEqual([
        [1, undefined],
        [2, undefined],
      ])
    } finally {
      platforms.slow(0)
    }
  })

  test('a line longer than server.max_body_bytes is refused on its own; the lines after it are answered', async () => {
    // 11 MB: the SDK's transport closed the connection at 10 MB, so every request, this one's and the ping's after
    // it, went unanswered and the process exited 0 as if the client had left.
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'score_lead', arguments: { content: 'a'.repeat(11 * 1024 * 1024) } },
    })
    const lines = [
      huge,
      JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
      // Over the limit by a few bytes only, and of two-byte characters.
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'ping', params: { _meta: { pad: 'é'.repeat(524_288) } } }),
      JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'ping' }),
    ]
      .map((l) => `${l}\n`)
      .join('')
    const proc = Bun.spawn([BINARY, 'mcp', '--api-key', (server as Server).apiKey], {
      cwd: dir,
      env: cleanEnv(env),
      stdin: new Blob([lines]),
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [out, status] = await Promise.all([new Response(proc.stdout).text(), proc.exited])
    expect(status).toBe(0)
    expect(
      out
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: a message is at most 1048576 bytes (server.max_body_bytes)' },
      },
      { jsonrpc: '2.0', id: 2, result: {} },
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Invalid Request: a message is at most 1048576 bytes (server.max_body_bytes)' },
      },
      { jsonrpc: '2.0', id: 4, result: {} },
    ])
  })

  test('SIGTERM or SIGINT ends it at once with 0 while the client keeps stdin open, a running call not charged', async () => {
    // The search takes longer than the test waits: the signal finds it running.
    platforms.slow(5_000)
    try {
      for (const [signal, keyword] of [
        ['SIGTERM', 'pipeline'],
        ['SIGINT', 'invoicing'],
      ] as const) {
        const before = (await rest('/api/v1/usage')).usage.used
        const proc = Bun.spawn([BINARY, 'mcp', '--api-key', (server as Server).apiKey], {
          cwd: dir,
          env: cleanEnv(env),
          stdin: 'pipe',
          stdout: 'pipe',
          stderr: 'pipe',
        })
        const call = {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'search_mentions', arguments: { keyword, platform: 'hackernews', limit: 1 } },
        }
        proc.stdin.write(`${JSON.stringify(call)}\n`)
        proc.stdin.flush()
        // Until the call is running: the fake platform has been asked.
        while (platforms.searchesOf('hackernews', keyword) === 0) await Bun.sleep(20)
        proc.kill(signal)
        const ended = await Promise.race([proc.exited, Bun.sleep(3_000).then(() => 'still running')])
        proc.stdin.end()
        if (ended === 'still running') proc.kill('SIGKILL')
        expect([signal, ended]).toEqual([signal, 0])
        // The cut-off call got no answer and its unit went back.
        expect((await rest('/api/v1/usage')).usage.used).toBe(before)
      }
    } finally {
      platforms.slow(0)
    }
  })

  test('a client that stops reading stdout: the process ends with 0 once it notices, without a stack trace', async () => {
    // A client that quit or crashed: its end of stdout is closed. The answers' writes failed (EPIPE, printed with its
    // stack), waited for a drain that never came, and the process lived on after stdin closed, holding the database.
    const proc = Bun.spawn([BINARY, 'mcp', '--api-key', (server as Server).apiKey], {
      cwd: dir,
      env: cleanEnv(env),
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
    })
    await proc.stdout.cancel()
    for (let id = 1; id <= 50; id++) {
      const call = { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_usage', arguments: {} } }
      proc.stdin.write(`${JSON.stringify(call)}\n`)
    }
    proc.stdin.flush()
    await Bun.sleep(500)
    proc.stdin.end()
    const ended = await Promise.race([proc.exited, Bun.sleep(5_000).then(() => 'still running')])
    if (ended === 'still running') proc.kill('SIGKILL')
    expect(ended).toBe(0)
    const stderr = await new Response(proc.stderr).text()
    expect(stderr).not.toContain('EPIPE')
    expect(stderr).not.toContain('Warning')
  })

  test('a missing, wrong or starter-plan key: one line on stderr, nothing on stdout, exit status 2', async () => {
    const run = async (args: string[], extra: Record<string, string> = {}) => {
      const proc = Bun.spawn([BINARY, 'mcp', ...args], {
        cwd: dir,
        env: cleanEnv({ ...env, ...extra }),
        stdin: 'pipe',
        stdout: 'pipe',
        stderr: 'pipe',
      })
      const [out, err, status] = await Promise.all([
        new Response(proc.stdout).text(),
        new Response(proc.stderr).text(),
        proc.exited,
      ])
      return { out, err, status }
    }
    const starter = Bun.spawn([BINARY, 'team', 'create', '--name', 'small', '--plan', 'starter', '--json'], {
      cwd: dir,
      env: cleanEnv(env),
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const starterKey = (JSON.parse(await new Response(starter.stdout).text()) as { apiKey: string }).apiKey
    expect(starterKey).toMatch(KEY)
    const cases = [
      { args: [], message: "lead-signals: mcp: give the team's API key with --api-key or LEAD_SIGNALS_API_KEY" },
      { args: ['--api-key', `lsk_${'A'.repeat(43)}`], message: 'lead-signals: mcp: the API key is not valid' },
      {
        args: [],
        extra: { LEAD_SIGNALS_API_KEY: starterKey },
        message:
          'lead-signals: mcp: the starter plan has no API access: the operator can move the team to a plan with it (lead-signals team set --team small --plan growth)',
      },
    ]
    for (const c of cases) {
      expect(await run(c.args, c.extra)).toEqual({ out: '', err: c.message + '\n', status: 2 })
    }
  })
})

type PlatformRow = Record<string, unknown> & { mode: string }
/**
 * The platforms list without what a running stream rewrites as it goes: `serve` streams the keyless platforms whose
 * default mode is "stream" (dev.to, …), which cannot be reached here, so a failure can land between the two reads.
 */
function steady(body: unknown) {
  const { platforms } = body as { platforms: PlatformRow[] }
  return platforms.map((p) => {
    if (p.mode !== 'stream') return p
    const { lastSuccessAt, lastFailureAt, lastError, retryAt, position, stream, ...rest } = p
    return rest
  })
}
