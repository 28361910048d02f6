// docs/api.md#error-shape: a query parameter is one value, whatever characters it holds; only one given twice is
// refused ("must be given once"). A tracked keyword may hold a comma (`"acme, inc" crm`, docs/queries.md), and the
// signals list, the export and the console's export filter on it as on any other.
import { describe, expect, test } from 'bun:test'
import { createApp } from '../../src/app'
import { createUser } from '../../src/domain/users/users'
import { seedTeam, testDeps } from '../support/deps'
import { consoleCookie, hostileSignals, parseCsv } from '../support/exports'

const KEYWORD = '"acme, inc" crm'
const PASSWORD = 'correct horse battery'

async function setUp() {
  const { deps } = await testDeps()
  const { team, apiKey } = await seedTeam(deps)
  await createUser(deps, { team: team.name, email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  await deps.repos.signals.insertMany(
    team.id,
    hostileSignals(team.id).map((s, i) => ({ ...s, keyword: i < 4 ? KEYWORD : 'crm' })),
  )
  const app = createApp(deps)
  const cookie = await consoleCookie((r) => app.handle(r), { email: 'ann@acme.test', password: PASSWORD })
  const get = (path: string, headers: Record<string, string> = { 'x-api-key': apiKey }) =>
    app.handle(new Request(`http://localhost${path}`, { headers }))
  return { get, cookie }
}

describe('a query parameter holding a comma', () => {
  test('filters the list, the export and the console export on a keyword with a comma', async () => {
    const { get, cookie } = await setUp()
    // Written as a browser and URLSearchParams write it (%2C), and as a person types it (a bare comma).
    for (const query of [
      new URLSearchParams({ keyword: KEYWORD }).toString(),
      `keyword=${KEYWORD.replace(/ /g, '+')}`,
    ]) {
      const list = await get(`/api/v1/signals?${query}`)
      expect(list.status).toBe(200)
      expect(((await list.json()) as { total: number }).total).toBe(4)
      const exported = await get(`/api/v1/signals/export?format=jsonl&${query}`)
      expect(exported.status).toBe(200)
      expect((await exported.text()).trim().split('\n')).toHaveLength(4)
      const fromConsole = await get(`/console/api/signals/export?format=csv&${query}`, { cookie })
      expect(fromConsole.status).toBe(200)
      // The header and four records.
      expect(parseCsv(await fromConsole.text())).toHaveLength(5)
    }
  })

  test('a parameter given twice is still refused, and a value in brackets is text, not a list', async () => {
    const { get } = await setUp()
    const twice = await get('/api/v1/signals/export?keyword=crm&keyword=sales')
    expect(twice.status).toBe(400)
    expect(((await twice.json()) as { error: { message: string } }).error.message).toBe(
      'query parameter keyword must be given once',
    )
    const bracketed = await get(`/api/v1/signals?${new URLSearchParams({ keyword: '["crm"]' })}`)
    expect(bracketed.status).toBe(200)
    expect(((await bracketed.json()) as { total: number }).total).toBe(0)
  })
})
