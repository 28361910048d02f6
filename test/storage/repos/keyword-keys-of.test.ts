// A polling pass checks a page's pairs against its teams' tracked keywords in one read (domain/polling/tracked-now.ts,
// docs/performance.md#tracked-keywords-in-one-read): each team's keys, exactly, and no other team's, also for more
// teams than one statement asks about.
import { expect, test } from 'bun:test'
import { addKeywords } from '../../../src/domain/keywords/keywords'
import { seedTeam, testDeps } from '../../support/deps'

test('keysOf answers the keys of exactly the teams asked about, across statements', async () => {
  const { deps } = await testDeps()
  const teams: string[] = []
  const { team } = await seedTeam(deps)
  // More teams than one statement asks about, written directly: creating each through the service costs seconds here.
  await deps.database.client.batch(
    Array.from({ length: 202 }, (_, n) => ({
      sql: `insert into teams (id, name, plan, usage_month, created_at) select ?, ?, plan, usage_month,
        created_at from teams where id = ?`,
      args: [`team_${n}`, `team-${n}`, team.id],
    })),
    'write',
  )
  teams.push(team.id, ...Array.from({ length: 202 }, (_, n) => `team_${n}`))
  for (const [n, teamId] of teams.entries())
    await addKeywords(deps, { teamId, keywords: [`CRM ${n}`, n % 2 ? 'crm NOT HubSpot' : 'Erp'] })
  const asked = [...teams.slice(1)].reverse()
  const keys = (await deps.repos.keywords.keysOf(asked)).map((k) => `${k.teamId} ${k.keywordLc}`).sort()
  const expected = asked.flatMap((id) => {
    const n = teams.indexOf(id)
    return [`${id} crm ${n}`, `${id} ${n % 2 ? 'crm NOT hubspot' : 'erp'}`]
  })
  expect(keys).toEqual(expected.sort())
  expect(await deps.repos.keywords.keysOf([])).toEqual([])
})
