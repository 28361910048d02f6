import { describe, expect, test } from 'bun:test'
import { isNegated } from '../../../src/scorers/rules/negation'

/**
 * The rule as the scorer once wrote it, an expression run on the 32 characters before the cue: the reference the
 * hand-written scan must agree with.
 */
const AS_EXPRESSION =
  /(?:\b(?:not|never|no|nor|without|hardly|barely|stopped|(?:do|does|did|is|are|was|were|wo|ca|could|would|should|have|has|had|ai)n[’']?t|cannot)\s+(?:[\w’']+\s+){0,2})$/i
const byExpression = (text: string, index: number) => AS_EXPRESSION.test(text.slice(Math.max(0, index - 32), index))

// Pieces that make the rule's edges: forms in every case, words glued to forms, apostrophes, punctuation, white space
// of every kind, characters that other case rules fold to ASCII letters (long s, Kelvin sign).
const PIECES = [
  'not',
  'NOT',
  'Not',
  'never',
  'no',
  'nor',
  "don't",
  'don’t',
  'dont',
  'DON’T',
  'cannot',
  'can',
  "can't",
  'won’t',
  "isn't",
  'aint',
  "ain't",
  'wasnt',
  'stopped',
  'hardly',
  'without',
  'barely',
  'xnot',
  '’not',
  '_not',
  'not_',
  '9not',
  'we',
  'are',
  'really',
  'looking',
  'for',
  "it's",
  'do',
  'n',
  't',
  "'",
  '’',
  ' ',
  '  ',
  '\n',
  '\t',
  '\u00a0',
  '\u2003',
  '\u3000',
  ',',
  '.',
  '-',
  'ſ',
  '\u212a',
  'é',
  '😀',
]

function randomText(random: () => number): string {
  let text = ''
  const pieces = 1 + Math.floor(random() * 12)
  for (let p = 0; p < pieces; p++) text += PIECES[Math.floor(random() * PIECES.length)]
  return `${text} `
}

/** A small seeded generator, so that a failure can be run again. */
function seeded(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

describe('negation before a cue', () => {
  test('reads phrases as the rule says', () => {
    expect(isNegated('we are not looking for', 'we are not '.length)).toBe(true)
    expect(isNegated("we don't really need a", "we don't really ".length)).toBe(true)
    expect(isNegated('we NEVER even once looked for', 'we NEVER even once '.length)).toBe(true)
    expect(isNegated('we NEVER even once again looked for', 'we NEVER even once again '.length)).toBe(false)
    expect(isNegated('not sure which one. any recommendations', 'not sure which one. '.length)).toBe(false)
    expect(isNegated('knot looking for', 'knot '.length)).toBe(false)
    expect(
      isNegated('a very long opening sentence, then not looking', 'a very long opening sentence, then not '.length),
    ).toBe(true)
    expect(isNegated('not', 3)).toBe(false)
  })

  test('agrees with the expression on 200,000 generated texts, at every place', () => {
    const random = seeded(20261127)
    let disagreements = 0
    let negated = 0
    for (let i = 0; i < 200_000; i++) {
      const text = randomText(random)
      const index = random() < 0.7 ? text.length : Math.floor(random() * (text.length + 1))
      const expected = byExpression(text, index)
      if (expected) negated++
      if (isNegated(text, index) !== expected) disagreements++
    }
    expect(disagreements).toBe(0)
    // The texts reach both answers often enough for the comparison to mean something.
    expect(negated).toBeGreaterThan(20_000)
    expect(negated).toBeLessThan(180_000)
  })

  test('agrees where the 32-character window cuts a word or a form', () => {
    const random = seeded(7)
    for (let i = 0; i < 20_000; i++) {
      const text = `${'x'.repeat(Math.floor(random() * 40))} ${randomText(random)}`
      expect(isNegated(text, text.length)).toBe(byExpression(text, text.length))
    }
  })
})
