import { afterAll, describe, expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import { createUser } from '../../src/domain/users/users'
import { fakeUpstream, type Received } from '../support/fake-upstream'
import { client } from '../support/http'
import { seedTeam, testDeps } from '../support/deps'

// docs/queries.md: every way a keyword enters refuses a query that does not parse with 400 invalid_request,
// naming the position and what was expected, and changes nothing (no charge, no keyword).
const hn = fakeUpstream((req: Received) =>
  Response.json({
    hits: [
      {
        objectID: '1',
        author: 'a',
        created_at: '2026-11-10T00:00:00.000Z',
        comment_text: 'We need a CRM, not HubSpot.',
      },
      {
        objectID: '2',
        author: 'b',
        created_at: '2026-11-09T00:00:00.000Z',
        comment_text: 'Which CRM for a team of 5?',
      },
      {
        objectID: '3',
        author: 'c',
        created_at: '2026-11-08T00:00:00.000Z',
        comment_text: `query was ${req.url.search}`,
      },
    ],
  }),
)
afterAll(() => hn.stop())

async function setup() {
  const { deps } = await testDeps({ config: { platforms: { hackernews: { base_url: hn.origin } } } })
  const { team, apiKey } = await seedTeam(deps, { name: 'acme' })
  return { deps, team, apiKey, call: client(deps) }
}

describe('keyword queries through the API', () => {
  test('POST /api/v1/mentions/search: an invalid query is 400 with the position, and is not charged', async () => {
    const { call, apiKey } = await setup()
    const r = await call('POST', '/api/v1/mentions/search', {
      key: apiKey,
      body: { keyword: 'crm (erp', platform: 'hackernews' },
    })
    expect(r.status).toBe(400)
    expect(r.body.error).toEqual({
      code: 'invalid_request',
      message: 'keyword at character 9: expected ) to close the ( at character 5',
      details: [{ field: 'keyword', message: 'at character 9: expected ) to close the ( at character 5' }],
    })
    expect(hn.received).toHaveLength(0)
    expect((await call('GET', '/api/v1/usage', { key: apiKey })).body.usage.used).toBe(0)
  })

  // Positions count in the keyword as sent, leading spaces included (docs/queries.md#errors).
  test('POST /api/v1/mentions/search: the position points into the keyword as sent', async () => {
    const { call, apiKey } = await setup()
    const r = await call('POST', '/api/v1/mentions/search', {
      key: apiKey,
      body: { keyword: '  crm  (erp', platform: 'hackernews' },
    })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toBe('keyword at character 12: expected ) to close the ( at character 8')
    const spaced = await call('POST', '/api/v1/mentions/search', {
      key: apiKey,
      body: { keyword: ' crm\t\n -hubspot ', platform: 'hackernews' },
    })
    expect(spaced.status).toBe(200)
    expect(hn.received.at(-1)?.url.searchParams.get('query')).toBe('crm -hubspot')
  })

  test('POST /api/v1/mentions/search: results are matched against the whole query', async () => {
    const { call, apiKey } = await setup()
    const r = await call('POST', '/api/v1/mentions/search', {
      key: apiKey,
      body: { keyword: 'crm -hubspot', platform: 'hackernews' },
    })
    expect(r.status).toBe(200)
    expect(r.body.mentions.map((m: { id: string }) => m.id)).toEqual(['hackernews:2'])
    expect(hn.received.at(-1)?.url.searchParams.get('query')).toBe('crm -hubspot')
  })

  test('the console: adding an invalid query is 400 with the position; the preview names it too', async () => {
    const { deps, team } = await setup()
    await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: 'correct horse battery' })
    const app = createApp(deps)
    const send = async (method: string, path: string, body: unknown, cookie = '') => {
      const res = await app.handle(
        new Request(`http://localhost${path}`, {
          method,
          headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', cookie },
          body: JSON.stringify(body),
        }),
      )
      return {
        status: res.status,
        cookie: (res.headers.get('set-cookie') ?? '').split(';')[0],
        body: (await res.json()) as any,
      }
    }
    const { cookie } = await send('POST', '/console/api/session', {
      email: 'ann@acme.test',
      password: 'correct horse battery',
    })
    const add = await send('POST', '/console/api/keywords', { keyword: 'crm lang:english' }, cookie)
    expect(add.status).toBe(400)
    expect(add.body.error.details).toEqual([
      {
        field: 'keyword',
        message: 'at character 10: expected a two-letter language code (ISO 639-1) such as en or de',
      },
    ])
    expect(await deps.repos.keywords.list(team.id)).toEqual([])
    const preview = await send('POST', '/console/api/keywords/preview', { query: '-hubspot' }, cookie)
    expect(preview.status).toBe(400)
    expect(preview.body.error.details[0].message).toStartWith(
      'at character 1: expected a word or "phrase" to search for',
    )
    const good = await send('POST', '/console/api/keywords', { keyword: 'crm -hubspot lang:en' }, cookie)
    expect(good.status).toBe(200)
    expect(await deps.repos.keywords.list(team.id)).toEqual(['crm -hubspot lang:en'])
    // The same keyword in other spacing is the one tracked, not a second copy searched twice.
    const again = await send('POST', '/console/api/keywords', { keyword: ' crm\t-hubspot \n lang:en' }, cookie)
    expect(again.body).toEqual({ added: [], alreadyTracked: ['crm -hubspot lang:en'], narrowed: [], allowedOn: [] })
    const shifted = await send('POST', '/console/api/keywords', { keyword: '  crm lang:english' }, cookie)
    expect(shifted.body.error.details[0].message).toStartWith('at character 12:')
    const hidden = await send('POST', '/console/api/keywords', { keyword: 'crm\u202e erp' }, cookie)
    expect(hidden.status).toBe(400)
    expect(hidden.body.error.details[0].message).toStartWith('at character 4: expected no control or direction')
    expect(await deps.repos.keywords.list(team.id)).toEqual(['crm -hubspot lang:en'])
  })
})
