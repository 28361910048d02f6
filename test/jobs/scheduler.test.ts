import { afterEach, describe, expect, setSystemTime, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { runPollPass } from '../../src/jobs/poll-pass'
import { type Scheduler, startScheduler } from '../../src/jobs/scheduler'
import { fakeOpenAi } from '../support/fake-openai'
import { fakePlatforms } from '../support/fake-platforms'
import { seedTeam, testDeps } from '../support/deps'
import { recordingLogger } from '../support/log'

// These tests run croner on the real clock (every second), so each waits for what it expects. Every wait is for
// something that does come: a first pass starts the rules scorer's worker, which on a loaded host (two cores, other
// suites beside) took longer than the 4 s these waits once allowed (3 of 5 tests failed once under load). A clock
// held back is held back an hour, far past this.
const WAIT_MS = 20_000

const cleanup: (() => unknown)[] = []
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()?.()
})

async function until(what: string, ok: () => boolean | Promise<boolean>) {
  const deadline = Date.now() + WAIT_MS
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`waited ${WAIT_MS} ms for ${what}`)
    await Bun.sleep(20)
  }
}

let clockTick: ReturnType<typeof setInterval> | undefined
/** The system clock, still ticking, set to `ms` from now on until it is set again or the test ends. */
function tickingClockFrom(ms: number) {
  clearInterval(clockTick)
  const since = performance.now()
  clockTick = setInterval(() => setSystemTime(new Date(ms + performance.now() - since)), 5)
  cleanup.push(() => {
    clearInterval(clockTick)
    setSystemTime()
  })
  setSystemTime(new Date(ms))
}

const count = async (deps: Deps, table: string) =>
  Number((await deps.database.client.execute(`select count(*) as n from ${table}`)).rows[0].n)
const buying = (n: number) => `We are looking for a CRM to replace our spreadsheets, can anyone recommend one? (${n})`
const at = (minute: number) => new Date(Date.UTC(2026, 10, 15, 10, minute)).toISOString()

async function setup(a: { scorer?: Record<string, unknown>; polling?: Record<string, unknown>; posts?: number } = {}) {
  const world = fakePlatforms()
  cleanup.push(() => world.stop())
  const recorder = recordingLogger()
  const { deps } = await testDeps({
    config: {
      polling: { schedule: '* * * * * *', ...a.polling },
      plans: { poller: { api_access: true, monthly_requests: 500, platforms: ['hackernews'] } },
      platforms: world.platformsConfig,
      ...(a.scorer ? { scorer: a.scorer } : {}),
    },
    deps: { log: recorder.log },
  })
  const { team } = await seedTeam(deps, { name: 'acme', plan: 'poller' })
  await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
  for (let i = 1; i <= (a.posts ?? 1); i++)
    world.add('hackernews', 'crm', { id: String(i), author: 'ann', text: buying(i), at: at(i) })
  const start = (opts?: { housekeepingNow?: boolean }) => {
    const scheduler: Scheduler = startScheduler(deps, opts)
    cleanup.push(() => scheduler.stop())
    return scheduler
  }
  return { deps, world, recorder, start }
}

function slowModel(ms: number) {
  const model = fakeOpenAi()
  model.slow(ms)
  cleanup.push(() => model.stop())
  return { model, scorer: { backend: 'openai', fallback: 'none', concurrency: 1, openai: { base_url: model.baseUrl } } }
}

