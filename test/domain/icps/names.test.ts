import { describe, expect, test } from 'bun:test'
import { addIcp, editIcp, listIcps, removeIcp } from '../../../src/domain/icps/icps'
import { seedTeam, testDeps } from '../../support/deps'

// docs/operations.md: a profile's name is unique within the team ignoring case, so it is found ignoring case too:
// "ops leads" names the profile shown as "Ops leads", as `keyword remove crm` removes "CRM".
describe('ICP profiles by name', () => {
  test('edit and remove find a profile whatever the case of its name, and change no other', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps, { name: 'acme' })
    const teamId = team.id
    await addIcp(deps, { teamId, name: 'Ops leads', description: 'ops leads at 50-person companies' })
    await addIcp(deps, { teamId, name: 'Straße GmbH', description: 'German logistics firms' })
    const edited = await editIcp(deps, { teamId, name: 'OPS LEADS', description: 'heads of operations' })
    expect(edited.name).toBe('Ops leads')
    expect((await listIcps(deps, { teamId })).map((p) => [p.name, p.description])).toEqual([
      ['Ops leads', 'heads of operations'],
      ['Straße GmbH', 'German logistics firms'],
    ])
    expect(await removeIcp(deps, { teamId, name: ' straße gmbh ' })).toEqual({ removed: 'Straße GmbH' })
    expect((await listIcps(deps, { teamId })).map((p) => p.name)).toEqual(['Ops leads'])
    await expect(removeIcp(deps, { teamId, name: 'ops' })).rejects.toThrow('the team has no ICP profile named "ops"')
  })
})
