import { expect, test } from 'bun:test'
import { readQuery } from '../../src/query/parse'
import { mayMatchText } from '../../src/query/match'

// The keyword preview (docs/queries.md#preview) matches a query against up to 2,000 stored posts in the request, and
// a post keeps at most 4,000 characters of its text (FULL_CHARS). A phrase of one CJK character repeated, over posts
// of that character repeated, took the pattern through the whole phrase from each place of each post: 12.7 s for a
// 197-character phrase, with the server answering nothing else meanwhile (docs/performance.md#query-preview).
const phrase = `"${'語'.repeat(196)}本"`
const post = (i: number) => `${'語'.repeat(4000 - String(i).length)}${i}`

test('a phrase of one repeated CJK character over 2,000 posts of it is matched in well under 2 s', () => {
  const query = readQuery(phrase)
  const started = performance.now()
  let matched = 0
  for (let i = 0; i < 2000; i++) if (mayMatchText(query, post(i))) matched++
  const ms = performance.now() - started
  expect(matched).toBe(0)
  expect(ms).toBeLessThan(2000)
})

test('CJK phrases still match across the punctuation and spaces between their words, and only there', () => {
  const q = readQuery(`"${'語'.repeat(3)}本"`)
  expect(mayMatchText(q, `前${'語'.repeat(200)}本後`)).toBe(true)
  expect(mayMatchText(q, '語、語 語。本')).toBe(true)
  expect(mayMatchText(q, '語語語x本')).toBe(false)
  expect(mayMatchText(q, `${'語'.repeat(200)}`)).toBe(false)
  // Mixed and Latin phrases keep their word boundaries and their case rules.
  expect(mayMatchText(readQuery('"CRM 語本"'), 'Our crm, 語本!')).toBe(true)
  expect(mayMatchText(readQuery('"sales pipeline"'), 'Sales-Pipeline review')).toBe(true)
  expect(mayMatchText(readQuery('"sales pipeline"'), 'salespipeline review')).toBe(false)
  expect(mayMatchText(readQuery('"sales pipe"'), 'sales pipeline')).toBe(false)
})
