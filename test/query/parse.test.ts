import { describe, expect, test } from 'bun:test'
import { parseQuery, QUERY_LIMITS, readQuery } from '../../src/query/parse'
import { DETECTED_LANGUAGES } from '../../src/query/languages'

const errorOf = (q: string) => {
  const r = parseQuery(q)
  if (r.ok) throw new Error(`${q} parsed`)
  return r.error
}
const rootOf = (q: string) => {
  const r = parseQuery(q)
  if (!r.ok) throw new Error(`${q}: ${JSON.stringify(r.error)}`)
  return r.query.root
}

describe('parseQuery', () => {
  test('words, phrases, OR, parentheses, exclusions, prefixes and filters', () => {
    expect(rootOf('crm')).toMatchObject({ kind: 'term', text: 'crm', words: ['crm'] })
    expect(rootOf('"Sales Pipeline" (crm OR erp) -hubspot NOT title:cheap platform:reddit')).toMatchObject({
      kind: 'and',
      items: [
        { kind: 'term', phrase: true, words: ['sales', 'pipeline'] },
        { kind: 'or', items: [{ words: ['crm'] }, { words: ['erp'] }] },
        { kind: 'not', item: { words: ['hubspot'] } },
        { kind: 'not', item: { kind: 'term', inTitle: true, words: ['cheap'] } },
        { kind: 'filter', field: 'platform', value: 'reddit' },
      ],
    })
    expect(rootOf('automat*')).toMatchObject({ prefix: true, words: ['automat'] })
    // A Chinese or Japanese keyboard types full-width ( ) " - : and letters: the same query as their ASCII forms,
    // not words that silently change its meaning ("（crm" was the word crm, leaving OR ungrouped).
    expect(rootOf('（crm OR 顧客管理） 導入 －hubspot ＯＲ ｓｉｔｅ：ｓａｌｅｓ ＂sales pipeline＂')).toEqual(
      rootOf('(crm OR 顧客管理) 導入 -hubspot OR site:sales "sales pipeline"'),
    )
    expect(errorOf('（crm OR erp')).toEqual(errorOf('(crm OR erp'))
    // A word processor or a phone's smart punctuation turns the hyphen before a word into an en dash or a minus
    // sign: still an exclusion there, and still part of the word inside one ("2019–2020").
    expect(rootOf('crm –hubspot (erp −"sap one")')).toEqual(rootOf('crm -hubspot (erp -"sap one")'))
    expect(rootOf('crm 2019–2020')).toMatchObject({ items: [{ text: 'crm' }, { kind: 'term', text: '2019–2020' }] })
    expect(rootOf('crm subreddit:SaaS -author:@Bob lang:DE type:comment site:https://www.Example.com/')).toMatchObject({
      items: [
        {},
        { field: 'site', value: 'r/saas' },
        { kind: 'not', item: { field: 'author', value: 'bob' } },
        { field: 'lang', value: 'de' },
        { field: 'type', value: 'comment' },
        { field: 'site', value: 'example.com' },
      ],
    })
    expect(rootOf('title:"buying guide"')).toMatchObject({ inTitle: true, phrase: true, words: ['buying', 'guide'] })
    // A hyphen inside a word and a name that is no filter stay words; lower-case or is a word.
    expect(rootOf('follow-up')).toMatchObject({ kind: 'term', words: ['follow', 'up'] })
    expect(rootOf('http://x.io')).toMatchObject({ kind: 'term', words: ['http', 'x', 'io'] })
    expect(rootOf('this or that')).toMatchObject({ kind: 'and', items: [{}, { words: ['or'] }, {}] })
  })

  test('the languages lang: takes are those the detector answers', async () => {
    const { eld } = await import('eld/extrasmall')
    expect([...DETECTED_LANGUAGES]).toEqual(Object.values(eld.info().Languages).sort())
  })

  test('an invalid query names the position and what was expected', () => {
    expect(errorOf('crm OR')).toEqual({ position: 7, expected: 'a word, a "phrase", a filter or ( after OR (at 5)' })
    expect(errorOf('(crm erp')).toEqual({ position: 9, expected: ') to close the ( at character 1' })
    expect(errorOf('crm)')).toEqual({ position: 4, expected: 'no ) here: it closes no (' })
    expect(errorOf('"sales pipeline')).toEqual({ position: 1, expected: 'a closing " for the phrase opened here' })
    expect(errorOf('crm lang:english')).toEqual({
      position: 10,
      expected: 'a two-letter language code (ISO 639-1) such as en or de',
    })
    // Swahili is a language, but not one the detector tells apart: such a filter could never match.
    expect(errorOf('crm lang:sw')).toEqual({
      position: 10,
      expected: `a language the detector tells apart: ${DETECTED_LANGUAGES.join(', ')}`,
    })
    expect(errorOf('crm type:thread').position).toBe(10)
    expect(errorOf('crm platform:myspace').expected).toStartWith('a platform: twitter, reddit')
    // The earlier route's own networks are never polled: a keyword limited to one would never find a signal.
    expect(errorOf('crm platform:news').expected).toContain('searched only by the earlier route')
    expect(errorOf('crm platform:myspace').expected).not.toContain('indiehacker')
    expect(errorOf('crm site: x')).toEqual({ position: 10, expected: 'a value after site:' })
    // A page path can never match: a post's community is its subreddit, repository or host.
    expect(errorOf('crm site:https://TechCrunch.com/2024/')).toEqual({
      position: 10,
      expected: 'a community or a domain without a path: site:techcrunch.com',
    })
    expect(rootOf('crm site:acme/app.js')).toMatchObject({ items: [{}, { field: 'site', value: 'acme/app.js' }] })
    expect(errorOf('cr*m')).toEqual({ position: 3, expected: 'a * only at the end of a word (a prefix)' })
    expect(errorOf('-hubspot')).toMatchObject({ position: 1 })
    expect(errorOf('crm OR -hubspot').position).toBe(8)
    expect(errorOf('platform:reddit').expected).toContain('a word or "phrase" to search for')
    expect(errorOf('crm --x')).toMatchObject({ position: 6 })
    expect(errorOf('+++')).toEqual({ position: 1, expected: 'a word with a letter or a digit' })
    expect(errorOf('   ')).toMatchObject({ position: 1 })
  })

  // A phrase cannot hold a ": 'the "best" crm' in quotes would otherwise be the phrase "the ", the word best and the
  // phrase " crm", silently another query than the one meant (docs/queries.md#syntax).
  test('a quote inside a phrase is refused where the phrase it closed ends', () => {
    const inside = 'a space after the phrase that ends at character 6 (a phrase cannot hold a ")'
    expect(errorOf('"the "best" crm"')).toEqual({ position: 7, expected: inside })
    expect(errorOf('crm "a""b"')).toEqual({ position: 8, expected: expect.stringContaining('ends at character 7') })
    expect(errorOf('“sales “pipeline” tool”')).toMatchObject({ position: 9 })
    // Side by side with a space, or closed by ( ) and an exclusion, phrases are as before.
    expect(rootOf('"a" "b"')).toMatchObject({ kind: 'and', items: [{ words: ['a'] }, { words: ['b'] }] })
    expect(rootOf('("crm tool")')).toMatchObject({ kind: 'term', words: ['crm', 'tool'], phrase: true })
    expect(rootOf('"crm tool"-hubspot')).toMatchObject({ kind: 'and', items: [{ phrase: true }, { kind: 'not' }] })
  })

  test('limits on length, depth and terms', () => {
    expect(errorOf('a'.repeat(QUERY_LIMITS.length + 1))).toMatchObject({ position: 201 })
    expect(parseQuery('a'.repeat(QUERY_LIMITS.length)).ok).toBe(true)
    expect(errorOf('((((((crm))))))')).toMatchObject({ position: 6, expected: 'at most 5 levels of ( )' })
    expect(parseQuery('(((((crm)))))').ok).toBe(true)
    const words = Array.from({ length: 21 }, (_, i) => `w${i}`).join(' ')
    expect(errorOf(words)).toMatchObject({ position: 71, expected: 'at most 20 words, phrases and filters' })
  })

  // docs/queries.md#spaces: spacing is no part of a query, so it counts against no limit, and positions stay those
  // of the query as written.
  test('spaces count against no limit; control and direction characters are refused where they are', () => {
    expect(parseQuery(`  ${'a'.repeat(QUERY_LIMITS.length)}\t`).ok).toBe(true)
    expect(errorOf(`crm${'  '.repeat(100)}${'b'.repeat(197)}`)).toMatchObject({ position: 400 })
    expect(errorOf('crm \u202eerp')).toEqual({
      position: 5,
      expected: 'no control or direction character (U+202E): it changes how the keyword shows, not what it matches',
    })
    expect(errorOf('"crm \u2066erp"').position).toBe(6)
    expect(errorOf('crm\u0007').position).toBe(4)
    // A keyword tracked before they were refused is read as it always was, its exclusion kept.
    expect(readQuery('crm -hubspot\u200e').root).toMatchObject({ kind: 'and', items: [{}, { kind: 'not' }] })
  })

  test('a stored keyword that does not parse is read as its words', () => {
    expect(readQuery('"crm tool').root).toMatchObject({ kind: 'and', items: [{ words: ['crm'] }, { words: ['tool'] }] })
    expect(readQuery('"+++').root).toEqual({ kind: 'or', at: 1, items: [] })
  })
})

// docs/queries.md#words: a zero-width no-break space (U+FEFF) inside a word shows nothing and joins it, as the keyword
// is tracked with it (docs/queries.md#spaces); JavaScript's \s counts it a space, which split `crm` + U+FEFF + `hub`
// into the words crm and hub, matching posts that say neither crmhub nor "crm hub".
test('a zero-width no-break space inside a word joins it, and a - before it excludes the word', () => {
  expect(rootOf('crm\ufeffhub')).toMatchObject({ kind: 'term', words: ['crmhub'] })
  expect(rootOf('erp -\ufeffhubspot')).toMatchObject({
    kind: 'and',
    items: [{ text: 'erp' }, { kind: 'not', item: { words: ['hubspot'] } }],
  })
  expect(rootOf('crm\ufeff OR erp')).toMatchObject({ kind: 'or', items: [{ words: ['crm'] }, { words: ['erp'] }] })
})
