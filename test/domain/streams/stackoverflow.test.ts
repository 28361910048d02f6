import { afterEach, describe, expect, test } from 'bun:test'
import type { Deps } from '../../../src/deps'
import { superviseStreams } from '../../../src/domain/streams/supervise'
import { createStackoverflowStream } from '../../../src/platforms/stackoverflow/stream'
import { stackoverflowReadEveryMs } from '../../../src/platforms/stream-share'
import type { StreamSink } from '../../../src/platforms/stream'
import { silentLogger } from '../../support/log'
import { seedTeam, testConfig, testDeps } from '../../support/deps'
import { eventually } from '../../support/stream-world'
import { fakeStackExchange } from '../../support/fake-streams'

// The Stack Overflow stream against a fake of the documented wrapper (test/support/fake-streams.ts).
const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()?.()
})

async function readOnce(fake: ReturnType<typeof fakeStackExchange>, from: string | null) {
  const config = testConfig({ platforms: { stackoverflow: { stream_url: fake.url, site: 'stackoverflow' } } })
  const reader = createStackoverflowStream(config.platforms.stackoverflow, silentLogger)
  const got: { id: string; position: string }[] = []
  const gaps: string[] = []
  const failures: string[] = []
  const stop = new AbortController()
  const sink: StreamSink = {
    item: (m, position) => got.push({ id: m.id, position }),
    heard: () => stop.abort(),
    gap: (note) => gaps.push(note),
    failed: (err) => {
      failures.push((err as Error).message)
      stop.abort()
    },
    full: () => false,
    room: async () => {},
    now: () => new Date(),
  }
  await reader.read(from, sink, stop.signal)
  return { got, gaps, failures }
}

describe('Stack Overflow stream (/2.3/questions)', () => {
  test('questions after the stored position are handed on oldest first, with their positions', async () => {
    const fake = fakeStackExchange()
    stops.push(fake.stop)
    const t = 1_790_000_000
    fake.question('old', 'old', t - 10)
    const a = fake.question('Which CRM?', 'a', t)
    const b = fake.question('Best CRM for a small team?', 'b', t + 5)
    const { got } = await readOnce(fake, `${t - 10}:${a - 1}`)
    expect(got).toEqual([
      { id: `stackoverflow:${a}`, position: `${t}:${a}` },
      { id: `stackoverflow:${b}`, position: `${t + 5}:${b}` },
    ])
    expect(fake.requests[0]?.get('sort')).toBe('creation')
    expect(fake.requests[0]?.get('order')).toBe('desc')
  })

  test('a backoff in the wrapper holds the next page until it has passed; every new question is still read', async () => {
    for (const backoff of [undefined, 1]) {
      const fake = fakeStackExchange({ backoff })
      stops.push(fake.stop)
      for (let i = 0; i < 150; i++) fake.question(`q${i}`, 'text', 1_790_000_000 + i)
      const { got, gaps } = await readOnce(fake, '1:1')
      expect(fake.requests.length).toBe(2)
      if (backoff)
        expect((fake.requestTimes[1] ?? 0) - (fake.requestTimes[0] ?? 0)).toBeGreaterThanOrEqual(backoff * 1000)
      // The 50 on the second page were passed over when a backoff came with the first (no gap said so either).
      expect(got.length).toBe(150)
      expect(gaps).toEqual([])
    }
  })

  test("a throttle_violation's wait is the stream's next wait, not a minute's backoff", async () => {
    const fake = fakeStackExchange({ throttledFor: 8000 })
    stops.push(fake.stop)
    const { failures } = await readOnce(fake, '1:1')
    expect(failures).toEqual([
      expect.stringMatching(
        /^stackoverflow answered with error 502 \(throttle_violation: too many requests from this IP, more requests available in 8000 seconds\); waiting 8000 s, until \d{4}-\d\d-\d\dT[\d:.]+Z$/,
      ),
    ])
  })
})

describe('how often it reads (docs/streams.md#budgets)', () => {
  test("once a minute with a key's budget; without one, half the 300 a day", () => {
    const every = (budget_requests: number) =>
      stackoverflowReadEveryMs(
        testConfig({ platforms: { stackoverflow: { budget_requests } } }).platforms.stackoverflow,
      )
    expect(every(10_000)).toBe(60_000)
    expect(every(300)).toBe(576_000) // 150 reads a day
  })
})

describe('Stack Overflow stream: a refused read in source health', () => {
  test('says what Stack Exchange answered, not only that the stream could not be read', async () => {
    const fake = fakeStackExchange({ refuse: { error_id: 400, error_name: 'bad_parameter', error_message: 'site' } })
    stops.push(fake.stop)
    const { deps } = await testDeps({
      config: { platforms: { stackoverflow: { stream_url: fake.url, site: 'stackoverflw' } } },
    })
    await seedTeam(deps)
    const reader = createStackoverflowStream(deps.config.platforms.stackoverflow, silentLogger)
    const shutdown = new AbortController()
    const running = superviseStreams(deps as Deps, shutdown.signal, undefined, [reader])
    const health = async () =>
      (await deps.repos.platformHealth.list()).find((h) => h.platform === 'stackoverflow')?.lastError
    try {
      await eventually('the failure in source health', async () => (await health()) != null)
      expect(await health()).toBe('stackoverflow answered with error 400 (bad_parameter: site)')
    } finally {
      shutdown.abort()
      await running
    }
  })
})

describe('Stack Overflow stream: the key', () => {
  test('is sent as the searches send it, without the spaces or line end around it', async () => {
    const fake = fakeStackExchange()
    stops.push(fake.stop)
    for (const [key, sent] of [
      [' k3y-from-a-file\n', 'k3y-from-a-file'],
      ['   ', null],
    ] as const) {
      const config = testConfig({ platforms: { stackoverflow: { stream_url: fake.url, key } } })
      const stop = new AbortController()
      const reader = createStackoverflowStream(config.platforms.stackoverflow, silentLogger)
      const sink: StreamSink = {
        item: () => {},
        heard: () => stop.abort(),
        gap: () => {},
        failed: () => stop.abort(),
        full: () => false,
        room: async () => {},
        now: () => new Date(),
      }
      await reader.read(null, sink, stop.signal)
      expect(fake.requests.at(-1)?.get('key')).toBe(sent)
    }
  })
})
