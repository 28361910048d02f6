import { describe, expect, test } from 'bun:test'
import { matchesQuery } from '../../src/query/match'
import { parseQuery } from '../../src/query/parse'
import WORD_RULES from './word-rules.json'

// The rules docs/queries.md#words lists for words people often track, as matching reads them.
const on = (q: string, content: string) => {
  const parsed = parseQuery(q)
  if (!parsed.ok) return parsed.error.expected
  return matchesQuery(parsed.query, {
    platform: 'x',
    author: 'someone',
    content,
    url: 'https://x.com/someone/status/1',
  })
}
// [query, post, what matching answers: whether it matches, or what its error expected]
const RULES = WORD_RULES as [string, string, boolean | string][]

describe('docs/queries.md#words: what words people often track match', () => {
  test('each rule as the docs state it', () => {
    expect(RULES.map(([q, text]) => on(q, text))).toEqual(RULES.map(([, , answer]) => answer))
  })
})
