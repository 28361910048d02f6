// docs/api.md#export: a team has at most 4 signal exports and 4 people exports open at once, and an export whose
// client keeps the connection open but stops reading is ended once it has not read for a while, giving its place back.
// Here through a real server on 127.0.0.1: four exports far larger than the loopback socket buffers, their clients
// reading nothing; the fifth is refused while they hold their places, and accepted once the idle bound has passed.
import { afterEach, describe, expect, test } from 'bun:test'
import { connect, type Socket } from 'node:net'
import { createApp } from '../../src/app'
import { createUser } from '../../src/domain/users/users'
import { createLogger } from '../../src/lib/log'
import { seedTeam, testDeps } from '../support/deps'
import { hostileSignals } from '../support/exports'

const PASSWORD = 'correct horse battery'
// Each test here stores 12 MB of signals, then exports it: 8 to 13 s on CI, 39 s on a loaded host (two cores, other
// suites beside), where the 30 s these tests were given ran out in all four (4 of 4 under load). They are given 90 s:
// no bound of an export's is timed by that, those are the idle bounds below. The first two stall eight exports, four
// held then four idle: 65 s of the 90 at load 30, so they are given 150 s.
// Bounded here to 5 s; the server's own is two minutes (docs/api.md#export).
const IDLE_MS = 5000
// On a loaded host (load 30 on two cores) the four stalled exports' status lines came 15 s after they were asked
// for, and the fifth was answered 7 s after that: the first of them had been idle past 5 s by then, and had rightly
// given its place back (2 of 2 failed so under load). Whether stalled exports hold their places is asked with the
// server's own bound, whether the idle bound gives them back with the 5 s one.
const HOLD_MS = 120_000
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

// 3,000 signals with 4,000 characters of full text, each by its own author of as long a name: over 12 MB per export
// of either kind, well past what the loopback socket buffers hold.
const LONG_TEXT = 'a long post about choosing a CRM '.repeat(125).slice(0, 4000)

async function listening(a: { exportIdleMs?: number; serverIdleSec?: number } = {}) {
  const logged: { event: string; [k: string]: unknown }[] = []
  const { deps } = await testDeps({
    config: { plans: { endless: { monthly_requests: 'unlimited' } } },
    deps: { log: createLogger((line) => logged.push(JSON.parse(line))), exportIdleMs: a.exportIdleMs ?? IDLE_MS },
  })
  const { team, apiKey } = await seedTeam(deps, { plan: 'endless' })
  await createUser(deps, { team: team.name, email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  const base = hostileSignals(team.id)[10]
  await deps.repos.signals.insertMany(
    team.id,
    Array.from({ length: 3000 }, (_, i) => ({
      ...base,
      id: `sig_i${i}`,
      postId: `i${String(i).padStart(5, '0')}`,
      // A long author each, so that the people export is as large.
      author: `author ${i} ${LONG_TEXT}`,
      contentFull: LONG_TEXT,
    })),
  )
  const app = createApp(deps).listen({ hostname: '127.0.0.1', port: 0, idleTimeout: a.serverIdleSec })
  cleanups.push(() => app.stop(true))
  const server = app.server as NonNullable<typeof app.server>
  const port = server.port as number
  const signIn = await fetch(`http://127.0.0.1:${port}/console/api/session`, {
    method: 'POST',
    headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ann@acme.test', password: PASSWORD }),
  })
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]
  return { deps, logged, apiKey, cookie, port, server }
}

/** Sends a request on a bare socket that is never read from: the client stalls from its first byte. */
function stalled(port: number, path: string, header: string): Promise<{ socket: Socket; head: string }> {
  const socket = connect(port, '127.0.0.1')
  cleanups.push(() => socket.destroy())
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${header}\r\n\r\n`)
  // The status line is read, then nothing more: the socket is paused and its buffers fill up.
  return new Promise((resolve) => {
    socket.once('data', (chunk: Buffer) => {
      socket.pause()
      resolve({ socket, head: chunk.toString('latin1').split('\r\n')[0] })
    })
  })
}

describe('an export whose client stops reading gives its place back (docs/api.md#export)', () => {
  for (const kind of ['signals', 'people'] as const) {
    test(`${kind}: four stalled exports hold the team's places, until the idle bound ends them`, async () => {
      const { deps, logged, apiKey, cookie, port } = await listening({ exportIdleMs: HOLD_MS })
      const viaApi = `/api/v1/${kind}/export?format=jsonl`
      const viaConsole = `/console/api/${kind}/export?format=csv`
      const fourStalled = async () => {
        const held = await Promise.all([
          stalled(port, viaApi, `x-api-key: ${apiKey}`),
          stalled(port, viaApi, `x-api-key: ${apiKey}`),
          stalled(port, viaConsole, `cookie: ${cookie}`),
          stalled(port, viaConsole, `cookie: ${cookie}`),
        ])
        for (const h of held) expect(h.head).toBe('HTTP/1.1 200 OK')
        return held
      }
      const logs = (event: string) => logged.filter((l) => l.event === event)
      // Bounded only so that a failure says what was waited for: the bound's own timing is the next describe's.
      const awaitLogs = async (event: string) => {
        for (let i = 0; i < 600 && logs(event).length < 4; i++) await Bun.sleep(100)
        expect(logs(event)).toHaveLength(4)
      }

      // While they hold their places, a fifth is refused.
      const holding = await fourStalled()
      const fifth = await fetch(`http://127.0.0.1:${port}${viaApi}`, { headers: { 'x-api-key': apiKey } })
      expect(fifth.status).toBe(429)
      expect(((await fifth.json()) as { error: { code: string } }).error.code).toBe('too_many_exports')
      expect(logs('export_idle')).toEqual([])
      // Their clients leave, which gives their places back (export_cut).
      for (const { socket } of holding) socket.destroy()
      await awaitLogs('export_cut')

      // Four that stall under the 5 s bound: past it, they have ended and given their places back.
      deps.exportIdleMs = IDLE_MS
      const held = await fourStalled()
      await awaitLogs('export_idle')
      const later = await fetch(`http://127.0.0.1:${port}${viaApi}`, { headers: { 'x-api-key': apiKey } })
      expect(later.status).toBe(200)
      expect((await later.text()).split('\n').filter(Boolean)).toHaveLength(3000)

      // Each is logged once, with the team and the bound, and nothing that is not the team's id and the seconds.
      const idle = logs('export_idle')
      expect(idle).toHaveLength(4)
      for (const line of idle) {
        expect(Object.keys(line).sort()).toEqual(['event', 'idleSec', 'level', 'teamId', 'time'])
        expect(line.idleSec).toBe(IDLE_MS / 1000)
      }
      // A client that reads again gets what was already sent, then the connection ends without the chunked body's
      // last chunk: the file is cut short, never mistaken for a whole one.
      const { socket } = held[0]
      let tail = Buffer.alloc(0)
      let bytes = 0
      socket.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        tail = Buffer.concat([tail, chunk]).subarray(-16)
      })
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
      socket.resume()
      await closed
      expect(bytes).toBeGreaterThan(0)
      expect(tail.toString('latin1').endsWith('\r\n0\r\n\r\n')).toBe(false)
    }, 150_000)
  }
})

