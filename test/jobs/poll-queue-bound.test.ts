import { afterEach, describe, expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { runPollPass } from '../../src/jobs/poll-pass'
import { fakeOpenAi } from '../support/fake-openai'
import { fakePlatforms } from '../support/fake-platforms'
import { seedTeam, testDeps } from '../support/deps'
import { recordingLogger } from '../support/log'

const running: { stop(): void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop()
})

const CAP = 5000
const post = (n: number) => ({
  id: String(n),
  author: `author${n}`,
  text: `We are looking for a CRM to replace our spreadsheets, can anyone recommend one? (${n})`,
  at: new Date(Date.UTC(2026, 10, 15, 10, n)).toISOString(),
})
const pending = async (deps: Deps) =>
  Number(
    (await deps.database.client.execute("select count(*) as n from pending_mentions where platform = 'hackernews'"))
      .rows[0].n,
  )

// docs/operations.md#failures: with scorer.fallback = "none" a model that is down leaves what a pass fetches queued
// for the next pass. A model that never comes back (a server never installed, a model never pulled) must not let the
// queue grow with every pass for as long as the server runs: it holds at most 5,000 mentions per team and platform,
// the bound a stream's overflow has (docs/streams.md#backpressure), and what comes past it is passed over and told.
describe('a pass while the model is down and nothing stands in', () => {
  test('queues what it fetches up to the bound, and passes over the rest with a warning', async () => {
    const model = fakeOpenAi()
    const world = fakePlatforms()
    running.push(model, world)
    const { log, of } = recordingLogger()
    // The model answers nothing (model.fail below), and nothing stands in for it.
    const scorer = { backend: 'openai', fallback: 'none', triage: 'none', openai: { base_url: model.baseUrl } } as const
    const plans = { poller: { api_access: true, monthly_requests: 500, platforms: ['hackernews' as const] } }
    const { deps } = await testDeps({ config: { scorer, plans, platforms: world.platformsConfig }, deps: { log } })
    const { team } = await seedTeam(deps, { name: 'a', plan: 'poller' })
    await addKeywords(deps, { teamId: team.id, keywords: ['crm'] })
    model.fail(true)
    world.add('hackernews', 'crm', post(1))
    expect((await runPollPass(deps)).scorerUnavailable).toBe(true)
    // The queue as an outage of many passes leaves it: one short of the bound (copies of the mention queued above).
    await deps.database.client.execute({
      sql: `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?)
        insert into pending_mentions (team_id, platform, post_id, keyword, mention, fetched_at)
        select team_id, platform, post_id || '-' || i, keyword, mention, fetched_at from pending_mentions, n`,
      args: [CAP - 2],
    })
    expect(await pending(deps)).toBe(CAP - 1)

    world.add('hackernews', 'crm', post(2), post(3), post(4))
    const summary = await runPollPass(deps)
    expect(summary.platforms.hackernews).toMatchObject({ new: 3, scored: 0, qualified: 0 })
    expect(await pending(deps)).toBe(CAP)
    expect(of('poll_queue_bound').map((l): Record<string, unknown> => ({ level: l.level, ...l.fields }))).toEqual([
      {
        level: 'warn',
        platform: 'hackernews',
        teamId: team.id,
        queued: CAP,
        passedOver: 2,
        next: `the model is down and scorer.fallback is "none": the mentions past ${CAP} queued are passed over unscored until the model answers and a pass brings the queue down`,
      },
    ])
  }, 60_000)
})
