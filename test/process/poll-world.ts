// A polling world shared by the process tests: two teams (one keyword shared in two spellings), two fake platforms
// with posts per keyword, and a fake model that qualifies exactly the posts asking for a recommendation, so the
// signals every pass must end with are known in advance.
import { expect } from 'bun:test'
import { addKeywords } from '../../src/domain/keywords/keywords'
import type { PassSummary } from '../../src/domain/polling/summary'
import { fakeOpenAi } from '../support/fake-openai'
import { fakePlatforms, type FakePlatform } from '../support/fake-platforms'
import { seedTeam } from '../support/deps'
import { countOf, cutMidway, processWorld, rows, runChild, seedDatabase, type ProcessWorld } from './child'

const TEAMS: Record<string, string[]> = { acme: ['crm', 'invoicing'], beta: ['CRM', 'payroll'] }
const PLATFORMS: FakePlatform[] = ['hackernews', 'reddit']

export type PollWorld = {
  world: ProcessWorld
  platforms: ReturnType<typeof fakePlatforms>
  model: ReturnType<typeof fakeOpenAi>
  /** `team|platform:post`, sorted: one per qualified post of each team tracking its keyword. */
  expected: string[]
  /** (team, mention) pairs a complete pass scores. */
  scorings: number
  /** Signals in the database as `team|post id`, sorted, duplicates kept. */
  signals(): Promise<string[]>
  stop(): void
}

/**
 * `postsPerKeyword` posts on each platform for each keyword, every other one asking for a recommendation (score 8,
 * qualified) and the rest chatter (score 2). `scorerDelayMs` slows each model answer, to make a pass last.
 */
export async function pollWorld(a: {
  postsPerKeyword: number
  scorerDelayMs: number
  extra?: Record<string, unknown>
  /** The shared database: a file in the world's folder unless this names another (a libSQL server's URL). */
  dbUrl?: string
}): Promise<PollWorld> {
  const platforms = fakePlatforms()
  const model = fakeOpenAi()
  model.slow(a.scorerDelayMs)
  const config = {
    scorer: {
      backend: 'openai',
      fallback: 'none',
      // Every post reaches the model, so that a pass lasts as long as the tests time it for.
      triage: 'none',
      concurrency: 2,
      timeout_ms: 10_000,
      openai: { base_url: model.baseUrl },
    },
    polling: { limit: 50, concurrency: 2 },
    plans: { poller: { api_access: true, monthly_requests: 100, platforms: PLATFORMS } },
    // Budgets of a one-second window, open in full to every pass of a schedule of seconds (docs/platforms.md#budgets):
    // with the default windows, a pass that follows another in the first second of a minute or an hour finds the pace
    // spent and its searches wait, and what the test checks would depend on the clock.
    platforms: Object.fromEntries(
      Object.entries(platforms.platformsConfig).map(([name, c]) => [
        name,
        { ...c, budget_requests: 1000, budget_window_seconds: 1 },
      ]),
    ),
    ...a.extra,
  }
  const world = processWorld(config, a.dbUrl)
  await seedDatabase(world, config, async (deps) => {
    for (const [name, keywords] of Object.entries(TEAMS)) {
      const { team } = await seedTeam(deps, { name, plan: 'poller' })
      await addKeywords(deps, { teamId: team.id, keywords })
    }
  })

  const expected: string[] = []
  let scorings = 0
  const keywords = [
    ...new Set(
      Object.values(TEAMS)
        .flat()
        .map((k) => k.toLowerCase()),
    ),
  ]
  for (const platform of PLATFORMS) {
    for (const keyword of keywords) {
      const trackers = Object.entries(TEAMS)
        .filter(([, ks]) => ks.some((k) => k.toLowerCase() === keyword))
        .map(([t]) => t)
      for (let i = 1; i <= a.postsPerKeyword; i++) {
        const id = `${keyword}-${i}`
        const qualifies = i % 2 === 1
        const text = qualifies
          ? `Can anyone recommend a good ${keyword} tool for a team of five? (${id})`
          : `We talked about ${keyword} over lunch (${id}).`
        platforms.add(platform, keyword, {
          id,
          author: 'ann',
          text,
          at: new Date(Date.UTC(2026, 10, 15, 10, 0, i)).toISOString(),
        })
        scorings += trackers.length
        if (qualifies) for (const team of trackers) expected.push(`${team}|${platform}:${id}`)
      }
    }
  }
  expected.sort()

  return {
    world,
    platforms,
    model,
    expected,
    scorings,
    async signals() {
      const found = await rows(
        world,
        'select t.name as team, s.post_id as post from signals s join teams t on t.id = s.team_id',
      )
      return found.map((r) => `${r.team}|${r.post}`).sort()
    },
    stop() {
      platforms.stop()
      model.stop()
      world.cleanup()
    },
  }
}

/**
 * `n` passes (poll --once) started at once in a world made by `make`, until one ran and the others found its lease
 * held. On a loaded host one can start after another's pass ended: it completes with nothing new, and the try is made
 * again (cutMidway).
 */
export const passesAtOnce = (n: number, make: () => Promise<PollWorld>) =>
  cutMidway(`${n} passes at once`, async () => {
    const w = await make()
    const runs = await Promise.all(Array.from({ length: n }, () => runChild(w.world, ['poll', '--once', '--json'])))
    expect(runs.map((r) => r.code)).toEqual(runs.map(() => 0))
    const summaries = runs.map((r) => JSON.parse(r.stdout) as PassSummary)
    const completed = summaries.filter((s) => s.outcome === 'completed')
    expect(completed.length + summaries.filter((s) => s.outcome === 'skipped').length).toBe(n)
    // One pass did the work; any other that completed came after it, with nothing new.
    expect(completed.filter((s) => s.totals.new > 0)).toHaveLength(1)
    if (completed.length === 1) return w
  })

/** Every qualified post is one signal, nothing is left pending, and no lease is left behind. */
export async function expectEachSignalOnce(w: PollWorld) {
  const signals = await w.signals()
  expect(signals).toEqual(w.expected)
  expect(new Set(signals).size).toBe(signals.length)
  expect(await countOf(w.world, 'pending_mentions')).toBe(0)
  expect(await countOf(w.world, 'job_leases')).toBe(0)
}
