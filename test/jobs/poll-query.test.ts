import { afterEach, describe, expect, test } from 'bun:test'
import type { Deps } from '../../src/deps'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { runPollPass } from '../../src/jobs/poll-pass'
import { fakePlatforms } from '../support/fake-platforms'
import { seedTeam, testDeps } from '../support/deps'

// docs/queries.md#matching: a platform's own search is broader than the query (the fakes return whatever is
// filed under the native query they receive, as a platform that ignored an operator would); nothing the query
// excludes may become a signal.
const running: { stop(): void }[] = []
afterEach(() => {
  while (running.length) running.pop()?.stop()
})

const at = (minute: number) => new Date(Date.UTC(2026, 10, 15, 10, minute)).toISOString()
const asking = (n: number, extra: string) =>
  `We are looking for a CRM to replace our spreadsheets, can anyone recommend one? ${extra} Budget approved (${n}).`

async function setup(keywords: string[]) {
  const world = fakePlatforms()
  running.push(world)
  const { deps } = await testDeps({
    config: {
      plans: { poller: { api_access: true, monthly_requests: 500, platforms: ['hackernews', 'reddit'] } },
      platforms: world.platformsConfig,
    },
  })
  const { team } = await seedTeam(deps, { name: 'q', plan: 'poller' })
  await addKeywords(deps, { teamId: team.id, keywords })
  return { deps, world, teamId: team.id }
}

const storedPosts = async (deps: Deps, teamId: string) =>
  (
    await deps.database.client.execute({
      sql: 'select platform, post_id, keyword from signals where team_id = ? order by platform, post_id',
      args: [teamId],
    })
  ).rows.map((r) => `${r.platform}:${r.post_id}`)

describe('a polling pass with keyword queries', () => {
  test('an excluded post is never stored, from any platform; the native query is what each platform was sent', async () => {
    const { deps, world, teamId } = await setup(['crm -hubspot -"free trial"'])
    // Algolia documents the minus before a word only: the phrase's exclusion is left to matching (docs/queries.md).
    world.add(
      'hackernews',
      'crm -hubspot',
      { id: '1', author: 'ann', text: asking(1, 'Small team.'), at: at(0) },
      { id: '2', author: 'bob', text: asking(2, 'Not HubSpot, too pricey.'), at: at(1) },
      { id: '3', author: 'cy', text: asking(3, 'We only want a free trial first.'), at: at(2) },
    )
    world.add(
      'reddit',
      'crm NOT hubspot NOT "free trial"',
      { id: 'r1', author: 'dee', text: asking(4, 'Tried hubspot-lite, no.'), at: at(3) },
      { id: 'r2', author: 'eve', text: asking(5, 'Five seats.'), at: at(4) },
    )

    const summary = await runPollPass(deps)

    expect(world.searchesOf('hackernews', 'crm -hubspot')).toBe(1)
    expect(world.searchesOf('reddit', 'crm NOT hubspot NOT "free trial"')).toBe(1)
    expect(summary.platforms.hackernews.fetched).toBe(1)
    expect(await storedPosts(deps, teamId)).toEqual(['hackernews:hackernews:1', 'reddit:reddit:r2'])
    const queued = await deps.database.client.execute('select count(*) as n from pending_mentions')
    expect(Number(queued.rows[0].n)).toBe(0)
  })

  test('a query limited to one platform is searched there only; OR and a prefix match exactly', async () => {
    const { deps, world, teamId } = await setup(['(crm* OR erp) platform:reddit'])
    // Reddit has no prefix wildcard: the stem is sent, and "CRMs" comes back only because Reddit stems.
    world.add(
      'reddit',
      'crm OR erp',
      { id: '1', author: 'ann', text: asking(1, 'Open to CRMs of any size.'), at: at(0) },
      {
        id: '2',
        author: 'bob',
        text: 'We are looking for an ERP, can anyone recommend one? Budget approved.',
        at: at(1),
      },
      { id: '3', author: 'cy', text: 'We are looking for a cr-m? Budget approved, any recommendations.', at: at(2) },
    )

    await runPollPass(deps)

    expect(world.searches.map((s) => s.platform)).toEqual(['reddit'])
    expect(await storedPosts(deps, teamId)).toEqual(['reddit:reddit:1', 'reddit:reddit:2'])
  })
})
