// docs/model.md#performance: productNear reads the words of a sentence from their characters; it must answer what
// the expressions it replaced answered, which are kept here as the reference.
import { expect, test } from 'bun:test'
import { endsSentence } from '../../../src/scorers/rules/chars'
import { COMMON_CAPS, GENERIC_NAMES } from '../../../src/scorers/rules/modifiers'
import { type Context, isOurs, readContext } from '../../../src/scorers/rules/caller-context'
import { productNear } from '../../../src/scorers/rules/rivals'
import { isCapitalised, looksLikeProduct, trimTrailing, wordsIn } from '../../../src/scorers/rules/name-shape'
import { piecedTexts } from '../../support/seeded'

const WORD_RE = /[@#]?[A-Za-z][\w.&+'’-]*/g
const SUBJECT_VERB =
  /^\s+(?:is|was|has|keeps|just|won['’]?t|doesn['’]?t|isn['’]?t|can['’]?t|sucks|crashed|broke|charged|lost|never|still)\b/i

/** productNear as it was written with expressions, and the name it names without a possessive ("Foo's" → Foo). */
function byExpressions(text: string, index: number, ctx: Context): string | null {
  let start = index
  while (start > 0 && index - start < 200 && !endsSentence(text.charCodeAt(start - 1))) start--
  let end = index
  while (end < text.length && end - index < 200 && !endsSentence(text.charCodeAt(end))) end++
  const sentence = text.slice(start, end)
  WORD_RE.lastIndex = 0
  let first = true
  for (let m = WORD_RE.exec(sentence); m; m = WORD_RE.exec(sentence), first = false) {
    const w = m[0].replace(/[.'’-]+$/, '')
    const bare = w.replace(/^[@#]/, '').toLowerCase()
    if (isOurs(bare, ctx) || GENERIC_NAMES.has(bare) || COMMON_CAPS.has(bare.replace(/['’]/g, ''))) continue
    const handle = w.startsWith('@')
    const camel = /^[a-z]+[A-Z]|^[A-Z][a-z]+[A-Z]/.test(w) || /\.[a-z]{2,}$/.test(w)
    const capital = /^[A-Z][a-z]/.test(w) && (!first || SUBJECT_VERB.test(sentence.slice(m.index + m[0].length)))
    if (handle || camel || capital) return w.length > 2 ? w.replace(/['’]s$/i, '') : w
  }
  return null
}

// Words of every shape the tests read: capitals inside, domains, handles, tags, signs a word goes on with or ends on.
const PIECES = [
  'HubSpot',
  'hubSpot',
  'Zendesk',
  'zendesk',
  'ZENDESK',
  'acme.io',
  'Acme.io',
  'acme.i',
  'a.bc',
  '@pipedrive',
  '#crm',
  '@',
  '#',
  '@1x',
  'Foo',
  'Foo.',
  "Foo's",
  'Foo’s',
  'Foo-',
  "Foo.'",
  'foo-bar',
  'B2B',
  'SaaS',
  'iPhone',
  'eBay',
  'X',
  'Xy',
  'xY',
  'we',
  'We',
  'The',
  'It',
  'crm',
  'CRM',
  'Crm',
  'our',
  'Monday',
  'keeps',
  'is',
  "won't",
  'won’t',
  'still',
  'sucks',
  'crashing',
  'again',
  '12-person',
  '3rd',
  '_x',
  'a_b',
  'é',
  'Éclair',
  'Foo&Bar',
  'C++',
  'x+y',
  '.',
  '!',
  '?',
  '\n',
  ',',
  '(',
  ')',
  '"',
  '’',
  "'",
  '-',
  '—',
  '  ',
  '\t',
]

test('productNear names the product the expressions named, in sentences of every shape of word', () => {
  const texts = piecedTexts(20, PIECES, { count: 4000, least: 1, most: 40, joins: [' ', '', ' ', '  ', ', '] })
  const contexts = [readContext('crm', undefined), readContext('zendesk', 'We sell Acme, an alternative to HubSpot')]
  let named = 0
  for (const text of texts)
    for (const ctx of contexts)
      for (let index = 0; index < text.length; index += 3) {
        const expected = byExpressions(text, index, ctx)
        expect(productNear(text, index, ctx)).toBe(expected)
        if (expected) named++
      }
  // Both answers are met often: the sentences are not all nameless.
  expect(named).toBeGreaterThan(10_000)
})

test('each test on a word answers what its expression answers', () => {
  for (const w of PIECES.filter((p) => /^[@#]?[A-Za-z]/.test(p))) {
    expect(trimTrailing(w)).toBe(w.replace(/[.'’-]+$/, ''))
    expect(looksLikeProduct(w)).toBe(/^[a-z]+[A-Z]|^[A-Z][a-z]+[A-Z]/.test(w) || /\.[a-z]{2,}$/.test(w))
    expect(isCapitalised(w)).toBe(/^[A-Z][a-z]/.test(w))
  }
  const text = 'x @@foo #1 @Bar-baz. Qux&co’s 9lives a_b'
  const at: number[] = []
  const n = wordsIn(text, 2, text.length - 3, at)
  const expected = [...text.slice(2, text.length - 3).matchAll(new RegExp(WORD_RE.source, 'g'))].map((m) => [
    m.index + 2,
    m.index + 2 + m[0].length,
  ])
  expect(Array.from({ length: n }, (_, k) => [at[2 * k], at[2 * k + 1]])).toEqual(expected)
})