describe('the scheduler', () => {
  test('runs a pass on the polling schedule and logs its summary with the counts per platform', async () => {
    const { deps, recorder, start } = await setup()
    const scheduler = start()
    await until('a poll_pass log line', () => recorder.of('poll_pass').length > 0)
    await scheduler.stop()
    expect(recorder.of('poll_pass')[0].fields).toMatchObject({
      outcome: 'completed',
      platforms: { hackernews: { searches: 1, fetched: 1, new: 1, scored: 1, qualified: 1, pending: 0, failed: 0 } },
      totals: { qualified: 1 },
    })
    expect(await count(deps, 'signals')).toBe(1)
  })

  test('a pass still running when its next time comes is not started a second time', async () => {
    // Four posts scored one at a time, 600 ms each: the pass outlasts several one-second ticks.
    const { model, scorer } = slowModel(600)
    const { recorder, start } = await setup({ scorer, posts: 4 })
    const scheduler = start()
    await until('an overrun', () => recorder.of('job_overrun').length > 0)
    await scheduler.stop()
    expect(recorder.of('job_overrun')[0].fields).toMatchObject({ job: 'poll' })
    // A second pass in this process would have met the first one's lease and logged that it skipped.
    expect(recorder.of('poll_skipped')).toEqual([])
    expect(model.calls()).toBeLessThanOrEqual(4)
  })

  test('stop() stops the running pass at a safe point and resolves once it has ended; the next pass finishes the work', async () => {
    const { model, scorer } = slowModel(400)
    const { deps, recorder, start } = await setup({ scorer, posts: 5 })
    const scheduler = start()
    await until('the pass to be scoring', () => model.calls() > 0)

    await scheduler.stop()

    // Logged before stop() resolved: the pass had ended by then, and released its lease.
    expect(recorder.of('poll_pass').map((e) => e.fields.outcome)).toEqual(['stopped'])
    expect(await count(deps, 'job_leases')).toBe(0)
    const left = await count(deps, 'pending_mentions')
    expect(left).toBeGreaterThan(0)
    expect(await count(deps, 'signals')).toBe(5 - left)

    model.slow(0)
    const next = await runPollPass(deps)
    expect(next.outcome).toBe('completed')
    expect(await count(deps, 'pending_mentions')).toBe(0)
    expect(await count(deps, 'signals')).toBe(5)
  })

  test('runs housekeeping at start when asked, schedules it at 00:05 UTC on the 1st, and schedules no pass when polling is off', async () => {
    const { deps, recorder, start } = await setup({ polling: { enabled: false } })
    const scheduler = start({ housekeepingNow: true })
    await until('a housekeeping log line', () => recorder.of('housekeeping').length > 0)
    expect(recorder.of('housekeeping')[0].fields).toMatchObject({ outcome: 'completed' })
    const next = scheduler.nextRuns()
    expect(next.poll).toBeNull()
    expect(next.housekeeping?.toISOString()).toMatch(/^\d{4}-\d{2}-01T00:05:00\.000Z$/)
    await scheduler.stop()
    expect(recorder.of('poll_pass')).toEqual([])
    expect(await count(deps, 'signals')).toBe(0)
  })

  test('a clock stepped forward hours (a machine resumed from sleep) makes one pass for the times it skipped, not one each', async () => {
    const HOUR = 3_600_000
    const { recorder, start } = await setup({ polling: { schedule: '0 * * * *' } })
    // Five seconds before an o'clock, a day ahead (so nothing seeded is from the future), ticking from there.
    const due = Math.ceil(Date.now() / HOUR) * HOUR + 24 * HOUR
    tickingClockFrom(due - 5000)
    const scheduler = start()
    expect(scheduler.nextRuns().poll?.getTime()).toBe(due)
    // Three hours and a half later: the times of four passes have gone by.
    tickingClockFrom(due + 3.5 * HOUR)
    await until('the pass after the step', () => recorder.of('poll_pass').length > 0)
    // A pass for each other time skipped would start at once, or be told as an overrun while this one ran.
    await Bun.sleep(3000)
    expect(recorder.of('poll_pass').length + recorder.of('job_overrun').length).toBe(1)
    expect(scheduler.nextRuns().poll?.getTime()).toBe(due + 4 * HOUR)
  })

  test('a clock set back (an NTP step, a VM restored) does not hold the passes back by as long as it went back', async () => {
    const { recorder, start } = await setup()
    const scheduler = start()
    await until('a first pass', () => recorder.of('poll_pass').length > 0)
    tickingClockFrom(Date.now() - 3_600_000)
    const before = recorder.of('poll_pass').length
    await until('a pass after the clock went back', () => recorder.of('poll_pass').length > before)
    expect(scheduler.nextRuns().poll?.getTime()).toBeLessThan(Date.now() + 2000)
  })
})
