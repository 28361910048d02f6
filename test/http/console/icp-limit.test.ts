import { expect, test } from 'bun:test'
import { ownerConsole } from '../../support/owner-console'

// docs/operations.md#teams-keys-keywords-and-profiles, docs/console.md#icp-profiles: a team has at most 20 ICP
// profiles, since a model scorer is sent every name whole, and past that the names alone fill a small model's context
// (docs/scoring.md#profiles-longer-than-the-context). The 21st is refused as 400 invalid_request, nothing added;
// the 20 can still be edited, and one removed makes room.

test('the console adds 20 profiles and refuses a 21st, saying the limit and what to do', async () => {
  const { deps, team, call } = await ownerConsole('acme')
  for (let i = 1; i <= 20; i++) {
    const added = await call('POST', '/icp-profiles', { name: `Segment ${i}`, description: `Buyers of kind ${i}` })
    expect({ i, status: added.status }).toEqual({ i, status: 200 })
  }
  const refused = await call('POST', '/icp-profiles', { name: 'Segment 21', description: 'One more kind' })
  expect(refused.status).toBe(400)
  expect(refused.body.error.code).toBe('invalid_request')
  expect(refused.body.error.message).toBe(
    'the team has 20 ICP profiles and a team may have at most 20: remove one (or widen one to cover more buyers) to add another',
  )
  const names = (await deps.repos.icpProfiles.list(team.id)).map((p) => p.name)
  expect(names).toHaveLength(20)
  expect(names).not.toContain('Segment 21')
  expect((await call('PUT', '/icp-profiles/Segment%203', { description: 'Wider buyers' })).status).toBe(200)
  expect((await call('DELETE', '/icp-profiles/Segment%201')).status).toBe(200)
  expect((await call('POST', '/icp-profiles', { name: 'Segment 21', description: 'One more kind' })).status).toBe(200)
})
