// docs/queries.md: a `*` makes a prefix of a word (`automat*`), only at its end; a phrase takes none. `"导入 crm"*` was
// refused as "expected a word with a letter or a digit" at the `*`, which says nothing of what is wrong; a keyword
// stored so (before queries parsed) reads as its words, the quotes lost. The refusal now says a phrase takes no `*`.
import { expect, test } from 'bun:test'
import { parseQuery } from '../../src/query/parse'

const errorOf = (q: string) => {
  const parsed = parseQuery(q)
  if (parsed.ok) throw new Error(`${q} parsed`)
  return parsed.error
}
const NOT_A_PHRASE = 'a space after the phrase that ends at character'

test('a * right after a phrase is refused at the *, saying a phrase takes none', () => {
  expect(errorOf('"导入 crm"*')).toEqual({
    position: 9,
    expected: `${NOT_A_PHRASE} 8: a * makes a prefix of a word (automat*), and a phrase takes none`,
  })
  expect(errorOf('crm “sales pipeline”*').position).toBe(21)
  expect(errorOf('title:"lead gen"*').expected).toContain('a phrase takes none')
})

test('a * alone is refused as a * with no word before it', () => {
  expect(errorOf('"sales pipeline" *')).toEqual({ position: 18, expected: 'a word before the * (a prefix: automat*)' })
  expect(errorOf('crm *')).toEqual({ position: 5, expected: 'a word before the * (a prefix: automat*)' })
})

test('a prefix and a phrase side by side still parse', () => {
  expect(parseQuery('"sales pipeline" automat*').ok).toBe(true)
})
