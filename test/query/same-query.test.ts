import { expect, test } from 'bun:test'
import { tokenize } from '../../src/query/lexer'
import { parseQuery } from '../../src/query/parse'
import { keywordKey } from '../../src/query/same-query'

// What identifies a tracked keyword (docs/queries.md#matching): its words in any case, but OR, AND and NOT are
// operators only in capitals, so a key that folded them would make two queries one keyword, searched once.
test('the key folds case but not an operator, and spaces as a keyword is tracked', () => {
  expect(keywordKey('CRM Not HubSpot')).toBe('crm not hubspot')
  expect(keywordKey('CRM NOT HubSpot')).toBe('crm NOT hubspot')
  expect(keywordKey('(CRM OR Erp)  AND\tSales ')).toBe('(crm OR erp) AND sales')
  // In a phrase, or as a filter's value, OR is a word.
  expect(keywordKey('"CRM OR ERP" title:OR')).toBe('"crm or erp" title:or')
  // A full-width ＯＲ is OR; İ lower-cases to two characters.
  expect(keywordKey('（CRM ＯＲ ERP）')).toBe('（crm ＯＲ erp）')
  expect(keywordKey('İSTANBUL OR Ankara')).toBe('i\u0307stanbul OR ankara')
  // U+FEFF joins a word (docs/queries.md#words): it is no space.
  expect(keywordKey('CRM\ufeffHub  X')).toBe('crm\ufeffhub x')
  // A keyword stored before queries, which does not parse, is keyed all the same.
  expect(keywordKey('crm OR "erp')).toBe('crm OR "erp')
})

// The lexer decides what is an operator: whatever the key keeps of a query, it reads the same operators in it.
test('the key reads operators where the lexer does', () => {
  const queries = [
    'crm OR erp AND sales NOT hubspot',
    'crm or erp and sales not hubspot',
    'crm NOT(cheap OR free)',
    '(crm OR erp) -(cheap OR free)',
    '"sales OR pipeline" OR crm',
    'crm –hubspot NOT(free)',
    'crm -author:OR OR erp',
    '（crm ＯＲ 顧客管理） －hubspot ＡＮＤ erp',
    'AND-OR crm',
    'Straße OR STRASSE',
  ]
  for (const q of queries) {
    expect(parseQuery(q).ok).toBe(true)
    const kinds = (s: string) => tokenize(s).map((t) => t.type)
    expect(kinds(keywordKey(q))).toEqual(kinds(q))
    expect(keywordKey(keywordKey(q))).toBe(keywordKey(q))
  }
})

// Each keyword's key is made once and kept (docs/performance.md#keys-made-once): a kept key answers only its own
// keyword, spellings that differ in an operator's case keep their own keys, and a keyword asked again after many
// others (the kept keys are let go past a bound) gets the same key as the first time.
test('a key kept for a keyword answers that keyword only, also after many others', () => {
  const spellings = ['CRM NOT HubSpot', 'crm Not hubspot', 'CRM not HUBSPOT', 'crm NOT hubspot ', ' CRM  NOT hubspot']
  const first = spellings.map((k) => keywordKey(k))
  expect(first).toEqual(['crm NOT hubspot', 'crm not hubspot', 'crm not hubspot', 'crm NOT hubspot', 'crm NOT hubspot'])
  for (let n = 0; n < 25_000; n++) expect(keywordKey(`Tool${n} OR Erp${n}`)).toBe(`tool${n} OR erp${n}`)
  expect(spellings.map((k) => keywordKey(k))).toEqual(first)
  expect(spellings.map((k) => keywordKey(k))).toEqual(first)
})
