import { describe, expect, test } from 'bun:test'
import {
  addKeywords,
  cleanKeywords,
  cleanQueries,
  listKeywords,
  removeKeywords,
} from '../../../src/domain/keywords/keywords'
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

  // docs/queries.md#spaces: spaces are separators, so copies that differ only in spacing are one keyword.
  test('runs of spaces, tabs and line breaks are one space, inside phrases too', () => {
    expect(cleanQueries([' crm\t\terp ', 'crm erp', 'crm \u3000 ERP'])).toEqual(['crm erp'])
    expect(cleanQueries(['"sales\n  pipeline"  -hubspot'])).toEqual(['"sales pipeline" -hubspot'])
  })

  test('a control or direction character is refused where it was typed', () => {
    const refused = refusalOf(() => cleanQueries(['crm \u202eerp']))
    expect(refused.kind).toBe('invalid_request')
    expect(refused.message).toContain('at character 5: expected no control or direction character (U+202E)')
    expect(refusalOf(() => cleanQueries(['"crm\u0000"'])).message).toContain('at character 5')
  })

  // Positions count in what was typed, leading spaces and runs of spaces included, as the keyword is quoted.
  test('an error position points into the keyword as typed', () => {
    expect(refusalOf(() => cleanQueries(['   crm OR'])).message).toBe(
      'keyword "   crm OR" at character 10: expected a word, a "phrase", a filter or ( after OR (at 8)',
    )
    expect(refusalOf(() => cleanQueries(['  crm    (erp'])).message).toContain(
      'at character 14: expected ) to close the ( at character 10',
    )
  })
})

// Keywords stored before spacing was evened out keep their spelling (docs/queries.md#spaces); removing one as it is
// typed now, spaced out, still finds it, and so does its spelling as listed.
test('a keyword stored with a run of spaces is removed as typed either way', async () => {
  const { deps } = await testDeps()
  const { team } = await seedTeam(deps, { name: 'acme' })
  const stored = (keyword: string) => ({
    id: `kw_${keyword.length}`,
    teamId: team.id,
    keyword,
    keywordLc: keyword.toLowerCase(),
    createdAt: '2026-11-01T00:00:00.000Z',
  })
  await deps.repos.keywords.add([stored('crm  erp'), stored('sales\tpipeline')])
  expect(await removeKeywords(deps, { teamId: team.id, keywords: cleanKeywords(['CRM  erp']) })).toEqual(['crm  erp'])
  expect(await removeKeywords(deps, { teamId: team.id, keywords: ['sales\tpipeline'] })).toEqual(['sales\tpipeline'])
  expect(await listKeywords(deps, { teamId: team.id })).toEqual([])
})
