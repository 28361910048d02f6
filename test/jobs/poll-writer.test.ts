// docs/performance.md#the-polling-writer: on a database file, a pass stores its pages from a thread of its own.
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { runPollPass } from '../../src/jobs/poll-pass'
import { fakePlatforms } from '../support/fake-platforms'
import { seedTeam, testDeps } from '../support/deps'

const dir = mkdtempSync(join(tmpdir(), 'ls-poll-writer-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const world = fakePlatforms()
afterAll(() => world.stop())

const at = (minute: number) => new Date(Date.UTC(2026, 10, 15, 10, minute)).toISOString()
for (let i = 0; i < 30; i++) {
  const text =
    i % 3 === 0
      ? `We are looking for a CRM to replace our spreadsheets, any recommendations? Budget approved (${i}).`
      : `Someone mentioned a crm at lunch today (${i}).`
  world.add(i % 2 ? 'reddit' : 'hackernews', i % 4 ? 'crm' : 'invoicing', {
    id: `p${i}`,
    author: 'ann',
    text,
    at: at(i),
  })
}

/** A pass on a database file of its own, two teams tracking the keywords; `threaded`: with its writer thread. */
async function pass(name: string, threaded: boolean) {
  const { deps } = await testDeps({
    config: {
      database: { url: `file:${join(dir, `${name}.db`)}` },
      plans: { poller: { api_access: true, monthly_requests: 500, platforms: ['hackernews', 'reddit'] } },
      platforms: world.platformsConfig,
    },
  })
  for (const [team, keywords] of [
    ['a', ['crm', 'invoicing']],
    ['b', ['CRM']],
  ] as const) {
    const { team: row } = await seedTeam(deps, { name: team, plan: 'poller' })
    await addKeywords(deps, { teamId: row.id, keywords: [...keywords] })
  }
  const open = deps.repos.polling.openWriter
  let stores = 0
  deps.repos.polling.openWriter = threaded
    ? () => {
        const writer = open()
        const store: typeof writer.store = (o) => {
          stores++
          return writer.store(o)
        }
        return { store, close: () => writer.close() }
      }
    : () => ({ store: deps.repos.polling.store, close: async () => {} })
  const summary = await runPollPass(deps)
  return { summary, stores, signals: await signals(deps) }
}

async function signals(deps: Deps) {
  const rs = await deps.database.client.execute(
    `select t.name, s.platform, s.post_id, s.keyword, s.intent, s.score, s.preview from signals s
     join teams t on t.id = s.team_id order by t.name, s.post_id`,
  )
  return rs.rows.map((r) => Object.fromEntries(rs.columns.map((c) => [c, r[c]])))
}

test('a pass on a database file stores through its writer thread exactly what it stores in its own thread', async () => {
  const threaded = await pass('threaded', true)
  const inProcess = await pass('in-process', false)
  // One store per search page: four searches (two keywords on two platforms).
  expect(threaded.stores).toBe(4)
  expect(threaded.signals.length).toBeGreaterThan(4)
  expect(threaded.signals).toEqual(inProcess.signals)
  expect(threaded.summary.totals).toEqual(inProcess.summary.totals)
  expect(threaded.summary.totals.qualified).toBe(threaded.signals.length)
})
