import { afterAll, describe, expect, test } from 'bun:test'
import { addKeywords } from '../../src/domain/keywords/keywords'
import { newId } from '../../src/lib/ids'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'
import { fakeUpstream } from '../support/fake-upstream'

// Google News' RSS search (docs/platforms.md), answering one empty feed: these tests are about the keyword rule.
const fake = fakeUpstream(
  () =>
    new Response('<?xml version="1.0"?><rss version="2.0"><channel><title>feed</title></channel></rss>', {
      headers: { 'content-type': 'application/rss+xml' },
    }),
)
afterAll(() => fake.stop())

const COMPOSED = 'caf\u00e9'
const DECOMPOSED = 'cafe\u0301'

async function setup() {
  const { deps } = await testDeps({ config: { platforms: { news: { base_url: fake.origin } } } })
  const { team, apiKey } = await seedTeam(deps, { plan: 'growth' })
  const search = (keyword: string) =>
    client(deps)('POST', '/api/routes/search', { key: apiKey, body: { network: 'news', keyword } })
  return { deps, team, search }
}

// docs/queries.md#words: a keyword in either Unicode form (é as one character, NFC, or as e and a combining accent,
// NFD) is one keyword, so the earlier route's tracked-keyword rule (docs/api.md#earlier-routes) finds it either way.
describe('POST /api/routes/search: a tracked keyword in either Unicode form', () => {
  test('one tracked composed is searched when typed decomposed', async () => {
    const { deps, team, search } = await setup()
    await addKeywords(deps, { teamId: team.id, keywords: [COMPOSED] })
    const r = await search(DECOMPOSED)
    expect(r.body).toEqual({ success: true, network: 'news', results: { count: 0, posts: [] } })
  })

  test('one stored decomposed before is searched when typed composed', async () => {
    const { deps, team, search } = await setup()
    await deps.repos.keywords.add([
      {
        id: newId('kw'),
        teamId: team.id,
        keyword: DECOMPOSED,
        keywordLc: DECOMPOSED,
        createdAt: '2026-11-01T00:00:00Z',
      },
    ])
    expect((await search(COMPOSED)).status).toBe(200)
    expect((await search(DECOMPOSED)).status).toBe(200)
    expect((await search('cafe')).status).toBe(403)
  })
})
