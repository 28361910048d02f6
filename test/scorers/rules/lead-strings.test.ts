import { describe, expect, test } from 'bun:test'
import * as buyingCues from '../../../src/scorers/rules/buying-cues'
import * as complaintLists from '../../../src/scorers/rules/complaint'
import type { Cue } from '../../../src/scorers/rules/cue'
import { firstWords } from '../../../src/scorers/rules/first-words'
import * as langCues from '../../../src/scorers/rules/lang-cues'
import { leadStrings, mustHold } from '../../../src/scorers/rules/lead-chars'
import { findCues, firstMatch } from '../../../src/scorers/rules/match'
import * as painCues from '../../../src/scorers/rules/pain-cues'
import * as sellerCues from '../../../src/scorers/rules/seller-cues'
import * as workPainCues from '../../../src/scorers/rules/work-pain-cues'
import { piecedTexts } from '../../support/seeded'
import { oneByOne } from './one-by-one'

// docs/model.md#performance: a cue scanned on its own is skipped on a post holding none of the strings its match can
// start with, a character and the one that must follow it where the source says so ("D:" rather than "D", which
// every post holds). No match may ever be skipped.

const leads = (re: RegExp) => leadStrings(re)?.sort() ?? null

/** The characters (UTF-16 units) a match can start with: the first ones of its strings. */
const firstChars = (re: RegExp) => {
  const strings = leadStrings(re)
  return strings && [...new Set(strings.map((l) => l.charAt(0)))].sort()
}

describe('the strings a match starts with', () => {
  test('their first characters: literal ones, through groups, optional pieces and assertions', () => {
    expect(firstChars(/(?:😭|🙃|🤯)/gi)).toEqual(['\ud83d', '\ud83e'])
    expect(firstChars(/(?:😡)|(?<=^|\s)(?:>?:-?\(+|-_-|D:)(?=\s|$)/gi)).toEqual(
      ['-', ':', '>', 'D', 'd', '\ud83d'].sort(),
    )
    expect(firstChars(/#\w*(?:sucks|fail)\b|#(?:bad)/gi)).toEqual(['#'])
    expect(firstChars(/\bx{0,2}[yz]?\?/g)).toEqual(['?', 'x', 'y', 'z'])
    expect(firstChars(/\?/gi)).toEqual(['?'])
  })

  test('unknown when a piece is not read plainly, or when a match may take nothing', () => {
    for (const re of [/a?/i, /[a-z]x/i, /[^x]/, /\s*x/, /.x/, /\wx/, /(?<n>x)/, /é/i, /x/iu, /x|y*/]) {
      expect(leads(re)).toBeNull()
    }
  })

  test('a character and the one that must follow it, through optional pieces, groups and case', () => {
    expect(leads(/(?:😡)|(?<=^|\s)(?:>?:-?\(+|-_-|D:)(?=\s|$)/gi)).toEqual(['-_', ':', '>:', 'D:', 'd:', '😡'].sort())
    expect(leads(/ab|c?d|e+f|g*h|ij?|k{2}l|m\bn/g)).toEqual(['ab', 'cd', 'd', 'e', 'g', 'h', 'i', 'k', 'm'].sort())
    expect(leads(/x(?:y|z)|\?$/g)).toEqual(['?', 'x'])
  })

  const listsIn = (module: Record<string, unknown>) =>
    Object.values(module).flatMap((v) => (Array.isArray(v) ? [v] : v && typeof v === 'object' ? Object.values(v) : []))
  const LISTS = [buyingCues, painCues, complaintLists, sellerCues, workPainCues, langCues]
    .flatMap((m) => listsIn(m))
    .filter((v): v is Cue[] => Array.isArray(v) && v.length > 0 && v.every((c) => c && c.re instanceof RegExp))
  const scanned = LISTS.flat().filter((c) => firstWords(c.re.source) === null)

  test('a post without any of them holds no match (every cue scanned on its own, posts of their own pieces)', () => {
    const PIECES = [
      ...new Set(scanned.flatMap((c) => [...(c.re.source.match(/[^\\()[\]|?*+{}]{1,3}/gu) ?? [])])),
      ...[' ', '\n', ':', ':(', ':-(', '>:(', ':/', 'D', 'D:', 'd:', '-', '-_-', '>', '<p>', '-_', "don't", 'never'],
      ...['😭', '🙂', '😡', '\ud83d', '?', '#', 'n', 'not', ':-)', '#fail'],
    ]
    let skipped = 0
    for (const text of piecedTexts(11, PIECES, { count: 4000, least: 2, most: 14, joins: [' ', ''] })) {
      for (const c of scanned) {
        const starts = leadStrings(c.re)
        if (starts === null || starts.some((s) => text.includes(s))) continue
        skipped++
        expect(firstMatch(text, c)).toBeNull()
      }
      for (const cues of LISTS) expect(findCues(text, cues)).toEqual(oneByOne(text, cues))
    }
    expect(skipped).toBeGreaterThan(1000)
  })

  test('the sign every match holds: a literal one outside groups, taken at least once by every alternative', () => {
    for (const [re, sign] of [
      [/a\?b/, '?'],
      [/a\??b/, null],
      [/x|y\?/, null],
      [/(?:a\?)b\?/, '?'],
      [/a\?{0,2}/, null],
      [/a[?]b\?+c/, '?'],
      [/\$\d+|\d+\$/, '$'],
      [/abc/i, null],
    ] as const)
      expect(mustHold(re)).toBe(sign)
  })

  test('a post without the sign a cue needs holds no match of it (every cue that needs one, written posts)', () => {
    const needing = LISTS.flat().filter((c) => mustHold(c.re) !== null)
    expect(needing.length).toBeGreaterThan(3)
    const PIECES = [
      ...['do', 'is', 'why', 'does', 'this', 'work', 'it', 'ever', 'sucks', '#fail', '#', 'fail', '5/5', '4 / 5', '5'],
      ...[' ', '. ', '\n', '?', '!', '/', ':'],
    ]
    let without = 0
    for (const text of piecedTexts(5, PIECES, { count: 3000, least: 2, most: 16, joins: [' '] })) {
      for (const c of needing) {
        const m = firstMatch(text, c)
        if (m) expect(m[0]).toContain(mustHold(c.re) as string)
        if (!text.includes(mustHold(c.re) as string)) {
          without++
          expect(m).toBeNull()
        }
      }
      expect(findCues(text, needing)).toEqual(oneByOne(text, needing))
    }
    expect(without).toBeGreaterThan(1000)
  })
})
