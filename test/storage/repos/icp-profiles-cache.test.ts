// docs/performance.md#cached-keys: a team's profiles are remembered while nothing but quiet writes is committed.
import { describe, expect, test } from 'bun:test'
import { drizzle } from 'drizzle-orm/libsql'
import Database from 'libsql'
import { createIcpProfilesRepo } from '../../../src/storage/repos/icp-profiles'
import * as schema from '../../../src/storage/schema'
import { countedFile } from '../../support/counted-file'

async function profilesOnFile() {
  const s = await countedFile()
  const repo = createIcpProfilesRepo(drizzle(s.counting, { schema }), s.deps.database.commits)
  await s.deps.repos.icpProfiles.insert({
    id: 'icp_1',
    teamId: s.teamId,
    name: 'SaaS founders',
    description: 'Founders of small B2B SaaS companies',
    competitors: ['HubSpot'],
    createdAt: '2026-11-15T12:00:00.000Z',
  })
  return { ...s, repo }
}

describe("a team's remembered profiles", () => {
  test('are read once while nothing is committed, and again after a commit of any process', async () => {
    const s = await profilesOnFile()
    const first = await s.repo.list(s.teamId)
    expect(first.map((p) => p.competitors)).toEqual([['HubSpot']])
    expect(await s.repo.list(s.teamId)).toBe(first)
    expect(s.statements()).toBe(1)

    const other = new Database(s.path)
    other.prepare('UPDATE icp_profiles SET competitors = ? WHERE id = ?').run(['["Pipedrive"]', 'icp_1'])
    other.close()
    expect((await s.repo.list(s.teamId)).map((p) => p.competitors)).toEqual([['Pipedrive']])
    expect(s.statements()).toBe(2)

    await s.deps.repos.icpProfiles.update(s.teamId, 'SaaS founders', { description: 'x', competitors: [] })
    expect((await s.repo.list(s.teamId)).map((p) => p.description)).toEqual(['x'])
    expect(s.statements()).toBe(3)
    s.deps.database.client.close()
  })

  test('are one list shared by every caller, read-only by type and not frozen', async () => {
    const s = await profilesOnFile()
    const list = await s.repo.list(s.teamId)
    expect(await s.repo.list(s.teamId)).toBe(list)
    // The engine reads a frozen array by a slow path (docs/model.md#performance): the type guards the list instead.
    expect(Object.isFrozen(list)).toBe(false)
    expect(Object.isFrozen(list[0]?.competitors)).toBe(false)
    // Never called: `npm run typecheck` fails if these changes ever type-check.
    const changeShared = (profiles: typeof list) => {
      // @ts-expect-error: a caller cannot change the shared list's competitors
      profiles[0]?.competitors.push('Salesforce')
      // @ts-expect-error: nor a profile's name
      if (profiles[0]) profiles[0].name = 'other'
    }
    void changeShared
    s.deps.database.client.close()
  })
})
