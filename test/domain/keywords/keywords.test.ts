import { describe, expect, test } from 'bun:test'
import {
  addKeywords,
  cleanKeywords,
  cleanQueries,
  listKeywords,
  removeKeywords,
} from '../../../src/domain/keywords/keywords'
import { AppError } from '../../../src/errors'
import { keywordKey } from '../../../src/query/same-query'
import { seedTeam, testDeps } from '../../support/deps'

// Keywords are one keyword in any case (docs/queries.md#errors), but OR, AND and NOT are operators only in capitals:
// 'crm NOT hubspot' is another query than 'crm not hubspot', so a team may track both, each searched on its own.
describe('addKeywords', () => {
  test('a spelling that differs from a tracked one in an operator is another keyword, tracked beside it', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps, { name: 'acme' })
    await addKeywords(deps, { teamId: team.id, keywords: ['crm not hubspot'] })
    expect(await addKeywords(deps, { teamId: team.id, keywords: ['erp', 'crm NOT hubspot'] })).toEqual({
      added: ['erp', 'crm NOT hubspot'],
      alreadyTracked: [],
    })
    // The same query in other letters is tracked already, as before: each of the two.
    expect(await addKeywords(deps, { teamId: team.id, keywords: ['CRM Not HubSpot', 'Crm NOT HUBSPOT'] })).toEqual({
      added: [],
      alreadyTracked: ['CRM Not HubSpot', 'Crm NOT HUBSPOT'],
    })
    expect((await listKeywords(deps, { teamId: team.id })).sort()).toEqual([
      'crm NOT hubspot',
      'crm not hubspot',
      'erp',
    ])
  })

  test('removing a spelling removes the keyword with its operators, not the one with those words', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps, { name: 'acme' })
    await addKeywords(deps, { teamId: team.id, keywords: ['crm not hubspot'] })
    const refused = await removeKeywords(deps, { teamId: team.id, keywords: ['crm NOT hubspot'] }).catch((e) => e)
    expect(refused).toBeInstanceOf(AppError)
    expect(refused.kind).toBe('not_found')
    expect(await listKeywords(deps, { teamId: team.id })).toEqual(['crm not hubspot'])
    await addKeywords(deps, { teamId: team.id, keywords: ['crm NOT hubspot'] })
    expect(await removeKeywords(deps, { teamId: team.id, keywords: ['Crm Not HubSpot'] })).toEqual(['crm not hubspot'])
    expect(await listKeywords(deps, { teamId: team.id })).toEqual(['crm NOT hubspot'])
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

// One batch is held to what one keyword at a time is: two spellings that differ in an operator ('crm or erp', the
// word or, and 'crm OR erp', either word) are two keywords; two in the same query are one, the first kept.
describe('cleanQueries', () => {
  test('two spellings of a batch that differ in an operator are both kept', async () => {
    expect(cleanQueries(['crm or erp', 'crm OR erp', 'CRM Or ERP', 'CRM OR ERP'])).toEqual(['crm or erp', 'crm OR erp'])
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

  // The keyword quoted in the refusal showed an escape as JSON writes it ("crm\u001b[2J", six characters where one was
  // typed, so "at character N" no longer counted in what was shown) and a direction mark as U+FFFD, as the CLI's
  // failure lines show both: now each is one U+FFFD.
  test('the refused keyword shows each control or direction character as one U+FFFD', () => {
    expect(refusalOf(() => cleanQueries(['crm\u001b[2J\u202eerp'])).message).toBe(
      'keyword "crm\ufffd[2J\ufffderp" at character 4: expected no control or direction character (U+001B): it changes how the keyword shows, not what it matches',
    )
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

// Keywords stored before spacing was evened out keep their spelling (docs/queries.md#spaces), keyed spaced out as
// migration 0023 leaves them: removing one as it is typed now, spaced out, still finds it, and so does its spelling
// as listed, and adding it spaced out says it is tracked already rather than tracking it twice.
test('a keyword stored with a run of spaces is one keyword with its spaced-out spelling', async () => {
  const { deps } = await testDeps()
  const { team } = await seedTeam(deps, { name: 'acme' })
  const stored = (keyword: string) => ({
    id: `kw_${keyword.length}`,
    teamId: team.id,
    keyword,
    keywordLc: keywordKey(keyword),
    createdAt: '2026-11-01T00:00:00.000Z',
  })
  await deps.repos.keywords.add([stored('crm  erp'), stored('sales\tpipeline')])
  expect(await addKeywords(deps, { teamId: team.id, keywords: cleanQueries(['crm erp', 'Sales Pipeline']) })).toEqual({
    added: [],
    alreadyTracked: ['crm erp', 'Sales Pipeline'],
  })
  expect(await removeKeywords(deps, { teamId: team.id, keywords: cleanKeywords(['CRM  erp']) })).toEqual(['crm  erp'])
  expect(await removeKeywords(deps, { teamId: team.id, keywords: ['sales\tpipeline'] })).toEqual(['sales\tpipeline'])
  expect(await listKeywords(deps, { teamId: team.id })).toEqual([])
})

// docs/queries.md#words: 'café' typed with é as one character (NFC, as most keyboards) or as e and a combining accent
// (NFD, as macOS file names and some pasted text) shows the same and matches the same posts, so it is one keyword:
// tracked twice, each pass searched it twice and the list showed it twice, and the one typed the other way could not
// be removed by typing it.
describe('a keyword in either Unicode form', () => {
  const nfc = 'caf\u00e9 crm'
  const nfd = 'cafe\u0301 crm'

  test('is one keyword, kept composed', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps, { name: 'acme' })
    expect(cleanQueries([nfd, nfc])).toEqual([nfc])
    expect(await addKeywords(deps, { teamId: team.id, keywords: cleanQueries([nfd]) })).toEqual({
      added: [nfc],
      alreadyTracked: [],
    })
    expect(await addKeywords(deps, { teamId: team.id, keywords: cleanQueries([nfc.toUpperCase()]) })).toEqual({
      added: [],
      alreadyTracked: [nfc.toUpperCase()],
    })
    expect(await removeKeywords(deps, { teamId: team.id, keywords: [nfd] })).toEqual([nfc])
    expect(await listKeywords(deps, { teamId: team.id })).toEqual([])
  })

  test('one stored decomposed before is found typed composed, and not tracked twice', async () => {
    const { deps } = await testDeps()
    const { team } = await seedTeam(deps, { name: 'acme' })
    await deps.repos.keywords.add([
      {
        id: 'kw_nfd',
        teamId: team.id,
        keyword: nfd,
        keywordLc: keywordKey(nfd),
        createdAt: '2026-11-01T00:00:00.000Z',
      },
    ])
    expect(await addKeywords(deps, { teamId: team.id, keywords: cleanQueries([nfc]) })).toEqual({
      added: [],
      alreadyTracked: [nfc],
    })
    expect(await removeKeywords(deps, { teamId: team.id, keywords: [nfc] })).toEqual([nfd])
  })
})
