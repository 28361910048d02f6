// docs/operations.md#server-settings: the server closes a connection that has been idle for its idle timeout (30 s),
// but not while it is still working on the answer: a request that waits longer (a unit held by another call, a slow
// model or platform) gets its answer. And once an answer is sent, a connection kept alive is closed at the idle
// timeout again, also after an export that raised it for itself (docs/api.md#export).
// Here through a real server on 127.0.0.1 whose idle timeout is 1 s (Bun checks it every 4 s).
import { afterEach, describe, expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import { seedTeam, testDeps } from '../support/deps'
import { fakeOpenAi } from '../support/fake-openai'
import { rawRequest } from '../support/raw-http'
import { callTool, httpClient } from '../support/mcp'

const IDLE_SEC = 1
// What Bun may take past the idle timeout to close an idle connection (it checks every 4 s), and some slack.
const CLOSED_WITHIN_MS = (IDLE_SEC + 4 + 2) * 1000
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** A server, its fake model and a team; what they need stopped goes to `owned` (the file's list by default). */
async function listening(owned = cleanups) {
  const model = fakeOpenAi()
  owned.push(() => model.stop())
  const { deps } = await testDeps({
    config: {
      // One request a month: a call in flight holds it, and the next counted call waits for it to settle.
      plans: { single: { monthly_requests: 1 } },
      scorer: { backend: 'openai', fallback: 'none', timeout_ms: 12_000, openai: { base_url: model.baseUrl } },
    },
  })
  const { team, apiKey } = await seedTeam(deps, { plan: 'single' })
  const app = createApp(deps, { connectionIdleSec: IDLE_SEC }).listen({ hostname: '127.0.0.1', port: 0 })
  owned.push(() => app.stop(true))
  const port = (app.server as NonNullable<typeof app.server>).port as number
  return { deps, team, apiKey, port, model }
}

/** Resolves with the milliseconds until the server closes the connection, or `undefined` if still open at `waitMs`. */
function closedWithin(conn: { closed: Promise<void> }, waitMs: number): Promise<number | undefined> {
  const started = Date.now()
  return Promise.race([conn.closed.then(() => Date.now() - started), Bun.sleep(waitMs).then(() => undefined)])
}

/** A keep-alive connection that sends one request and reads its whole answer, then stays idle. */
async function oneRequestThenIdle(port: number, head: string[], owned: (() => void)[]) {
  let closedNow: () => void = () => {}
  const closed = new Promise<void>((resolve) => {
    closedNow = resolve
  })
  let received = ''
  const socket = await Bun.connect({
    hostname: '127.0.0.1',
    port,
    socket: {
      data(_s, chunk) {
        received += chunk.toString('latin1')
      },
      close() {
        closedNow()
      },
    },
  })
  owned.push(() => socket.end())
  socket.write(`${head.join('\r\n')}\r\n\r\n`)
  return { closed, received: () => received }
}

describe("a request the server works on longer than the connection's idle timeout", () => {
  test('a counted GET waiting for a unit held by a slow score gets its answer, not a closed connection', async () => {
    const { apiKey, port, model } = await listening()
    model.slow(6000)
    const started = Date.now()
    // The score takes the team's only unit and holds it while the model thinks.
    const score = fetch(`http://127.0.0.1:${port}/api/v1/leads/score`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Can anyone recommend a CRM for a small sales team?' }),
    })
    await Bun.sleep(300)
    // The list waits for the held unit (docs/api.md#reserve-and-give-back): past the idle timeout, with nothing sent.
    const list = await rawRequest(port, ['GET /api/v1/signals HTTP/1.1', 'Host: 127.0.0.1', `x-api-key: ${apiKey}`])
    cleanups.push(() => list.close())
    const listed = await list.reply
    expect(Date.now() - started).toBeGreaterThan(5000)
    // The score succeeded and spent the unit, so the list is refused, in words.
    expect(listed.status).toBe(429)
    expect(listed.json().error.code).toBe('quota_exceeded')
    const scored = await score
    expect(scored.status).toBe(200)
  }, 15_000)

  test('an MCP tool call that takes longer is answered (docs/api.md#mcp-over-http)', async () => {
    const { apiKey, port, model } = await listening()
    const client = await httpClient(new URL(`http://127.0.0.1:${port}/mcp`), apiKey)
    cleanups.push(() => void client.close())
    model.slow(6000)
    const result = await callTool(client, 'score_lead', {
      content: 'Can anyone recommend a CRM for a small sales team?',
    })
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toMatchObject({ qualified: true, intent: 'ACTIVE' })
  }, 15_000)
})

describe('once an answer is sent, an idle connection is closed at the idle timeout again', () => {
  const cases = [
    { after: 'a JSON answer', path: '/api/v1/keywords', status: '200 OK' },
    { after: 'an error answered once the work began', path: '/api/v1/webhooks/wh_none', status: '404 Not Found' },
    // Its own idle bound no longer holds the connection. The whole file is sent: here only its header line, as the
    // team has no signal.
    {
      after: 'an export read to its end',
      path: '/api/v1/signals/export?format=csv',
      status: '200 OK',
      end: 'dismissed\r\n',
    },
  ]
  // The three wait side by side: each is some 4 s of an idle connection on a server of its own, almost no CPU, so 4 s
  // together instead of 12 one after the other (docs/performance.md#the-tests-time). Each stops what it started, as
  // the file's afterEach runs when the first of them ends, under the others.
  for (const c of cases) {
    test.concurrent(`after ${c.after}`, async () => {
      const owned: (() => void)[] = []
      try {
        const { apiKey, port } = await listening(owned)
        const head = [`GET ${c.path} HTTP/1.1`, 'Host: 127.0.0.1', `x-api-key: ${apiKey}`]
        const conn = await oneRequestThenIdle(port, head, owned)
        const ms = await closedWithin(conn, CLOSED_WITHIN_MS)
        expect(conn.received()).toStartWith(`HTTP/1.1 ${c.status}`)
        if (c.end) expect(conn.received()).toEndWith(c.end)
        expect(ms).toBeDefined()
      } finally {
        for (const stop of owned) stop()
      }
    }, 15_000)
  }
})
