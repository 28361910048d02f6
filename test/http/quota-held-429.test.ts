import { afterEach, describe, expect, test } from 'bun:test'
import { LONGEST_WORK_MS } from '../../src/config/answer-time'
import { secondsUntilReset } from '../../src/domain/quota/month'
import { holdWindowOf } from '../../src/domain/quota/order'
import { seedTeam, testDeps } from '../support/deps'
import { fakePlatforms } from '../support/fake-platforms'
import { client, type Reply } from '../support/http'
import { callTool, httpClient, listen, postMcp, toolErrorOf } from '../support/mcp'

// docs/api.md#reserve-and-give-back: a call that finds the team's last unit held by a call still running waits 60 s,
// then answers 429. The unit may yet come back (the holder may fail), so Retry-After counts to when the holds must
// end, not to the month's reset, and the message says so: on REST, an MCP tool and a tool call in an MCP batch alike.
const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

const LONGEST_WORK_SEC = LONGEST_WORK_MS / 1000

async function world(now?: string) {
  const platforms = fakePlatforms()
  const post = { id: '7', author: 'bo', text: 'Any CRM for a team of five?', at: '2026-11-01T08:00:00.000Z' }
  platforms.add('hackernews', 'crm', post)
  // The holder: a Reddit search the fake answers (500, so it fails and gives its unit back) only once released.
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  platforms.fail('reddit', async () => {
    await released
    return new Response('overloaded', { status: 500 })
  })
  const { deps, clock } = await testDeps({
    now,
    config: {
      // any_keyword: the earlier route may search without a tracked keyword.
      plans: { one: { monthly_requests: 1, platforms: ['hackernews', 'reddit'], any_keyword: true } },
      // As slow as a provider platform may be: the holder outlasts the waits below.
      platforms: { ...platforms.platformsConfig, reddit: { ...platforms.platformsConfig.reddit, timeout_ms: 120_000 } },
    },
  })
  const { apiKey } = await seedTeam(deps, { plan: 'one' })
  // How many times a call waiting for a unit looked at the team's holds.
  let looks = 0
  const { holding } = deps.repos.usage
  deps.repos.usage.holding = (...args) => {
    looks++
    return holding(...args)
  }
  const server = listen(deps)
  cleanup.push(
    () => platforms.stop(),
    () => server.stop(),
    () => release(),
  )
  const rest = (platform: string) =>
    client(deps)('POST', '/api/v1/mentions/search', { key: apiKey, body: { keyword: 'crm', platform } })
  return { platforms, deps, clock, apiKey, server, rest, release, looks: () => looks }
}

/**
 * Runs `call` while the clock moves past the 60 s wait in steps of 25 s, once the call is waiting for a unit (it
 * looks at the team's holds). After each step, the holder's process moves its hold into the clock's hold window (it
 * looks at the clock every second), as a long call's does, even once the call answered (the holder runs on through the
 * next calls), and the waiting call looks again. Neither is waited for past 3 s: a hold left behind stops counting, and
 * the call then answers 200 rather than 429.
 */
async function pastTheWait<T>(w: Awaited<ReturnType<typeof world>>, call: () => Promise<T>): Promise<T> {
  let answer: { value: T } | undefined
  const looked = w.looks()
  const pending = call().then((value) => {
    answer = { value }
  })
  const within = async (ms: number, done: () => boolean | Promise<boolean>) => {
    const until = Date.now() + ms
    while (!(await done()) && Date.now() < until) await Bun.sleep(10)
  }
  await within(10_000, () => w.looks() > looked || answer !== undefined)
  const holdWindow = async () =>
    Number((await w.deps.database.client.execute('SELECT max(hold_window) AS w FROM teams')).rows[0]?.w)
  for (let step = 0; step < 4 && !answer; step++) {
    w.clock.set(new Date(w.clock.now().getTime() + 25_000))
    await within(3000, async () => (await holdWindow()) === holdWindowOf(w.clock.now()))
    const seen = w.looks()
    await within(3000, () => w.looks() > seen || answer !== undefined)
  }
  await pending
  return (answer as { value: T }).value
}

