import { describe, expect, test } from 'bun:test'
import { endsSentence, holds, isQuestionMark, squeezeSpaces } from '../../../src/scorers/rules/chars'

// docs/scoring.md#performance: the judge's character tests read the text in place; each must answer what the
// expression it replaces answers, on strings made of every kind of white space, sentence end and question mark.

const PIECES = [
  'a',
  'Zendesk',
  '.',
  '!',
  '?',
  '？',
  '\n',
  ' ',
  '  ',
  '\t',
  '\r\n',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\ufeff',
  '😡',
  'é',
]

function strings(seed: number, count: number): string[] {
  let a = seed
  const next = () => {
    a = (Math.imul(a, 1103515245) + 12345) >>> 0
    return a / 2 ** 32
  }
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * 12) }, () => PIECES[Math.floor(next() * PIECES.length)]).join(''),
  )
}

describe('character tests in place', () => {
  test('squeezeSpaces is replace(/\\s+/g, " ").trim()', () => {
    for (const s of strings(3, 5000)) expect(squeezeSpaces(s)).toBe(s.replace(/\s+/g, ' ').trim())
  })

  test('holds(…, endsSentence) and holds(…, isQuestionMark) test the slice as [.!?\\n] and [?？] do', () => {
    for (const s of strings(9, 2000))
      for (const [from, to] of [
        [0, 5],
        [2, 9],
        [s.length - 4, s.length],
        [0, s.length + 3],
      ] as const) {
        expect(holds(s, from, to, endsSentence)).toBe(/[.!?\n]/.test(s.slice(Math.max(0, from), to)))
        expect(holds(s, from, to, isQuestionMark)).toBe(/[?？]/.test(s.slice(Math.max(0, from), to)))
      }
  })
})
