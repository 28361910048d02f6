import { describe, expect, test } from 'bun:test'
import { candidateIndex } from '../../src/query/candidates'
import { matchesQuery } from '../../src/query/match'
import { parseQuery } from '../../src/query/parse'

const queryOf = (q: string) => {
  const parsed = parseQuery(q)
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error))
  return parsed.query
}
const on = (q: string, content: string) =>
  matchesQuery(queryOf(q), { platform: 'x', author: 'someone', content, url: 'https://x.com/someone/status/1' })

// Arabic and Hebrew leave their short vowels out in most writing and put some in where they like: "شكراً" (thanks,
// with a tanween) and "شكرا" are one word to a reader, as "שָׁלוֹם" with its niqqud and "שלום" are
// (docs/queries.md#words). The tatweel (ـ) only stretches the line between two letters.
// [query, post, whether it matches]
const ARABIC: [string, string, boolean][] = [
  ['شكرا', 'شكراً جزيلاً على نظام CRM', true],
  ['"مفيد جدا"', 'البرنامج مفيد جداً للمبيعات', true],
  ['مُحَمَّد', 'محمد يبحث عن نظام', true],
  ['مرحبا', 'مرحـــبا بالجميع', true],
  ['مرحبا', 'مرحبتان', false],
]
const HEBREW: [string, string, boolean][] = [
  ['שלום', 'שָׁלוֹם לכולם', true],
  ['שָׁלוֹם', 'שלום לכולם', true],
  ['"בית ספר"', 'בֵּית־סֵפֶר', true],
  ['ספר', 'ספרים', false],
]

describe('optional vowel marks and the tatweel do not part a word from itself', () => {
  test('Arabic with and without harakat, tanween, shadda or tatweel, either way round', () => {
    expect(ARABIC.map(([q, text]) => on(q, text))).toEqual(ARABIC.map(([, , matches]) => matches))
  })

  test('Hebrew with and without niqqud; its maqaf still parts two words', () => {
    expect(HEBREW.map(([q, text]) => on(q, text))).toEqual(HEBREW.map(([, , matches]) => matches))
  })

  test('the streams’ index reads the word the same', () => {
    const index = candidateIndex([{ query: queryOf('شكرا') }])
    expect(index.candidates(undefined, 'شكراً لكم')).toHaveLength(1)
  })

  test('accents on Latin letters are still kept (cafe is not café)', () => {
    expect(on('cafe', 'Un café et un CRM')).toBe(false)
  })
})
