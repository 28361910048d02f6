import { afterAll, afterEach, describe, expect, test } from 'bun:test'
import { type Child, processWorld, spawnChild } from './child'
import { REFUSED_ORIGIN } from '../support/refused'

// Time limits by the number of demo starts a test makes: on a loaded two-core host one start took up to 30 s to print
// its last line, so two starts within 30 s timed out (child.ts bounds each wait at 40 s).
const ONE_START_MS = 60_000
const TWO_STARTS_MS = 120_000

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})
// What the two restart tests share, stopped after the file's last test.
const lasting: (() => unknown)[] = []
afterAll(() => {
  while (lasting.length) lasting.pop()?.()
})
const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined
  return () => (made ??= make())
}

async function startDemo(
  world: ReturnType<typeof processWorld>,
  stops = cleanup,
): Promise<{ child: Child; url: string; apiKey: string }> {
  const child = spawnChild(world, ['serve', '--demo'])
  stops.push(() => child.proc.kill('SIGKILL'))
  // Up to the demo's last line ("Docs: …"): the lines before it may reach the pipe in several reads.
  await child.waitForOutput(
    'the demo key',
    (o) => /lsk_[\w-]{40,}/.test(o.stdout) && o.stdout.includes('"event":"listening"') && o.stdout.includes('Docs: '),
  )
  const url = /"url":"([^"]+)"/.exec(child.stdout())![1]
  const apiKey = /lsk_[\w-]{40,}/.exec(child.stdout())![0]
  return { child, url, apiKey }
}

const get = (url: string, apiKey: string) => fetch(url, { headers: { 'x-api-key': apiKey } })

describe('serve --demo without a model server (the default scorer is ollama)', () => {
  test(
    'says so in one line, scores with the embedded scorer, and keeps only qualified sample signals',
    async () => {
      const world = processWorld({
        server: { host: '127.0.0.1', port: 0 },
        scorer: { backend: 'ollama', ollama: { host: REFUSED_ORIGIN } },
        polling: { enabled: false },
      })
      cleanup.push(() => world.cleanup())
      const { child, url, apiKey } = await startDemo(world)

      const lines = child.stderr().split('\n')
      expect(lines.filter((l) => l.includes('no model server at http://127.0.0.1:'))).toHaveLength(1)
      expect(lines.find((l) => l.includes('model_server_unreachable'))).toContain('scoring with the embedded scorer')
      // Eight sample posts were scored meanwhile: not one warning each.
      expect(lines.filter((l) => l.includes('scorer_failed'))).toEqual([])

      const page = (await (await get(`${url}/api/v1/signals?limit=100`, apiKey)).json()) as {
        signals: { score: number }[]
      }
      expect(page.signals.length).toBeGreaterThanOrEqual(3)
      for (const s of page.signals) expect(s.score).toBeGreaterThanOrEqual(6)

      // The MCP address, for a developer connecting an assistant first: it answers with the key printed above it.
      const mcp = /^MCP: {2}(\S+) /m.exec(child.stdout())?.[1]
      expect(mcp).toBe(`${url}/mcp`)
      const listing = await fetch(mcp as string, {
        method: 'POST',
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      })
      expect(((await listing.json()) as { result: { tools: unknown[] } }).result.tools).toHaveLength(7)
    },
    ONE_START_MS,
  )

  /**
   * One demo started, its password tried on it, stopped, and started again on the same database: both restart tests
   * read this one sequence (started by the first of them that runs), which spares two demo starts of the file's eight.
   */
  const restarted = once(async () => {
    const world = processWorld({
      server: { host: '127.0.0.1', port: 0 },
      scorer: { backend: 'rules' },
      polling: { enabled: false },
    })
    lasting.push(() => world.cleanup())
    const first = await startDemo(world, lasting)
    const firstPassword = passwordOf(first.child.stdout()) as string
    const firstSignIn = (await signIn(first.url, firstPassword)).status
    first.child.proc.kill('SIGTERM')
    await first.child.exited()
    return { first, firstPassword, firstSignIn, second: await startDemo(world, lasting) }
  })
  const signIn = (url: string, password: string) =>
    fetch(`${url}/console/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ email: 'demo@localhost', password }),
    })
  const passwordOf = (out: string) => /sign in as demo@localhost with password (\S+) \(shown once\)/.exec(out)?.[1]

  test(
    'a restart prints another key and the earlier one still works',
    async () => {
      const { first, second } = await restarted()
      expect(second.apiKey).not.toBe(first.apiKey)
      expect(second.child.stdout()).toContain('earlier ones still work')
      for (const key of [first.apiKey, second.apiKey])
        expect((await get(`${second.url}/api/v1/usage`, key)).status).toBe(200)
    },
    TWO_STARTS_MS,
  )

  test(
    'prints demo@localhost with a password that signs in to the console; a restart gives a new one',
    async () => {
      const { firstPassword, firstSignIn, second } = await restarted()
      expect(firstPassword).toMatch(/^[\w-]{16}$/)
      expect(firstSignIn).toBe(200)

      const secondPassword = passwordOf(second.child.stdout()) as string
      expect(secondPassword).not.toBe(firstPassword)
      expect((await signIn(second.url, firstPassword)).status).toBe(401)
      const res = await signIn(second.url, secondPassword)
      expect(res.status).toBe(200)
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]
      const me = (await (await fetch(`${second.url}/console/api/me`, { headers: { cookie } })).json()) as {
        user: { role: string }
        team: { name: string }
      }
      expect(me).toMatchObject({ user: { role: 'owner' }, team: { name: 'demo' } })
    },
    TWO_STARTS_MS,
  )

  test(
    'a second demo start on the busy port changes nothing: the first password and key still work',
    async () => {
      const world = processWorld({
        server: { host: '127.0.0.1', port: 0 },
        scorer: { backend: 'rules' },
        polling: { enabled: false },
      })
      cleanup.push(() => world.cleanup())
      const first = await startDemo(world)
      const password = /with password (\S+) \(shown once\)/.exec(first.child.stdout())![1]
      const port = Number(new URL(first.url).port)

      const again = processWorld(
        { server: { host: '127.0.0.1', port }, scorer: { backend: 'rules' }, polling: { enabled: false } },
        world.dbUrl,
      )
      cleanup.push(() => again.cleanup())
      const second = spawnChild(again, ['serve', '--demo'])
      cleanup.push(() => second.proc.kill('SIGKILL'))
      expect(await second.exited()).toBe(1)
      expect(second.stdout()).not.toContain('lsk_')

      const res = await fetch(`${first.url}/console/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ email: 'demo@localhost', password }),
      })
      expect(res.status).toBe(200)
      expect((await get(`${first.url}/api/v1/usage`, first.apiKey)).status).toBe(200)
    },
    TWO_STARTS_MS,
  )

  test(
    'without server.host the demo answers on 127.0.0.1 only and says how to open it up',
    async () => {
      const world = processWorld({ server: { port: 0 }, scorer: { backend: 'rules' }, polling: { enabled: false } })
      cleanup.push(() => world.cleanup())
      const { child } = await startDemo(world)
      expect(child.stdout()).toContain('"host":"127.0.0.1"')
      expect(child.stdout()).toContain('LEAD_SIGNALS_SERVER_HOST=0.0.0.0')
    },
    ONE_START_MS,
  )
})
