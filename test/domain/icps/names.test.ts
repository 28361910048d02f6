import { describe, expect, test } from 'bun:test'
import { addIcp, editIcp, listIcps, removeIcp } from '../../../src/domain/icps/icps'
import { profileNamed } from '../../../src/scorers/reply'
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

// A name in either Unicode form ('Café' with é as one character, NFC, or as e and a combining accent, NFD, as some
// pasted text holds it) shows the same, so it names one profile: two such profiles looked like one name twice, and a
// model answering the name in the other form (models write é as one character) matched none, leaving the lead
// without its profile.
describe('a profile name in either Unicode form', () => {
  const nfc = 'Caf\u00e9 owners'
  const nfd = 'Cafe\u0301 owners'

  test('is one name: kept composed, refused twice, found either way', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps, { name: 'acme' })
    const teamId = team.id
    expect((await addIcp(deps, { teamId, name: nfd, description: 'cafes with 2 to 10 sites' })).name).toBe(nfc)
    await expect(addIcp(deps, { teamId, name: nfc, description: 'another' })).rejects.toThrow(
      `the team already has an ICP profile named "${nfc}"`,
    )
    expect((await editIcp(deps, { teamId, name: nfd.toUpperCase(), description: 'cafes' })).name).toBe(nfc)
    expect(await removeIcp(deps, { teamId, name: nfd })).toEqual({ removed: nfc })
  })

  test("the scorer's answer names the profile in the other form", () => {
    const profile = (name: string) => ({ name, description: 'cafes', competitors: [] })
    expect(profileNamed(nfc, [profile(nfd)])).toBe(nfd)
    expect(profileNamed(nfd.toLowerCase(), [profile(nfc)])).toBe(nfc)
  })
})
