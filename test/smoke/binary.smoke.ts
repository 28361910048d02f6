// The built executable, alone in an empty folder: no node_modules, no migrations folder, no config file.
// Run after `npm run build`:  bun test ./test/smoke/
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Subprocess } from 'bun'

const BINARY = resolve(import.meta.dir, '../../dist/lead-signals')
const START_TIMEOUT_MS = 20_000
const KEY = /lsk_[A-Za-z0-9_-]{43}/

setDefaultTimeout(30_000)

/** The parent's environment without any LEAD_SIGNALS_* setting, so the defaults (./data/lead-signals.db) apply. */
function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('LEAD_SIGNALS_')) env[k] = v
  // Rules scorer: the demo signals are scored without waiting on an Ollama that may or may not be running.
  return { ...env, LEAD_SIGNALS_SCORER_BACKEND: 'rules', LEAD_SIGNALS_SERVER_HOST: '127.0.0.1', ...extra }
}

type Server = { proc: Subprocess<'ignore', 'pipe', 'pipe'>; url: string; apiKey: string; output: () => string }

/** Spawns `serve --demo` in `dir` and reads stdout until the listening line and the demo key have both appeared. */
async function startServer(dir: string): Promise<Server> {
  const proc = Bun.spawn(['./lead-signals', 'serve', '--demo'], {
    cwd: dir, env: cleanEnv({ LEAD_SIGNALS_SERVER_PORT: '0' }), stdin: 'ignore', stdout: 'pipe', stderr: 'pipe',
  })
  let out = ''
  let err = ''
  const output = () => `stdout:\n${out}\nstderr:\n${err}`
  void new Response(proc.stderr).text().then((t) => { err = t }, () => {})
  const found = (async () => {
    const decoder = new TextDecoder()
    const reader = proc.stdout.getReader()
    let url: string | undefined
    let apiKey: string | undefined
    for (;;) {
      const { value, done } = await reader.read()
      if (done) throw new Error(`the server exited (status ${await proc.exited}) before it was ready`)
      out += decoder.decode(value, { stream: true })
      url ??= /^\{"event":"listening","url":"([^"]+)"/m.exec(out)?.[1]
      apiKey ??= /API key \(shown once\):\s*\n\s*(lsk_\S+)/.exec(out)?.[1]
      if (url && apiKey) {
        // Keep draining so a chatty server never blocks on a full pipe.
        void (async () => { for (;;) { const r = await reader.read(); if (r.done) return; out += decoder.decode(r.value, { stream: true }) } })().catch(() => {})
        return { url, apiKey }
      }
    }
  })()
  let timer: Timer | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no listening line and key within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS)
  })
  try {
    const { url, apiKey } = await Promise.race([found, timeout])
    return { proc, url, apiKey, output }
  } catch (error) {
    proc.kill()
    throw new Error(`${(error as Error).message}\n${output()}`)
  } finally {
    clearTimeout(timer)
  }
}

const get = (server: Server, path: string, apiKey?: string) =>
  fetch(server.url + path, { headers: apiKey ? { 'x-api-key': apiKey } : {}, signal: AbortSignal.timeout(10_000) })

describe('the built executable, run from an empty folder', () => {
  let dir: string
  let server: Server | undefined

  beforeAll(async () => {
    if (!existsSync(BINARY)) throw new Error(`${BINARY} is missing; run \`npm run build\` first`)
    dir = mkdtempSync(join(tmpdir(), 'lead-signals-smoke-'))
    copyFileSync(BINARY, join(dir, 'lead-signals'))
    server = await startServer(dir)
  })

  afterAll(async () => {
    if (server) {
      server.proc.kill()
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
    const body = await res.json() as { team: string }
    expect(body.team).toBe('demo')
  })

  test('the demo team has sample signals', async () => {
    const s = server as Server
    const res = await get(s, '/api/v1/signals', s.apiKey)
    expect(res.status).toBe(200)
    const body = await res.json() as { signals: { id: string; score: number }[]; total: number }
    expect(body.signals.length).toBeGreaterThan(0)
    expect(body.total).toBe(body.signals.length)
    const scores = body.signals.map((x) => x.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })

  test('a request without a key gets 401 in the contract error shape', async () => {
    const res = await get(server as Server, '/api/v1/usage')
    expect(res.status).toBe(401)
    const body = await res.json() as { error: { code: string; message: string } }
    expect(body.error.code).toBe('missing_api_key')
    expect(typeof body.error.message).toBe('string')
  })

  test('team create beside the running server issues a key that the server accepts', async () => {
    const cli = Bun.spawn(['./lead-signals', 'team', 'create', '--name', 'smoke', '--plan', 'growth', '--json'], {
      cwd: dir, env: cleanEnv({}), stdin: 'ignore', stdout: 'pipe', stderr: 'pipe',
    })
    const [out, err, status] = await Promise.all([new Response(cli.stdout).text(), new Response(cli.stderr).text(), cli.exited])
    expect({ status, err }).toEqual({ status: 0, err: expect.any(String) })
    const created = JSON.parse(out) as { id: string; name: string; plan: string; apiKey: string }
    expect(created).toMatchObject({ name: 'smoke', plan: 'growth' })
    expect(created.apiKey).toMatch(KEY)
    const res = await get(server as Server, '/api/v1/usage', created.apiKey)
    expect(res.status).toBe(200)
    expect((await res.json() as { team: string }).team).toBe('smoke')
  })
})
