// docs/api.md#export: an export takes the list's filters, "as for the list": the same parameters give the same
// signals, and the same refusals.
import { describe, expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import type { NewSignal } from '../../src/storage/repos/signals'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'

const PLATFORMS = ['reddit', 'hackernews', 'bluesky']
const INTENTS = ['ACTIVE', 'PAIN', 'QUESTION', 'COMPETITOR']
const KEYWORDS = ['crm', 'Équipe CRM', 'crm not hubspot', 'crm NOT hubspot']

function signals(teamId: string): NewSignal[] {
  return Array.from({ length: 40 }, (_, i) => ({
    id: `sig_f${String(i).padStart(2, '0')}`,
    teamId,
    platform: PLATFORMS[i % 3],
    postId: `${PLATFORMS[i % 3]}:f${i}`,
    author: `author-${i % 7}`,
    intent: INTENTS[i % 4],
    score: (i % 11) * 0.75 + 1,
    reason: 'fits',
    icpMatch: null,
    preview: `post ${i}`,
    contentFull: `post ${i}`,
    url: `https://example.com/f/${i}`,
    keyword: KEYWORDS[i % 4],
    publishedAt: new Date(Date.UTC(2026, 9, 1 + (i % 20), i % 24, 30)).toISOString(),
    detectedAt: '2026-11-01T00:00:00.000Z',
  }))
}

const QUERIES = [
  '',
  'keyword=crm',
  'keyword=CRM',
  'keyword=%C3%89QUIPE%20%20crm',
  'keyword=crm%20not%20hubspot',
  'keyword=crm%20NOT%20hubspot',
  'keyword=%20crm%20',
  'intent=pain',
  'intent=QUESTION',
  'platform=hackernews',
  'minScore=5.5',
  'minScore=8.5',
  'minScore=0',
  'since=2026-10-10',
  'since=2026-10-10T05:30:00Z',
  'since=2026-10-10t05:30:00%2B02:00',
  'since=2026-10-10%2005:30:00z',
  'include=dismissed',
  'keyword=crm&intent=ACTIVE&platform=reddit&minScore=2&since=2026-10-02&include=dismissed',
]

const REFUSED = ['intent=LEAD', 'platform=myspace', 'minScore=11', 'minScore=1e1', 'since=2026-02-30', 'include=all']

async function setup() {
  const { deps } = await testDeps({ config: { plans: { endless: { monthly_requests: 'unlimited' } } } })
  const { team, apiKey } = await seedTeam(deps, { plan: 'endless' })
  await deps.repos.signals.insertMany(team.id, signals(team.id))
  const call = client(deps)
  // Two judged not relevant, so that include=dismissed has something to bring in.
  for (const id of ['sig_f03', 'sig_f20'])
    await call('POST', `/api/v1/signals/${id}/feedback`, { key: apiKey, body: { verdict: 'not_relevant' } })
  const app = createApp(deps)
  const get = (path: string) =>
    app.handle(new Request(`http://localhost/api/v1/${path}`, { headers: { 'x-api-key': apiKey } }))
  return { get }
}

async function listed(get: (path: string) => Promise<Response>, query: string) {
  const ids: string[] = []
  for (let offset = 0; ; offset += 100) {
    const r = await get(`signals?${query}&limit=100&offset=${offset}`)
    expect(r.status).toBe(200)
    const page = (await r.json()) as { signals: { id: string }[]; total: number }
    ids.push(...page.signals.map((s) => s.id))
    if (ids.length >= page.total) return ids.sort()
  }
}

describe('the export filters as the list does (docs/api.md#export)', () => {
  test('each parameter and their combination: the same signals', async () => {
    const { get } = await setup()
    for (const query of QUERIES) {
      const r = await get(`signals/export?${query}&format=jsonl`)
      expect(r.status).toBe(200)
      const text = await r.text()
      const exported = text
        .split('\n')
        .filter(Boolean)
        .map((line) => (JSON.parse(line) as { id: string }).id)
        .sort()
      expect({ query, ids: exported }).toEqual({ query, ids: await listed(get, query) })
    }
  })

  test('a value the list refuses, the export refuses with the same error', async () => {
    const { get } = await setup()
    for (const query of REFUSED) {
      const list = await get(`signals?${query}`)
      const exported = await get(`signals/export?${query}`)
      expect({ query, status: exported.status }).toEqual({ query, status: 400 })
      expect({ query, body: await exported.json() }).toEqual({ query, body: await list.json() })
    }
  })
})
