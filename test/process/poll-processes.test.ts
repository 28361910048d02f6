import { afterEach, describe, expect, test } from 'bun:test'
import type { PassSummary } from '../../src/domain/polling/summary'
import { CUT_TRIES_MS, countOf, cutMidway, rows, runChild, spawnChild, until } from './child'
import { expectEachSignalOnce, type PollWorld, passesAtOnce, pollWorld } from './poll-world'

let current: PollWorld | undefined
afterEach(() => {
  current?.stop()
  current = undefined
})

/**
 * A world made by `make` whose first pass was killed (SIGKILL) once it had stored signals, with the number stored
 * then. A pass that stored `all` of them before the kill landed (its end came between two looks, on a loaded host)
 * must have done its whole work; the try is made again in a new world.
 */
const killedMidPass = (make: () => Promise<PollWorld>, all: (w: PollWorld) => Promise<string[]>, args: string[]) =>
  cutMidway('a pass killed mid-way', async () => {
    current?.stop()
    const w = await make()
    current = w
    const child = spawnChild(w.world, args)
    await until('the first signals of the pass', async () => (await countOf(w.world, 'signals')) > 0)
    child.proc.kill('SIGKILL')
    const code = await child.exited()
    const signalsAtKill = await countOf(w.world, 'signals')
    if (signalsAtKill < (await all(w)).length) return { w, code, signalsAtKill }
    expect(await w.signals()).toEqual(await all(w))
    expect(await countOf(w.world, 'pending_mentions')).toBe(0)
  })

describe('polling passes in separate processes sharing one database', () => {
  test(
    'two passes started at the same moment create no duplicate and both end cleanly',
    async () => {
      // 48 scorings, two at a time, 40 ms each: a pass lasts about a second, longer than the two start-ups differ but
      // on a loaded host (passesAtOnce tries again then).
      const w = await passesAtOnce(2, async () => {
        current?.stop()
        current = await pollWorld({ postsPerKeyword: 6, scorerDelayMs: 40 })
        return current
      })
      await expectEachSignalOnce(w)
    },
    CUT_TRIES_MS,
  )

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

  test(
    'a pass killed with SIGKILL mid-way is finished by the next one: every qualified post exactly once, nothing pending',
    async () => {
      const { w, code } = await killedMidPass(
        () => pollWorld({ postsPerKeyword: 6, scorerDelayMs: 25 }),
        async (w) => w.expected,
        ['poll', '--once', '--json'],
      )
      // Killed in the middle: some of the work done, not all of it, and its lease left behind.
      expect(code).toBeNull()
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
    },
    CUT_TRIES_MS,
  )

  test(
    'with the embedded rules scorer (no queue: signals and cursor move together), a killed pass is finished by the next one',
    async () => {
      const rules = { postsPerKeyword: 6, scorerDelayMs: 0, extra: { scorer: { backend: 'rules' } } }
      const clean = await pollWorld(rules)
      try {
        expect((await runChild(clean.world, ['poll', '--once'])).code).toBe(0)
        const cleanSignals = await clean.signals()
        // Rules scoring is quick, so slow searches make the pass last: 6 searches, 2 at a time, 400 ms each.
        const { w } = await killedMidPass(
          async () => {
            const w = await pollWorld(rules)
            w.platforms.slow(400)
            return w
          },
          async () => cleanSignals,
          ['poll', '--once'],
        )
        w.platforms.slow(0)
        expect((await runChild(w.world, ['poll', '--once'])).code).toBe(0)
        expect((await runChild(w.world, ['poll', '--once'])).code).toBe(0)

        const signals = await w.signals()
        expect(signals).toEqual(cleanSignals)
        expect(new Set(signals).size).toBe(signals.length)
        expect(await countOf(w.world, 'pending_mentions')).toBe(0)
      } finally {
        clean.stop()
      }
    },
    CUT_TRIES_MS,
  )

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
