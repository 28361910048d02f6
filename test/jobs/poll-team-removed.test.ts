import { afterEach, expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
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

// docs/operations.md#teams-keys-keywords-and-profiles: `team remove` while `serve` polls.
test('a team removed while a pass scores its mentions: the pass completes, and the other teams get theirs', async () => {
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
  const kept = await team('kept')
  const removed = await team('removed')
  for (let i = 1; i <= 3; i++)
    world.add('hackernews', 'crm', {
      id: String(i),
      author: `author${i}`,
      text: buying(i),
      at: new Date(Date.UTC(2026, 10, 15, 10, i)).toISOString(),
    })
  // The first model call is slow; the team goes meanwhile, and the model then fails: some pairs become signals,
  // the others are queued, both for either team.
  model.slow(300)
  const pass = runPollPass(deps)
  while (model.calls() === 0) await Bun.sleep(5)
  await removeTeam(deps, removed)
  model.fail(true)

  expect((await pass).outcome).toBe('completed')
  for (const table of ['signals', 'people', 'pending_mentions']) expect(await rowsOf(deps, table, removed)).toBe(0)
  expect((await rowsOf(deps, 'signals', kept)) + (await rowsOf(deps, 'pending_mentions', kept))).toBe(3)

  model.fail(false)
  model.slow(0)
  expect((await runPollPass(deps)).outcome).toBe('completed')
  expect(await rowsOf(deps, 'signals', kept)).toBe(3)
})