function expectHeldMessage(message: string) {
  expect(message).toContain('held by calls still running')
  expect(message).toContain(`${LONGEST_WORK_SEC} s`)
  expect(message).not.toContain('used up;')
}

describe('a 429 while the last units are held by calls in flight (docs/api.md#reserve-and-give-back)', () => {
  test('REST (both shapes), an MCP tool and an MCP batch say the units are in use and to retry when the holds end, not at the reset', async () => {
    const w = await world()
    const holder = w.rest('reddit')
    const until = Date.now() + 10_000
    while (w.platforms.searchesOf('reddit', 'crm') < 1 && Date.now() < until) await Bun.sleep(5)

    const rest: Reply = await pastTheWait(w, () => w.rest('hackernews'))
    expect(rest.status).toBe(429)
    expect(rest.body.error.code).toBe('quota_exceeded')
    expect(rest.headers.get('retry-after')).toBe(String(LONGEST_WORK_SEC))
    expectHeldMessage(rest.body.error.message)

    const mcp = await httpClient(w.server.mcpUrl, w.apiKey)
    cleanup.push(() => mcp.close())
    const tool = toolErrorOf(
      await pastTheWait(w, () => callTool(mcp, 'search_mentions', { keyword: 'crm', platform: 'hackernews' })),
    )
    expect(tool).toEqual({
      code: 'quota_exceeded',
      message: rest.body.error.message,
      retryAfterSeconds: LONGEST_WORK_SEC,
    })

    const call = { name: 'search_mentions', arguments: { keyword: 'crm', platform: 'hackernews' } }
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: call },
    ]
    const answer = await pastTheWait(w, async () => {
      const res = await postMcp(w.server.mcpUrl, JSON.stringify(batch), {
        'x-api-key': w.apiKey,
        'mcp-protocol-version': '2025-03-26',
      })
      return (await res.json()) as { result: { isError: boolean; content: { text: string }[] } }[]
    })
    expect(answer[1].result.isError).toBe(true)
    expect(JSON.parse(answer[1].result.content[0].text).error).toEqual(tool)

    // The earlier route, in its own shape, with the same header.
    const earlier: Reply = await pastTheWait(w, () =>
      client(w.deps)('POST', '/api/routes/search', { key: w.apiKey, body: { network: 'reddit', keyword: 'crm' } }),
    )
    expect(earlier.status).toBe(429)
    expect(earlier.body).toEqual({ success: false, error: rest.body.error.message })
    expect(earlier.headers.get('retry-after')).toBe(String(LONGEST_WORK_SEC))

    // The holder fails and gives its unit back: the retry that Retry-After advised succeeds.
    w.release()
    expect((await holder).status).toBe(502)
    expect((await w.rest('hackernews')).status).toBe(200)
    // Now the quota is spent and nothing is held: the 429 counts to the reset.
    const spent = await w.rest('hackernews')
    expect(spent.status).toBe(429)
    expect(spent.headers.get('retry-after')).toBe(String(secondsUntilReset(w.clock.now())))
  }, 120_000)

  test('when the month ends before the holds must, Retry-After counts to the reset, which gives units sooner', async () => {
    const w = await world('2026-11-30T23:58:00.000Z')
    const holder = w.rest('reddit')
    const until = Date.now() + 10_000
    while (w.platforms.searchesOf('reddit', 'crm') < 1 && Date.now() < until) await Bun.sleep(5)
    const answer: Reply = await pastTheWait(w, () => w.rest('hackernews'))
    expect(answer.status).toBe(429)
    const seconds = secondsUntilReset(w.clock.now())
    expect(seconds).toBeLessThan(LONGEST_WORK_SEC)
    expect(answer.headers.get('retry-after')).toBe(String(seconds))
    expect(answer.body.error.message).toContain('resets at the start of next month')
    w.release()
    await holder
  }, 120_000)
})
