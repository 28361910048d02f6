// The README's first command after `npm install`: `npm start` serves in demo mode and prints a key that works.
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { get, KEY, type Server, startServer, stopServer } from './serve'

setDefaultTimeout(30_000)
const REPO = resolve(import.meta.dir, '../..')
let dataDir: string
let server: Server | undefined

beforeAll(async () => {
  // A free port and a throw-away database instead of :8080 and ./data, so the test never touches a developer's.
  dataDir = mkdtempSync(join(tmpdir(), 'lead-signals-npm-start-'))
  server = await startServer(['npm', 'start'], REPO, { LEAD_SIGNALS_DATABASE_URL: `file:${join(dataDir, 'demo.db')}` })
})

afterAll(async () => {
  if (server) {
    stopServer(server.proc)
    await server.proc.exited
  }
  rmSync(dataDir, { recursive: true, force: true })
})

test('npm start prints a demo key and a curl line, and the key answers GET /api/v1/usage with 200', async () => {
  const s = server as Server
  expect(s.apiKey).toMatch(KEY)
  // The curl line follows the key, possibly in a later chunk of output.
  const curl = `curl -s -H 'x-api-key: ${s.apiKey}' ${s.url}/api/v1/usage`
  for (let waited = 0; !s.output().includes(curl) && waited < 10_000; waited += 50) await Bun.sleep(50)
  expect(s.output()).toContain(curl)
  const res = await get(s, '/api/v1/usage', s.apiKey)
  expect(res.status).toBe(200)
  expect(((await res.json()) as { team: string }).team).toBe('demo')
})
