// The built executable, alone in an empty folder: no node_modules, no migrations folder, no config file.
// Run after `npm run build` (npm test does both).
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { scoreEmbedded } from '../../src/scorers/rules/index'
import { fakePlatforms } from '../support/fake-platforms'
import { cleanEnv, get, KEY, type Server, startServer, stopServer } from './serve'

const BINARY = resolve(import.meta.dir, '../../dist/lead-signals')
setDefaultTimeout(30_000)

describe('the built executable, run from an empty folder', () => {
  let dir: string
  let server: Server | undefined

  beforeAll(async () => {
    if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing; run \`npm run build\` first`)
    dir = mkdtempSync(join(tmpdir(), 'lead-signals-smoke-'))
    copyFileSync(BINARY, join(dir, 'lead-signals'))
    server = await startServer(['./lead-signals', 'serve', '--demo'], dir)
  })

  afterAll(async () => {
    if (server) {
      stopServer(server.proc)
      await server.proc.exited
    }
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  test('serve --demo migrates the default database file and prints a working key', async () => {
    const s = server as Server
    expect(s.apiKey).toMatch(KEY)
    expect(existsSync(join(dir, 'data', 'lead-signals.db'))).toBe(true)
    const res = await get(s, '/api/v1/usage', s.apiKey)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { team: string }
    expect(body.team).toBe('demo')
  })

  test('the demo team has sample signals', async () => {
    const s = server as Server
    const res = await get(s, '/api/v1/signals', s.apiKey)
    expect(res.status).toBe(200)
    const body = (await res.json()) as { signals: { id: string; score: number }[]; total: number }
    expect(body.signals.length).toBeGreaterThan(0)
    expect(body.total).toBe(body.signals.length)
    const scores = body.signals.map((x) => x.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })

  test('the embedded scorer answers from inside the executable, with no file beside it, as it does in the source tree', async () => {
    const s = server as Server
    // Nothing but the executable and the database folder it made: the model's weights are inside it too (for a team
    // without profiles, as here, the model judges word sense; bench/triage.ts checks each triage decision of the built
    // executable against the source tree's).
    expect(readdirSync(dir).sort()).toEqual(['data', 'lead-signals'])
    // A team of its own, without profiles (the demo team has some).
    const cli = Bun.spawn(['./lead-signals', 'team', 'create', '--name', 'no-profiles', '--plan', 'growth', '--json'], {
      cwd: dir,
      env: cleanEnv({}),
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'ignore',
    })
    const { apiKey } = JSON.parse(await new Response(cli.stdout).text()) as { apiKey: string }
    // A post in English, one in Polish and one in Japanese, answered by the three sets of weights.
    for (const content of [
      'Budget just got approved for a new CRM, DMs open if you sell one',
      'Mamy budżet na nowy CRM dla agencji, kto poleci coś sprawdzonego? Piszcie na priv',
      'CRM、来月から代理店向けに入れたいです。10人くらいのチームで予算も承認済み。おすすめありますか？',
    ]) {
      const input = { content, keyword: 'crm', context: 'We sell a CRM for small agencies' }
      const res = await fetch(s.url + '/api/v1/leads/score', {
        method: 'POST',
        body: JSON.stringify(input),
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        signal: AbortSignal.timeout(10_000),
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('x-scorer')).toBe('rules')
      const body = (await res.json()) as { score: number; intent: string; reason: string }
      const expected = scoreEmbedded({ ...input, icps: [] })
      expect(body).toMatchObject({ score: expected.score, intent: expected.intent, reason: expected.reason })
    }
  })

  test('a request without a key gets 401 in the contract error shape', async () => {
    const res = await get(server as Server, '/api/v1/usage')
    expect(res.status).toBe(401)
    const body = (await res.json()) as { error: { code: string; message: string } }
    expect(body.error.code).toBe('missing_api_key')
    expect(typeof body.error.message).toBe('string')
  })

  test('a body far over server.max_body_bytes and one nested 20,000 deep get the JSON 413 and 400', async () => {
    const s = server as Server
    const post = (body: string) =>
      fetch(s.url + '/api/v1/leads/score', {
        method: 'POST',
        body,
        headers: { 'x-api-key': s.apiKey, 'content-type': 'application/json' },
        signal: AbortSignal.timeout(10_000),
      })
    // The default limit is 1 MiB; Bun's own limit answered an empty 413 from limit + 64 KiB on.
    const big = await post(JSON.stringify({ content: 'x'.repeat(3 * 1024 * 1024) }))
    expect(big.status).toBe(413)
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe('payload_too_large')
    const deep = await post('['.repeat(20_000) + ']'.repeat(20_000))
    expect(deep.status).toBe(400)
    expect(((await deep.json()) as { error: { code: string } }).error.code).toBe('invalid_request')
  })

  test('team create beside the running server issues a key that the server accepts', async () => {
    const cli = Bun.spawn(['./lead-signals', 'team', 'create', '--name', 'smoke', '--plan', 'growth', '--json'], {
      cwd: dir,
      env: cleanEnv({}),
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [out, err, status] = await Promise.all([
      new Response(cli.stdout).text(),
      new Response(cli.stderr).text(),
      cli.exited,
    ])
    expect({ status, err }).toEqual({ status: 0, err: expect.any(String) })
    const created = JSON.parse(out) as { id: string; name: string; plan: string; apiKey: string }
    expect(created).toMatchObject({ name: 'smoke', plan: 'growth' })
    expect(created.apiKey).toMatch(KEY)
    const res = await get(server as Server, '/api/v1/usage', created.apiKey)
    expect(res.status).toBe(200)
    expect(((await res.json()) as { team: string }).team).toBe('smoke')
  })

  test('the signals export streams from inside the executable, and the CLI writes the same file', async () => {
    const s = server as Server
    const res = await get(s, '/api/v1/signals/export?format=jsonl', s.apiKey)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toStartWith('application/x-ndjson')
    const api = await res.text()
    expect(api.split('\n').filter(Boolean).length).toBeGreaterThan(0)
    const cli = Bun.spawn(['./lead-signals', 'signals', 'export', '--team', 'demo', '--format', 'jsonl'], {
      cwd: dir,
      env: cleanEnv({}),
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [out, status] = await Promise.all([new Response(cli.stdout).text(), cli.exited])
    expect(status).toBe(0)
    expect(out).toBe(api)
  })

  test('/swagger, its OAuth redirect page and every file they name are answered from inside the executable with their content types', async () => {
    const s = server as Server
    const files: string[] = []
    for (const path of ['/swagger', '/swagger/oauth2-redirect.html']) {
      const page = await get(s, path)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
      files.push(...[...(await page.text()).matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((m) => m[1] as string))
    }
    expect(files.length).toBe(5)
    const types: Record<string, string> = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' }
    for (const file of files) {
      const res = await get(s, file)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe(types[file.split('.').pop() as string])
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100)
    }
  })

  test('platforms check beside the running server: ok for a reachable platform, exit 1 and why for one that is not', async () => {
    const world = fakePlatforms()
    world.add('hackernews', 'software', { id: '1', author: 'ann', text: 'software', at: '2026-11-15T10:00:00.000Z' })
    try {
      const check = async (base: string) => {
        const cli = Bun.spawn(['./lead-signals', 'platforms', 'check', '--platform', 'hackernews', '--json'], {
          cwd: dir,
          env: cleanEnv({ LEAD_SIGNALS_PLATFORMS_HACKERNEWS_BASE_URL: base }),
          stdin: 'ignore',
          stdout: 'pipe',
          stderr: 'pipe',
        })
        const [out, status] = await Promise.all([new Response(cli.stdout).text(), cli.exited])
        return { status, row: (JSON.parse(out) as { platforms: { status: string }[] }).platforms[0] }
      }
      expect(await check(world.origin)).toEqual({ status: 0, row: expect.objectContaining({ status: 'ok' }) })
      expect(await check('http://127.0.0.1:9')).toEqual({
        status: 1,
        row: expect.objectContaining({ status: 'not_reachable' }),
      })
    } finally {
      world.stop()
    }
  })
})
