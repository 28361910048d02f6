import { afterEach, describe, expect, test } from 'bun:test'
import type { PassSummary } from '../../src/domain/polling/summary'
import { countOf, rows, runChild, spawnChild, until } from './child'
import { type PollWorld, pollWorld } from './poll-world'

let current: PollWorld | undefined
afterEach(() => {
  current?.stop()
  current = undefined
})

describe('polling passes in separate processes sharing one database', () => {
  test('two passes started at the same moment create no duplicate and both end cleanly', async () => {
    // 48 scorings, two at a time, 40 ms each: a pass lasts about a second, far longer than the two start-ups differ.
    const w = await pollWorld({ postsPerKeyword: 6, scorerDelayMs: 40 })
    current = w
    const [one, two] = await Promise.all([
      runChild(w.world, ['poll', '--once', '--json']),
      runChild(w.world, ['poll', '--once', '--json']),
    ])

    expect([one.code, two.code]).toEqual([0, 0])
    const outcomes = [one, two].map((r) => (JSON.parse(r.stdout) as PassSummary).outcome).sort()
    // Only one process polls at a time: the other found the lease held and said so.
    expect(outcomes).toEqual(['completed', 'skipped'])
    const signals = await w.signals()
    expect(signals).toEqual(w.expected)
    expect(new Set(signals).size).toBe(signals.length)
    expect(await countOf(w.world, 'pending_mentions')).toBe(0)
    expect(await countOf(w.world, 'job_leases')).toBe(0)
  })

  test('Ctrl-C on poll --once while a platform is slow to answer ends it at once, status 0, the pass stopped', async () => {
    const w = await pollWorld({ postsPerKeyword: 2, scorerDelayMs: 0, extra: { scorer: { backend: 'rules' } } })
    current = w
    // Answers that take 8 s (within the platforms' 10 s time limit): the searches are in flight at the signal.
    w.platforms.slow(8000)
    const child = spawnChild(w.world, ['poll', '--once', '--json'])
    await until('a search in flight', () => w.platforms.searches.length > 0)
    const signalledAt = performance.now()
    child.proc.kill('SIGINT')
    expect(await child.exited()).toBe(0)
    expect(performance.now() - signalledAt).toBeLessThan(3000)
    expect((JSON.parse(child.stdout()) as PassSummary).outcome).toBe('stopped')
    expect(await countOf(w.world, 'job_leases')).toBe(0)
  })

  test('a pass killed with SIGKILL mid-way is finished by the next one: every qualified post exactly once, nothing pending', async () => {
    const w = await pollWorld({ postsPerKeyword: 6, scorerDelayMs: 25 })
    current = w
    const child = spawnChild(w.world, ['poll', '--once', '--json'])
    await until('the first signals of the pass', async () => (await countOf(w.world, 'signals')) > 0)
    child.proc.kill('SIGKILL')
    expect(await child.exited()).toBeNull()
    // Killed in the middle: some of the work done, not all of it, and its lease left behind.
    const signalsAtKill = await countOf(w.world, 'signals')
    expect(signalsAtKill).toBeLessThan(w.expected.length)
    expect(await countOf(w.world, 'job_leases')).toBe(1)

    const restart = await runChild(w.world, ['poll', '--once', '--json'])
    expect(restart.code).toBe(0)
    // The dead holder's lease was taken over at once, not waited out.
    expect((JSON.parse(restart.stdout) as PassSummary).outcome).toBe('completed')
    expect(restart.stderr).toContain('"event":"lease_taken_over"')
    expect(await w.signals()).toEqual(w.expected)
    expect(await countOf(w.world, 'pending_mentions')).toBe(0)

    // Once more: nothing new, nothing doubled.
    const again = await runChild(w.world, ['poll', '--once', '--json'])
    expect((JSON.parse(again.stdout) as PassSummary).totals).toMatchObject({ new: 0, qualified: 0, pending: 0 })
    expect(await w.signals()).toEqual(w.expected)
  })

  test('with the embedded rules scorer (no queue: signals and cursor move together), a killed pass is finished by the next one', async () => {
    // Rules scoring is quick, so slow searches make the pass last: 6 searches, 2 at a time, 400 ms each.
    const w = await pollWorld({
      postsPerKeyword: 6,
      scorerDelayMs: 0,
      extra: { scorer: { backend: 'rules' } },
    })
    current = w
    w.platforms.slow(400)
    const child = spawnChild(w.world, ['poll', '--once'])
    await until('the first signals of the pass', async () => (await countOf(w.world, 'signals')) > 0)
    child.proc.kill('SIGKILL')
    await child.exited()
    const signalsAtKill = await countOf(w.world, 'signals')
    w.platforms.slow(0)
    expect((await runChild(w.world, ['poll', '--once'])).code).toBe(0)
    expect((await runChild(w.world, ['poll', '--once'])).code).toBe(0)

    const clean = await pollWorld({ postsPerKeyword: 6, scorerDelayMs: 0, extra: { scorer: { backend: 'rules' } } })
    try {
      expect((await runChild(clean.world, ['poll', '--once'])).code).toBe(0)
      const cleanSignals = await clean.signals()
      expect(signalsAtKill).toBeLessThan(cleanSignals.length)
      const signals = await w.signals()
      expect(signals).toEqual(cleanSignals)
      expect(new Set(signals).size).toBe(signals.length)
      expect(await countOf(w.world, 'pending_mentions')).toBe(0)
    } finally {
      clean.stop()
    }
  })

  test('the killed and restarted database ends with the same signals, field for field, as one clean pass', async () => {
    const w = await pollWorld({ postsPerKeyword: 4, scorerDelayMs: 25 })
    current = w
    const child = spawnChild(w.world, ['poll', '--once'])
    await until('the first signals of the pass', async () => (await countOf(w.world, 'signals')) > 0)
    child.proc.kill('SIGKILL')
    await child.exited()
    expect((await runChild(w.world, ['poll', '--once'])).code).toBe(0)

    const clean = await pollWorld({ postsPerKeyword: 4, scorerDelayMs: 0 })
    try {
      expect((await runChild(clean.world, ['poll', '--once'])).code).toBe(0)
      const fields = `select t.name, s.platform, s.post_id, s.keyword, s.author, s.intent, s.score, s.reason, s.icp_match, s.preview,
        s.url, s.published_at, s.content_full from signals s join teams t on t.id = s.team_id order by t.name, s.post_id`
      const restarted = await rows(w.world, fields)
      expect(restarted).toHaveLength(w.expected.length)
      expect(restarted).toEqual(await rows(clean.world, fields))
    } finally {
      clean.stop()
    }
  })
})
