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

// docs/scoring.md#performance: a cue scanned on its own is skipped on a post holding none of the strings its match can
// start with, a character and the one that must follow it where the source says so ("D:" rather than "D", which
// every post holds). No match may ever be skipped.

const leads = (re: RegExp) => leadStrings(re)?.sort() ?? null

describe('the strings a match starts with', () => {
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
      ...['😭', '🙂', '😡', '\ud83d', '?', '#', 'n', 'not'],
    ]
    let a = 11
    const next = () => {
      a = (Math.imul(a, 1103515245) + 12345) >>> 0
      return a / 2 ** 32
    }
    let skipped = 0
    for (let i = 0; i < 4000; i++) {
      const text = Array.from(
        { length: 2 + Math.floor(next() * 12) },
        () => PIECES[Math.floor(next() * PIECES.length)],
      ).join(next() < 0.5 ? ' ' : '')
      for (const c of scanned) {
        const starts = leadStrings(c.re)
        if (starts === null || starts.some((s) => text.includes(s))) continue
        skipped++
        expect(firstMatch(text, c)).toBeNull()
      }
      for (const cues of LISTS)
        expect(findCues(text, cues)).toEqual(
          cues.flatMap((c) => {
            const m = firstMatch(text, c)
            return m ? [{ what: c.what, text: m[0], w: c.w, index: m.index }] : []
          }),
        )
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
    let a = 5
    const next = () => {
      a = (Math.imul(a, 1103515245) + 12345) >>> 0
      return a / 2 ** 32
    }
    let without = 0
    for (let i = 0; i < 3000; i++) {
      const text = Array.from(
        { length: 2 + Math.floor(next() * 14) },
        () => PIECES[Math.floor(next() * PIECES.length)],
      ).join(' ')
      for (const c of needing) {
        const m = firstMatch(text, c)
        if (m) expect(m[0]).toContain(mustHold(c.re) as string)
        if (!text.includes(mustHold(c.re) as string)) {
          without++
          expect(m).toBeNull()
        }
      }
      expect(findCues(text, needing)).toEqual(
        needing.flatMap((c) => {
          const m = firstMatch(text, c)
          return m ? [{ what: c.what, text: m[0], w: c.w, index: m.index }] : []
        }),
      )
    }
    expect(without).toBeGreaterThan(1000)
  })
})
