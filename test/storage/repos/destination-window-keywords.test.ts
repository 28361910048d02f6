// storage/repos/destination-windows.ts: a digest's `keywords` filter compares as tracked keywords do
// (docs/webhooks.md#endpoints, docs/queries.md#matching).
import { expect, test } from 'bun:test'
import type { EndpointRow } from '../../../src/storage/repos/webhook-endpoints'
import { seedTeam, testDeps } from '../../support/deps'
import { signalRow, storeSignals } from '../../support/webhooks'

test("a window's keywords: any case of a keyword's letters, OR, AND and NOT as written, spaces evened", async () => {
  const { deps } = await testDeps()
  const { team } = await seedTeam(deps)
  const at = '2026-11-16T10:00:00.000Z'
  const spellings = ['ÉQUIPE', 'équipe', 'crm NOT hubspot', 'crm not hubspot', 'CRM Not HubSpot', 'crm  erp']
  const rows = spellings.map((keyword) => signalRow(team.id, { keyword, score: 8, detectedAt: at }))
  await storeSignals(deps, rows)
  const window = async (keywords: string[]) => {
    const e = { teamId: team.id, minScore: 0, intents: null, platforms: null, keywords: JSON.stringify(keywords) }
    const from = Date.parse(at) - 1000
    const { leads, total } = await deps.repos.destinationWindows.leadsIn(e as EndpointRow, from, from + 5000, 100)
    expect(await deps.repos.destinationWindows.countIn(e as EndpointRow, from, from + 5000)).toBe(total)
    return { keywords, found: leads.map((s) => s.keyword).sort(), total }
  }
  const expected = (keywords: string[], found: string[]) => ({ keywords, found: found.sort(), total: found.length })
  for (const [keywords, found] of [
    [['ÉQUIPE'], ['ÉQUIPE', 'équipe']],
    [['équipe'], ['ÉQUIPE', 'équipe']],
    [['crm not hubspot'], ['crm not hubspot', 'CRM Not HubSpot']],
    [['crm NOT hubspot'], ['crm NOT hubspot']],
    [
      ['CRM ERP', 'crm NOT hubspot'],
      ['crm  erp', 'crm NOT hubspot'],
    ],
    [['crm'], []],
  ])
    expect(await window(keywords)).toEqual(expected(keywords, found))
})
