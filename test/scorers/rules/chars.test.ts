import { describe, expect, test } from 'bun:test'
import {
  ACCENTED_LETTERS,
  endsSentence,
  holds,
  isAccentedLetter,
  isQuestionMark,
  squeezeSpaces,
} from '../../../src/scorers/rules/chars'
import { piecedTexts } from '../../support/seeded'

// docs/model.md#performance: the judge's character tests read the text in place; each must answer what the
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

const strings = (seed: number, count: number) => piecedTexts(seed, PIECES, { count, least: 0, most: 12, joins: [''] })

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

  test('isAccentedLetter and the character class ACCENTED_LETTERS hold the same UTF-16 units', () => {
    const inClass = new RegExp(`[${ACCENTED_LETTERS}]`)
    const differ: number[] = []
    for (let c = 0; c < 0x10000; c++) if (inClass.test(String.fromCharCode(c)) !== isAccentedLetter(c)) differ.push(c)
    expect(differ).toEqual([])
  })
})
