import { afterEach, describe, expect, test } from 'bun:test'
import { connect } from 'node:net'
import type { PassSummary } from '../../src/domain/polling/summary'
import { fakeOpenAi } from '../support/fake-openai'
import { fakePlatforms } from '../support/fake-platforms'
import { seedTeam } from '../support/deps'
import { HOUSEKEEPING_DONE } from '../../src/domain/housekeeping/once-a-month'
import { type Child, countOf, processWorld, rows, runChild, seedDatabase, spawnChild, until } from './child'
import { pollWorld } from './poll-world'

const cleanup: (() => unknown)[] = []
afterEach(() => {
  while (cleanup.length) cleanup.pop()?.()
})

async function listening(child: Child): Promise<URL> {
  await child.waitForOutput('the listening line', (o) => o.stdout.includes('"event":"listening"'))
  return new URL(/"url":"([^"]+)"/.exec(child.stdout())![1])
}

/** Whether a new TCP connection to `url` is accepted or refused. */
function tryConnect(url: URL): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname)
    socket.on('connect', () => {
      socket.destroy()
      resolve('accepted')
    })
    socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'))
  })
}

/** `serve` with one team and a fake Hacker News whose answers take `upstreamDelayMs`. */
async function serveWithSlowUpstream(a: { upstreamDelayMs: number; shutdownTimeoutMs: number }) {
  const platforms = fakePlatforms()
  platforms.add('hackernews', 'crm', {
    id: '1',
    author: 'ann',
    text: 'Which CRM do you use?',
    at: '2026-11-15T10:00:00.000Z',
  })
  platforms.slow(a.upstreamDelayMs)
  const config = {
    server: { host: '127.0.0.1', port: 0, shutdown_timeout_ms: a.shutdownTimeoutMs },
    scorer: { backend: 'rules' },
    polling: { enabled: false },
    platforms: platforms.platformsConfig,
  }
  const world = processWorld(config)
  cleanup.push(
    () => platforms.stop(),
    () => world.cleanup(),
  )
  const apiKey = await seedDatabase(world, config, async (deps) => (await seedTeam(deps, { plan: 'growth' })).apiKey)
  const child = spawnChild(world, ['serve'])
  cleanup.push(() => child.proc.kill('SIGKILL'))
  const url = await listening(child)
  const search = () =>
    fetch(new URL('/api/v1/mentions/search', url), {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ keyword: 'crm', platform: 'hackernews' }),
    })
  return { platforms, child, url, search }
}

