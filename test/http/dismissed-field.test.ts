// docs/api.md#signals: with include=dismissed the list (and list_signals) names no signal as dismissed. A signal
// stored while its author was muted came back with `verdict: null`, as a signal nobody judged does, so a client
// showing "Show dismissed" as the console does could not tell it from one in the default list. Each signal now says
// `dismissed`, in every shape of the list: the default one, one filter, two filters.
import { expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../support/deps'
import { client } from '../support/http'
import { callTool, sessionClient } from '../support/mcp'
import { signalRow } from '../support/webhooks'

type Item = { id: string; author: string; verdict: string | null; dismissed: boolean; personId: string }

test('each signal says whether it is dismissed: judged not relevant, or stored while its author was muted', async () => {
  const { deps } = await testDeps()
  const { team, apiKey } = await seedTeam(deps)
  const call = client(deps)
  const row = (i: number, author: string) =>
    signalRow(team.id, { author, platform: i % 2 ? 'reddit' : 'hackernews', intent: 'PAIN', score: 9 - i / 10 })
  await deps.repos.signals.insertMany(team.id, [row(0, 'ann'), row(1, 'bob'), row(2, 'cy'), row(3, 'bob')])
  const list = async (query: string) =>
    (await call('GET', `/api/v1/signals?limit=100${query}`, { key: apiKey })).body.signals as Item[]
  const [first] = await list('')
  // Judged not relevant: dismissed with its verdict.
  await call('POST', `/api/v1/signals/${first.id}/feedback`, { key: apiKey, body: { verdict: 'not_relevant' } })
  // Stored while its author was muted: dismissed with no verdict.
  const bob = (await list('')).find((s) => s.author === 'bob') as Item
  expect(
    (await call('PUT', `/api/v1/people/${bob.personId}/mute`, { key: apiKey, body: { muted: true } })).status,
  ).toBe(200)
  await deps.repos.signals.insertMany(team.id, [row(5, 'bob')])

  const seen = (signals: Item[]) => signals.map((s) => [s.author, s.verdict, s.dismissed]).sort()
  for (const filter of ['', '&intent=PAIN', '&keyword=crm&intent=PAIN']) {
    expect({ filter, seen: seen(await list(filter)) }).toEqual({
      filter,
      seen: [
        ['bob', null, false],
        ['bob', null, false],
        ['cy', null, false],
      ],
    })
    expect({ filter, seen: seen(await list(`${filter}&include=dismissed`)) }).toEqual({
      filter,
      seen: [
        ['ann', 'not_relevant', true],
        ['bob', null, false],
        ['bob', null, false],
        ['bob', null, true],
        ['cy', null, false],
      ],
    })
  }
  const mcp = await sessionClient(deps, apiKey)
  const result = await callTool(mcp, 'list_signals', { include: 'dismissed', limit: 100 })
  expect(seen((result.structuredContent as { signals: Item[] }).signals)).toEqual(
    seen(await list('&include=dismissed')),
  )
  await mcp.close()
})
