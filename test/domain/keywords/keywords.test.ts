import { describe, expect, test } from 'bun:test'
import { addKeywords, listKeywords, removeKeywords } from '../../../src/domain/keywords/keywords'
import { AppError } from '../../../src/errors'
import { seedTeam, testDeps } from '../../support/deps'

// Keywords are one keyword in any case (docs/queries.md), but OR, AND and NOT are operators only in capitals:
// 'crm NOT hubspot' is not the tracked 'crm not hubspot', and saying it is tracked would leave the team believing
// its exclusion is in place.
describe('addKeywords', () => {
  test('a spelling that differs from a tracked one only in an operator is refused, naming both', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps, { name: 'acme' })
    await addKeywords(deps, { teamId: team.id, keywords: ['crm not hubspot'] })
    const refused = await addKeywords(deps, { teamId: team.id, keywords: ['erp', 'crm NOT hubspot'] }).catch((e) => e)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused.kind).toBe('invalid_request')
    expect(refused.message).toContain('"crm NOT hubspot"')
    expect(refused.message).toContain('"crm not hubspot"')
    expect(refused.extra.details).toEqual([{ field: 'keyword', message: expect.stringContaining('remove') }])
    expect(await listKeywords(deps, { teamId: team.id })).toEqual(['crm not hubspot'])
    // The same query in other letters is tracked already, as before.
    expect(await addKeywords(deps, { teamId: team.id, keywords: ['CRM Not HubSpot'] })).toEqual({
      added: [],
      alreadyTracked: ['CRM Not HubSpot'],
    })
  })

  test('removing a spelling that differs from the tracked one in an operator removes nothing', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps, { name: 'acme' })
    await addKeywords(deps, { teamId: team.id, keywords: ['crm not hubspot'] })
    const refused = await removeKeywords(deps, { teamId: team.id, keywords: ['crm NOT hubspot'] }).catch((e) => e)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused.kind).toBe('not_found')
    expect(await listKeywords(deps, { teamId: team.id })).toEqual(['crm not hubspot'])
    expect(await removeKeywords(deps, { teamId: team.id, keywords: ['Crm Not HubSpot'] })).toEqual(['crm not hubspot'])
  })
})
