import { expect, test } from 'bun:test'
import { addIcp, listIcps, MAX_PROFILES } from '../../../src/domain/icps/icps'
import { seedTeam, testDeps } from '../../support/deps'

// docs/operations.md#teams-keys-keywords-and-profiles: a team has at most 20 profiles, since a model scorer is sent
// every name whole. The count was read, then the profile inserted: adds sent at once (a script, or the console in
// several tabs) all read the same count below 20 and all went in.
test('profiles added at once stop at 20: the rest are refused, and the team keeps 20', async () => {
  const { deps } = await testDeps()
  const { team } = await seedTeam(deps, { name: 'acme' })
  const teamId = team.id
  await addIcp(deps, { teamId, name: 'first', description: 'the first profile' })
  const adds = Array.from({ length: 40 }, (_, i) =>
    addIcp(deps, { teamId, name: `segment ${i}`, description: `buyers of segment ${i}` }).then(
      () => 'added',
      (err: Error) => err.message,
    ),
  )
  const outcomes = await Promise.all(adds)
  expect(outcomes.filter((o) => o === 'added').length).toBe(MAX_PROFILES - 1)
  const refusals = new Set(outcomes.filter((o) => o !== 'added'))
  expect([...refusals]).toEqual([
    'the team has 20 ICP profiles and a team may have at most 20: remove one (or widen one to cover more buyers) to add another',
  ])
  expect((await listIcps(deps, { teamId })).length).toBe(MAX_PROFILES)
})
