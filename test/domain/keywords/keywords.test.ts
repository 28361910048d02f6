import { describe, expect, test } from 'bun:test'
import { addKeywords, cleanQueries, listKeywords, removeKeywords } from '../../../src/domain/keywords/keywords'
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

const refusalOf = (run: () => unknown): AppError => {
  try {
    run()
  } catch (err) {
    if (err instanceof AppError) return err
    throw err
  }
  throw new Error('not refused')
}

// One batch is held to what one keyword at a time is: two spellings in the same letters that are two queries
// ('crm or erp', the word or, and 'crm OR erp', either word) can never both be tracked, and keeping the first
// silently left the team without the query it meant by the second.
describe('cleanQueries', () => {
  test('two spellings of a batch that differ in an operator are refused, naming both', async () => {
    const refused = refusalOf(() => cleanQueries(['crm or erp', 'crm OR erp']))
    expect(refused.kind).toBe('invalid_request')
    expect(refused.message).toContain('"crm or erp"')
    expect(refused.message).toContain('"crm OR erp"')
    expect(refused.extra?.details).toEqual([{ field: 'keyword', message: expect.stringContaining('operators') }])
    // The same query in other letters is still one keyword, the first spelling kept.
    expect(cleanQueries(['crm or erp', 'CRM Or ERP'])).toEqual(['crm or erp'])
  })
})