// The server's own idle timeout (Elysia's 30 s; here 1 s) is not what lets a stalled export go: the export's bound is
// (docs/api.md#export). And once that bound has ended the export, its connection is closed too, rather than held
// with the server's unsent bytes until the server's idle timeout comes round.
describe("a stalled export's connection is closed at the export's bound, and not before", () => {
  // One kind through the API, the other through the console: both routes' connections.
  for (const [kind, via] of [
    ['signals', 'api'],
    ['people', 'console'],
  ] as const) {
    test(`${kind} (${via}): held past the server's idle timeout, closed soon after the export's bound`, async () => {
      const exportIdleMs = 9000
      const { logged, apiKey, cookie, port, server } = await listening({ exportIdleMs, serverIdleSec: 1 })
      const { head } =
        via === 'api'
          ? await stalled(port, `/api/v1/${kind}/export?format=csv`, `x-api-key: ${apiKey}`)
          : await stalled(port, `/console/api/${kind}/export?format=csv`, `cookie: ${cookie}`)
      expect(head).toBe('HTTP/1.1 200 OK')
      const events = () => logged.map((l) => l.event).filter((e) => e.startsWith('export_'))

      // Well past the server's own 1 s (which uSockets checks every 4 s), the export is still open.
      await Bun.sleep(exportIdleMs - 1500)
      expect(events()).toEqual([])
      expect(server.pendingRequests).toBe(1)

      // The bound ends it, and its connection is closed within seconds, with nothing else asked of the client.
      for (let i = 0; i < 50 && !events().length; i++) await Bun.sleep(100)
      expect(events()).toEqual(['export_idle'])
      for (let i = 0; i < 100 && server.pendingRequests > 0; i++) await Bun.sleep(100)
      expect(server.pendingRequests).toBe(0)
      // Counted from the bound's own line: from the request, it also counted how long the export took to send its
      // first chunk, 15 s and more for the people export on a loaded host (load 40), where this failed 2 of 2. The
      // server's own timeout for the connection would have closed it 10 s after the line (CONNECTION_GRACE_SEC): it
      // did, 10.1 s after, with the export's `cut` (exportResponse) taken out, and 2.4 s after with it. That timer can
      // only run late, never early, so 9 s fails without the cut and leaves a loaded host the most room with it (the
      // timeouts themselves are checked without a clock in test/http/export-response-timeouts.test.ts).
      const idleAt = Date.parse(String(logged.find((l) => l.event === 'export_idle')?.time))
      expect(Date.now() - idleAt).toBeLessThan(9000)
      expect(events()).toEqual(['export_idle'])
    }, 90_000)
  }
})
