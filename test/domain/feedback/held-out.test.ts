// docs/scoring.md#tuning-by-verdicts, measured: a simulated team whose taste differs from the default judges the
// signals of a training half of real scored posts (the rules scorer, through real polling passes); on the held-out
// half, the signals its tuned threshold lets through are at least as precise as those a team without verdicts gets.
import { afterEach, describe, expect, test } from 'bun:test'
import type { Deps } from '../../../src/deps'
import { addKeywords } from '../../../src/domain/keywords/keywords'
import { runPollPass } from '../../../src/jobs/poll-pass'
import { seedTeam, testDeps } from '../../support/deps'
import { fakePlatforms } from '../../support/fake-platforms'
import { client } from '../../support/http'
import { crmPosts } from './posts'

const running: { stop(): void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop()
})

type Stored = { id: string; score: number; intent: string; content: string }
type Taste = { name: string; relevant: (s: Stored) => boolean }

const TASTES: Taste[] = [
  // Wants only strong leads: everything below 8 is noise to it.
  { name: 'judges posts below 8 not relevant', relevant: (s) => s.score >= 8 },
  // Sells to buyers only: complaints and comparisons are not its business, however high they score.
  { name: 'judges only buyers (ACTIVE) relevant', relevant: (s) => s.intent === 'ACTIVE' },
]

async function world() {
  const platform = fakePlatforms()
  running.push(platform)
  const { deps } = await testDeps({
    config: {
      plans: { poller: { api_access: true, monthly_requests: 'unlimited', platforms: ['hackernews'] } },
      platforms: platform.platformsConfig,
      polling: { limit: 100 },
    },
  })
  const team = async (name: string) => {
    const made = await seedTeam(deps, { name, plan: 'poller' })
    await addKeywords(deps, { teamId: made.team.id, keywords: ['crm'] })
    return made
  }
  let minute = 0
  /** Serves `posts` as new Hacker News posts, 50 per pass, and polls them. */
  const poll = async (posts: string[], tag: string) => {
    for (let i = 0; i < posts.length; i += 50) {
      for (const [j, text] of posts.slice(i, i + 50).entries()) {
        const at = new Date(Date.UTC(2026, 10, 1) + ++minute * 60_000).toISOString()
        platform.add('hackernews', 'crm', { id: `${tag}${i + j}`, author: 'someone', text, at })
      }
      await runPollPass(deps)
    }
  }
  return { deps, team, poll }
}

/** The team's signals among `posts` (all, dismissed ones too), as the API lists them. */
async function signalsOf(deps: Deps, apiKey: string, tag: string): Promise<Stored[]> {
  const call = client(deps)
  const out: Stored[] = []
  for (let offset = 0; ; offset += 100) {
    const page = await call('GET', `/api/v1/signals?limit=100&offset=${offset}&include=dismissed`, { key: apiKey })
    out.push(...page.body.signals.filter((s: { url: string }) => s.url.includes(`id=${tag}`)))
    if (offset + 100 >= page.body.total) return out
  }
}

const precision = (signals: Stored[], taste: Taste) => signals.filter(taste.relevant).length / signals.length

describe('tuning on held-out verdicts', () => {
  for (const taste of TASTES) {
    test(`a team that ${taste.name}: held-out precision after tuning >= before`, async () => {
      const posts = crmPosts(240)
      const training = posts.filter((_, i) => i % 2 === 0)
      const heldOut = posts.filter((_, i) => i % 2 === 1)
      const { deps, team, poll } = await world()
      const tuned = await team('tuned')
      const plain = await team('plain')
      const call = client(deps)

      await poll(training, 't')
      const judged = await signalsOf(deps, tuned.apiKey, 't')
      expect(judged.length).toBeGreaterThanOrEqual(40)
      for (const s of judged) {
        const verdict = taste.relevant(s) ? 'relevant' : 'not_relevant'
        const r = await call('POST', `/api/v1/signals/${s.id}/feedback`, { key: tuned.apiKey, body: { verdict } })
        expect(r.status).toBe(200)
      }
      const { keywords } = (await call('GET', '/api/v1/keywords', { key: tuned.apiKey })).body
      const threshold = keywords[0].threshold
      expect(threshold).toMatchObject({ tuned: true, default: 6, verdicts: judged.length })

      await poll(heldOut, 'h')
      const before = await signalsOf(deps, plain.apiKey, 'h')
      const after = await signalsOf(deps, tuned.apiKey, 'h')
      const [p0, p1] = [precision(before, taste), precision(after, taste)]
      // The figures, for the reader of a test log.
      console.log(
        `${taste.name}: threshold ${threshold.value} from ${judged.length} verdicts; held-out precision ` +
          `${p0.toFixed(3)} (${before.length} signals) before, ${p1.toFixed(3)} (${after.length} signals) after`,
      )
      expect(after.length).toBeGreaterThan(0)
      expect(p1).toBeGreaterThanOrEqual(p0)
      // This team's taste is not the default's, so tuning must have changed something here.
      expect(p1).toBeGreaterThan(p0)
      expect(after.every((s) => s.score >= threshold.value)).toBe(true)
    })
  }
})
