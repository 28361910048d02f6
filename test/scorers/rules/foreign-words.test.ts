import { describe, expect, test } from 'bun:test'
import type { Cue } from '../../../src/scorers/rules/cue'
import { foreignWords, mayMatch } from '../../../src/scorers/rules/foreign-words'
import * as langCues from '../../../src/scorers/rules/lang-cues'
import { firstMatch } from '../../../src/scorers/rules/match'
import { piecedTexts } from '../../support/seeded'

// docs/model.md#performance: another language's cue is scanned only in a post whose lower case holds, for one of its
// alternatives, a word every match of it holds. No match may ever be skipped.

const CUES: Cue[] = [
  ...langCues.FOREIGN_ACTIVE,
  ...langCues.FOREIGN_LEAVING,
  ...langCues.FOREIGN_PAIN,
  ...langCues.FOREIGN_QUESTION,
]

/** The cue's words written as a post might: in capitals, capitalised, with the letters that fold to "s" and "k". */
const writings = (word: string) => [
  word,
  word.toUpperCase(),
  word.charAt(0).toUpperCase() + word.slice(1),
  word.replace(/s/g, 'ſ'),
  word.replace(/k/g, '\u212a'),
]

describe('the other languages’ cues, filtered by their words', () => {
  test('each cue has a word for every alternative, read from its source', () => {
    expect(foreignWords(langCues.FOREIGN_ACTIVE[3] as Cue)).toEqual([
      'budget',
      'presupuesto',
      'orçamento',
      'bilancio',
      'preventivo',
      'angebot',
      'devis',
    ])
    // "a\s+mano": the longer word; "(?:op\s+)?zoek": never the optional group's.
    expect(foreignWords(langCues.FOREIGN_PAIN[1] as Cue)).toContain('mano')
    expect(foreignWords(langCues.FOREIGN_ACTIVE[0] as Cue)).toContain('zoek')
    expect(foreignWords(langCues.FOREIGN_ACTIVE[0] as Cue)).not.toContain('op')
    for (const c of CUES) expect(foreignWords(c)).not.toBeNull()
  })

  test('a character the words are written with matches, under Unicode case folding, only what lowers to it, or "ſ"', () => {
    const chars = new Set(CUES.flatMap((c) => foreignWords(c) ?? []).join(''))
    for (const ch of chars) {
      const re = new RegExp(/[\p{L}\p{N}]/u.test(ch) ? ch : `\\${ch}`, 'iu')
      for (let x = 0; x < 0x10000; x++) {
        const s = String.fromCharCode(x)
        if (re.test(s) && s.toLowerCase() !== ch) expect(`${ch} ← ${s}`).toBe(`s ← ſ`)
      }
    }
  })

  test('no post where a cue matches is filtered out', () => {
    const pieces = [...new Set(CUES.flatMap((c) => foreignWords(c) ?? []).flatMap(writings))]
    pieces.push('de', 'la', 'je', 'no', 'a', 'jullie', 'ne', 'pas', 'd’une', "j'en ai", '¿', 'tips?', 'x')
    let matched = 0
    for (const text of piecedTexts(17, pieces, { count: 3000, least: 1, most: 8, joins: [' ', '  ', '\n', ''] }))
      for (const c of CUES) {
        if (firstMatch(text, c) === null) continue
        matched++
        if (!mayMatch(text.toLowerCase(), c)) expect({ text, cue: c.what }).toBeNull()
      }
    expect(matched).toBeGreaterThan(1000)
  })

  test('a post holding none of a cue’s words is not scanned for it', () => {
    expect(mayMatch('wir suchen ein neues crm', langCues.FOREIGN_ACTIVE[0] as Cue)).toBe(true)
    expect(mayMatch('wir haben ein neues crm', langCues.FOREIGN_ACTIVE[0] as Cue)).toBe(false)
    // "ſ" folds to "s" and stays itself in lower case: such a post is always scanned.
    expect(firstMatch('wir ſuchen ein crm', langCues.FOREIGN_ACTIVE[0] as Cue)).not.toBeNull()
    expect(mayMatch('wir ſuchen ein crm', langCues.FOREIGN_ACTIVE[0] as Cue)).toBe(true)
  })
})
