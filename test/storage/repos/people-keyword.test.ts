// storage/repos/people-filter.ts: the people list's `keyword` is the signals list's (docs/people.md#listing-people,
// docs/api.md#signals): compared as tracked keywords are.
import { expect, test } from 'bun:test'
import { seedTeam, testDeps } from '../../support/deps'
import { signalRow } from '../../support/webhooks'

test('people by keyword: any case of its letters, OR, AND and NOT as written', async () => {
  const { deps } = await testDeps()
  const { team } = await seedTeam(deps)
  const by = { ÉQUIPE: 'ann', 'crm NOT hubspot': 'bob', 'crm not hubspot': 'cyd', 'crm  erp': 'dee' }
  await deps.repos.signals.insertMany(
    team.id,
    Object.entries(by).map(([keyword, author]) => signalRow(team.id, { keyword, author })),
  )
  const authors = async (keyword: string) => {
    const page = await deps.repos.people.list(
      team.id,
      { keyword },
      { limit: 10, offset: 0, now: new Date().toISOString() },
    )
    return { keyword, authors: page.people.map((p) => p.author).sort(), total: page.total }
  }
  for (const [keyword, expected] of [
    ['équipe', ['ann']],
    ['crm NOT hubspot', ['bob']],
    ['CRM Not HubSpot', ['cyd']],
    ['crm erp', ['dee']],
  ] as const)
    expect(await authors(keyword)).toEqual({ keyword, authors: [...expected], total: expected.length })
})
