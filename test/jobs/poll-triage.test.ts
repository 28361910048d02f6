// docs/scoring.md#triage: in a polling pass, the rules scorer decides which (team, post) pairs a model is asked about.
import { afterEach, describe, expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { addIcp } from '../../src/domain/icps/icps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { runPollPass } from '../../src/jobs/poll-pass'
import { fakeOpenAi } from '../support/fake-openai'
import { fakePlatforms } from '../support/fake-platforms'
import { seedTeam, testDeps } from '../support/deps'

const running: { stop(): void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop()
})

// Written for this test: a buyer of the team's market, and the keyword in another sense.
const BUYER = 'We are looking for a CRM to manage our sales pipeline, can anyone recommend one? Budget approved for Q3.'
const OFF_TOPIC =
  'The oil pipeline under the river was shut after the leak last night, and the fishing season is closed until spring.'
const at = (minute: number) => new Date(Date.UTC(2026, 10, 15, 10, minute)).toISOString()

async function setup(scorer: Record<string, unknown> = {}) {
  const world = fakePlatforms()
  const model = fakeOpenAi()
  running.push(world, model)
  const { deps, clock } = await testDeps({
    config: {
      plans: { poller: { api_access: true, monthly_requests: 500, platforms: ['hackernews'] } },
      platforms: world.platformsConfig,
      scorer: { backend: 'openai', fallback: 'none', concurrency: 1, openai: { base_url: model.baseUrl }, ...scorer },
    },
  })
  const { team } = await seedTeam(deps, { name: 'a', plan: 'poller' })
  await addKeywords(deps, { teamId: team.id, keywords: ['pipeline'] })
  await addIcp(deps, {
    teamId: team.id,
    name: 'Sales teams',
    description: 'Small B2B sales teams who need a CRM to manage their sales pipeline and deals',
  })
  world.add(
    'hackernews',
    'pipeline',
    { id: '1', author: 'ann', text: BUYER, at: at(0) },
    { id: '2', author: 'bob', text: OFF_TOPIC, at: at(1) },
  )
  return { deps, clock, model, teamId: team.id }
}

const count = async (deps: Deps, table: string) =>
  Number((await deps.database.client.execute(`select count(*) as n from ${table}`)).rows[0].n)
const signalsOf = async (deps: Deps) =>
  (
    await deps.database.client.execute('select post_id, score, reason, scored_by from signals order by post_id')
  ).rows.map((r) => ({ post_id: r.post_id, score: r.score, reason: r.reason, scored_by: r.scored_by }))
const sent = (prompts: string[], text: string) => prompts.some((p) => p.includes(text))

describe('triage in front of a model scorer (scorer.triage = "rules", the default)', () => {
  test('a buyer post goes on to the model, whose answer is the signal; an off-topic post never reaches it', async () => {
    const { deps, model } = await setup()
    const pass = await runPollPass(deps)

    expect(sent(model.prompts, BUYER)).toBe(true)
    expect(sent(model.prompts, OFF_TOPIC)).toBe(false)
    expect(model.calls()).toBe(1)
    expect(pass.platforms.hackernews).toMatchObject({ fetched: 2, scored: 1, triaged: 1, qualified: 1, pending: 0 })
    expect(pass.totals.triaged).toBe(1)
    // The fake model's own answer (score 8 and its sentence), not the rules scorer's.
    expect(await signalsOf(deps)).toEqual([
      { post_id: 'hackernews:1', score: 8, reason: 'The writer asks for a recommendation.', scored_by: 'openai' },
    ])
    expect(await count(deps, 'pending_mentions')).toBe(0)

    // Done with, like a post the model judged not qualified: the next pass sends nothing again.
    const again = await runPollPass(deps)
    expect(again.totals).toMatchObject({ new: 0, scored: 0, triaged: 0, pending: 0 })
    expect(model.calls()).toBe(1)
  })

  test('with the model down, the buyer waits in the queue; the off-topic post is not queued', async () => {
    const { deps, clock, model } = await setup()
    model.fail(true)
    const down = await runPollPass(deps)
    expect(down.scorerUnavailable).toBe(true)
    expect(down.totals).toMatchObject({ scored: 0, triaged: 1, qualified: 0, pending: 1 })
    expect(sent(model.prompts, OFF_TOPIC)).toBe(false)

    model.fail(false)
    clock.set('2026-11-15T12:15:00.000Z')
    const up = await runPollPass(deps)
    expect(up.totals).toMatchObject({ scored: 1, triaged: 0, qualified: 1, pending: 0 })
    expect((await signalsOf(deps)).map((r) => r.post_id)).toEqual(['hackernews:1'])
  })

  test('the buyer probability is the configured one: at 0 every post goes on to the model', async () => {
    const { deps, model } = await setup({ triage_min_buyer: 0 })
    const pass = await runPollPass(deps)
    expect(pass.totals).toMatchObject({ scored: 2, triaged: 0, qualified: 1, pending: 0 })
    expect(sent(model.prompts, OFF_TOPIC)).toBe(true)
    expect(model.calls()).toBe(2)
  })
})

describe('without triage', () => {
  test('scorer.triage = "none" sends every post to the model', async () => {
    const { deps, model } = await setup({ triage: 'none' })
    const pass = await runPollPass(deps)
    expect(sent(model.prompts, BUYER)).toBe(true)
    expect(sent(model.prompts, OFF_TOPIC)).toBe(true)
    expect(pass.totals).toMatchObject({ scored: 2, triaged: 0, qualified: 1, pending: 0 })
  })

  test('the rules backend is never triaged: it scores every post once', async () => {
    const { deps, model } = await setup({ backend: 'rules' })
    const pass = await runPollPass(deps)
    expect(pass.totals).toMatchObject({ scored: 2, triaged: 0, qualified: 1, pending: 0 })
    expect(model.calls()).toBe(0)
    expect((await signalsOf(deps)).map((r) => [r.post_id, r.scored_by])).toEqual([['hackernews:1', 'rules']])
  })
})
