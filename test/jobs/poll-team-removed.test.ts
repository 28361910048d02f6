import { afterEach, expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { addKeywords, removeKeywords } from '../../src/domain/keywords/keywords'
import { removeTeam } from '../../src/domain/teams/teams'
import { runPollPass } from '../../src/jobs/poll-pass'
import { fakeOpenAi } from '../support/fake-openai'
import { fakePlatforms } from '../support/fake-platforms'
import { seedTeam, testDeps } from '../support/deps'

const running: { stop(): unknown }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop()
})

const buying = (n: number) => `We are looking for a CRM to replace our spreadsheets, can anyone recommend one? (${n})`
const rowsOf = async (deps: Deps, table: string, teamId: string) =>
  Number(
    (
      await deps.database.client.execute({
        sql: `select count(*) as n from ${table} where team_id = ?`,
        args: [teamId],
      })
    ).rows[0].n,
  )

/**
 * Two teams tracking "crm", three buying posts for it on Hacker News, and a pass whose first model call is slow:
 * `meanwhile` runs while that call is held, with the second team's id.
 */
async function slowPass(
  meanwhile: (deps: Deps, second: string, model: ReturnType<typeof fakeOpenAi>) => Promise<unknown>,
) {
  const world = fakePlatforms()
  const model = fakeOpenAi()
  running.push(world, model)
  const { deps } = await testDeps({
    config: {
      plans: { poller: { api_access: true, monthly_requests: 500, platforms: ['hackernews'] } },
      platforms: world.platformsConfig,
      scorer: {
        backend: 'openai',
        fallback: 'none',
        triage: 'none',
        concurrency: 1,
        openai: { base_url: model.baseUrl },
      },
    },
  })
  const team = async (name: string) => {
    const { team } = await seedTeam(deps, { name, plan: 'poller' })
    await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
    return team.id
  }
  const first = await team('first')
  const second = await team('second')
  for (let i = 1; i <= 3; i++)
    world.add('hackernews', 'crm', {
      id: String(i),
      author: `author${i}`,
      text: buying(i),
      at: new Date(Date.UTC(2026, 10, 15, 10, i)).toISOString(),
    })
  model.slow(300)
  const pass = runPollPass(deps)
  while (model.calls() === 0) await Bun.sleep(5)
  await meanwhile(deps, second, model)
  expect((await pass).outcome).toBe('completed')
  return { deps, model, first, second }
}

// docs/operations.md#teams-keys-keywords-and-profiles: `team remove` while `serve` polls.
test('a team removed while a pass scores its mentions: the pass completes, and the other teams get theirs', async () => {
  // The team goes while the first call is held, and the model then fails: some pairs become signals, the others are
  // queued, both for either team.
  const { deps, model, first, second } = await slowPass(async (deps, second, model) => {
    await removeTeam(deps, second)
    model.fail(true)
  })
  for (const table of ['signals', 'people', 'pending_mentions']) expect(await rowsOf(deps, table, second)).toBe(0)
  expect((await rowsOf(deps, 'signals', first)) + (await rowsOf(deps, 'pending_mentions', first))).toBe(3)

  model.fail(false)
  model.slow(0)
  expect((await runPollPass(deps)).outcome).toBe('completed')
  expect(await rowsOf(deps, 'signals', first)).toBe(3)
})

// docs/operations.md#what-a-pass-does: a keyword removed while a pass scores its posts (a slow model takes minutes)
// gets no more signals, as a stream drops its matches (docs/streams.md): the pass went on storing them (and their
// webhook deliveries) for a keyword the team had just stopped tracking. The signals found before stay the team's.
test('a keyword removed while a pass scores its posts gets no signal from that pass; another team tracking it does', async () => {
  const { deps, first, second } = await slowPass((deps, second) =>
    removeKeywords(deps, { teamId: second, keywords: ['crm'] }),
  )
  expect(await rowsOf(deps, 'signals', first)).toBe(3)
  for (const table of ['signals', 'pending_mentions']) expect(await rowsOf(deps, table, second)).toBe(0)
})
