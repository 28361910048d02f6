// docs/people.md#forget: after a person is forgotten, a polling pass against a local fake platform that returns their
// posts again stores nothing of them (under another case of the name either), counts them as forgotten, and stores
// another author's post; another team that never forgot them still gets them. A pass that had scored their post
// before the forget, and an import, store nothing of them either.
import { afterEach, describe, expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { runPollPass } from '../../src/jobs/poll-pass'
import { fakePlatforms } from '../support/fake-platforms'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { signalRow, storeSignals } from '../support/webhooks'

const running: { stop(): void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop()
})

const buying = (n: number) =>
  `We are looking for a CRM to replace our spreadsheets, can anyone recommend one? Budget approved (${n}).`
const at = (minute: number) => new Date(Date.UTC(2026, 10, 15, 10, minute)).toISOString()

const authorsOf = async (deps: Deps, table: 'signals' | 'people', teamId: string) =>
  (
    await deps.database.client.execute({
      sql: `select distinct author from ${table} where team_id = ? order by author`,
      args: [teamId],
    })
  ).rows.map((r) => String(r.author))

describe('a polling pass after a person is forgotten', () => {
  test("stores nothing of theirs, counts it as forgotten, and stores everyone else's", async () => {
    const world = fakePlatforms()
    running.push(world)
    const { deps } = await testDeps({
      config: {
        plans: { poller: { api_access: true, monthly_requests: 500, platforms: ['hackernews'] } },
        platforms: world.platformsConfig,
      },
    })
    const acme = await seedTeam(deps, { name: 'acme', plan: 'poller' })
    const other = await seedTeam(deps, { name: 'other', plan: 'poller' })
    for (const t of [acme, other]) await addKeywords(deps, { teamId: t.team.id, keywords: ['crm'] })
    world.add(
      'hackernews',
      'crm',
      { id: '1', author: 'ann', text: buying(1), at: at(0) },
      { id: '2', author: 'bob', text: buying(2), at: at(1) },
    )
    expect((await runPollPass(deps)).platforms.hackernews).toMatchObject({ qualified: 4, forgotten: 0 })
    const call = client(deps)
    const people = await call('GET', '/api/v1/people?author=ann', { key: acme.apiKey })
    const forgotten = await call('DELETE', `/api/v1/people/${people.body.people[0].id}`, { key: acme.apiKey })
    expect(forgotten.status).toBe(204)

    world.add(
      'hackernews',
      'crm',
      { id: '3', author: 'ann', text: buying(3), at: at(10) },
      { id: '4', author: 'Ann', text: buying(4), at: at(11) },
      { id: '5', author: 'bob', text: buying(5), at: at(12) },
    )
    const summary = await runPollPass(deps)

    // acme: both posts of ann's dropped; the other team: all three stored.
    expect(summary.platforms.hackernews).toMatchObject({ forgotten: 2, qualified: 4, pending: 0 })
    expect(await authorsOf(deps, 'signals', acme.team.id)).toEqual(['bob'])
    expect(await authorsOf(deps, 'people', acme.team.id)).toEqual(['bob'])
    expect(await authorsOf(deps, 'signals', other.team.id)).toEqual(['Ann', 'ann', 'bob'])
    const queued = await deps.database.client.execute('select count(*) as n from pending_mentions')
    expect(Number(queued.rows[0]?.n)).toBe(0)

    // A pass that scored her post before the forget stores it after: the store's own check keeps it out.
    const late = signalRow(acme.team.id, { author: 'ann', postId: 'hackernews:6' })
    expect(await storeSignals(deps, [late])).toEqual([])
    expect(await deps.repos.signals.insertMany(acme.team.id, [signalRow(acme.team.id, { author: 'ANN' })])).toBe(0)
    expect(await authorsOf(deps, 'signals', acme.team.id)).toEqual(['bob'])
    expect(await authorsOf(deps, 'people', acme.team.id)).toEqual(['bob'])
  })
})