describe('serve on SIGTERM', () => {
  test('lets the request in flight finish, refuses new connections, and exits 0', async () => {
    const { platforms, child, url, search } = await serveWithSlowUpstream({
      upstreamDelayMs: 1000,
      shutdownTimeoutMs: 10_000,
    })
    const answer = search()
    await until('the search to reach the platform', () => platforms.searches.length === 1)

    child.proc.kill('SIGTERM')
    await child.waitForOutput('the shutdown to start', (o) => o.stderr.includes('"event":"shutdown_started"'))
    expect(await tryConnect(url)).toBe('ECONNREFUSED')

    const response = await answer
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ platform: 'hackernews', count: 1 })
    expect(await child.exited()).toBe(0)
    expect(child.stderr()).toContain('"event":"shutdown_complete"')
  })

  test('does not wait longer than server.shutdown_timeout_ms for a request: it exits 0 and cuts it off', async () => {
    const { platforms, child, search } = await serveWithSlowUpstream({ upstreamDelayMs: 8000, shutdownTimeoutMs: 300 })
    const answer = search().then(
      (r) => `status ${r.status}`,
      () => 'cut off',
    )
    await until('the search to reach the platform', () => platforms.searches.length === 1)

    child.proc.kill('SIGTERM')

    expect(await child.exited()).toBe(0)
    expect(child.stderr()).toContain('"event":"shutdown_timeout"')
    expect(await answer).toBe('cut off')
  })

  test("a counted call cut off at the deadline is given back: after exit the team's usage is unchanged", async () => {
    const model = fakeOpenAi()
    model.slow(8000)
    const config = {
      server: { host: '127.0.0.1', port: 0, shutdown_timeout_ms: 300 },
      scorer: {
        backend: 'openai',
        fallback: 'none',
        timeout_ms: 60_000,
        openai: { base_url: model.baseUrl, api_key: 'sk-test' },
      },
      polling: { enabled: false },
    }
    const world = processWorld(config)
    cleanup.push(
      () => model.stop(),
      () => world.cleanup(),
    )
    const apiKey = await seedDatabase(world, config, async (deps) => (await seedTeam(deps, { plan: 'growth' })).apiKey)
    const before = await rows(
      world,
      'select quota_used, credit_used, credits, holds_in_window, holds_in_previous from teams',
    )
    const child = spawnChild(world, ['serve'])
    cleanup.push(() => child.proc.kill('SIGKILL'))
    const url = await listening(child)
    const answer = fetch(new URL('/api/v1/leads/score', url), {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Which CRM would you recommend for a five-person sales team?' }),
    }).then(
      (r) => `status ${r.status}`,
      () => 'cut off',
    )
    await until('the scoring call to reach the model', () => model.calls() === 1)

    child.proc.kill('SIGTERM')

    expect(await child.exited()).toBe(0)
    expect(await answer).toBe('cut off')
    const timeout = child
      .stderr()
      .split('\n')
      .find((l) => l.includes('"event":"shutdown_timeout"'))
    expect(JSON.parse(timeout ?? '{}')).toMatchObject({ unitsGivenBack: 1 })
    expect(
      await rows(world, 'select quota_used, credit_used, credits, holds_in_window, holds_in_previous from teams'),
    ).toEqual(before)
  })

  test('a polling pass running at SIGTERM stops at a safe point; the next poll --once finishes its work', async () => {
    // 48 scorings, two at a time, 100 ms each: the pass is still running when the signal comes.
    const w = await pollWorld({
      postsPerKeyword: 6,
      scorerDelayMs: 100,
      extra: {
        server: { host: '127.0.0.1', port: 0, shutdown_timeout_ms: 10_000 },
        polling: { schedule: '* * * * * *', limit: 50, concurrency: 2 },
      },
    })
    cleanup.push(() => w.stop())
    const child = spawnChild(w.world, ['serve'])
    cleanup.push(() => child.proc.kill('SIGKILL'))
    await listening(child)
    await until('the pass to be scoring', () => w.model.calls() > 0)

    child.proc.kill('SIGTERM')

    expect(await child.exited()).toBe(0)
    const passes = child
      .stderr()
      .split('\n')
      .filter((l) => l.includes('"event":"poll_pass"'))
      .map((l) => JSON.parse(l))
    expect(passes.map((p) => p.outcome)).toEqual(['stopped'])
    expect(child.stderr()).toContain('"event":"shutdown_complete"')

    // What was done is whole: signals only of qualified posts and none twice; what was not is queued, readable,
    // for a tracked keyword; no lease is left behind.
    const signals = await w.signals()
    expect(signals.length).toBeLessThan(w.expected.length)
    expect(signals.every((s) => w.expected.includes(s))).toBe(true)
    expect(new Set(signals).size).toBe(signals.length)
    const pending = await rows(w.world, 'select platform, post_id, keyword, mention from pending_mentions')
    expect(pending.length).toBeGreaterThan(0)
    for (const p of pending) {
      const mention = JSON.parse(String(p.mention))
      expect([mention.id, mention.platform]).toEqual([p.post_id, p.platform])
      expect(['crm', 'CRM', 'invoicing', 'payroll']).toContain(String(p.keyword))
    }
    // The only row left is not a lease: the mark that this month's housekeeping (run at start) is done.
    expect(await rows(w.world, 'select name from job_leases')).toEqual([{ name: HOUSEKEEPING_DONE }])

    w.model.slow(0)
    const next = await runChild(w.world, ['poll', '--once', '--json'])
    expect(next.code).toBe(0)
    const summary = JSON.parse(next.stdout) as PassSummary
    expect(summary.outcome).toBe('completed')
    // Said first, so that a failure names the platform whose searches failed or waited (they once did, under load).
    expect(Object.entries(summary.platforms).filter(([, c]) => c.failed + c.deferred > 0)).toEqual([])
    expect(await w.signals()).toEqual(w.expected)
    expect(await countOf(w.world, 'pending_mentions')).toBe(0)
  })
})
