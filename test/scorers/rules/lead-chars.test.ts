import { describe, expect, test } from 'bun:test'
import * as buyingCues from '../../../src/scorers/rules/buying-cues'
import * as complaintLists from '../../../src/scorers/rules/complaint'
import type { Cue } from '../../../src/scorers/rules/cue'
import { firstWords } from '../../../src/scorers/rules/first-words'
import * as langCues from '../../../src/scorers/rules/lang-cues'
import { leadChars } from '../../../src/scorers/rules/lead-chars'
import { findCues, firstMatch } from '../../../src/scorers/rules/match'
import * as painCues from '../../../src/scorers/rules/pain-cues'
import * as sellerCues from '../../../src/scorers/rules/seller-cues'
import * as workPainCues from '../../../src/scorers/rules/work-pain-cues'

// docs/scoring.md#performance: a cue scanned on its own (an emoji, a look-behind first) is skipped on a post holding
// none of the characters its match can start with. The characters must be read so that no match is ever skipped.

const leads = (re: RegExp) => leadChars(re)?.sort() ?? null

describe('the characters a match starts with', () => {
  test('literal first characters, through groups, optional pieces and assertions', () => {
    expect(leads(/(?:😭|🙃|🤯)/gi)).toEqual(['\ud83d', '\ud83e'])
    expect(leads(/(?:😡)|(?<=^|\s)(?:>?:-?\(+|-_-|D:)(?=\s|$)/gi)).toEqual(['-', ':', '>', 'D', 'd', '\ud83d'].sort())
    expect(leads(/#\w*(?:sucks|fail)\b|#(?:bad)/gi)).toEqual(['#'])
    expect(leads(/\bx{0,2}[yz]?\?/g)).toEqual(['?', 'x', 'y', 'z'])
    expect(leads(/\?/gi)).toEqual(['?'])
  })

  test('unknown when a piece is not read plainly, or when a match may take nothing', () => {
    for (const re of [/a?/i, /[a-z]x/i, /[^x]/, /\s*x/, /.x/, /\wx/, /(?<n>x)/, /é/i, /x/iu, /x|y*/]) {
      expect(leads(re)).toBeNull()
    }
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
      ' ',
      '\n',
      ':(',
      ':-)',
      '#fail',
      "don't",
      'never',
      '😭',
      '🙂',
      '?',
    ]
    let a = 7
    const next = () => {
      a = (Math.imul(a, 1103515245) + 12345) >>> 0
      return a / 2 ** 32
    }
    expect(scanned.length).toBeGreaterThan(3)
    let skipped = 0
    for (let i = 0; i < 3000; i++) {
      const text = Array.from(
        { length: 2 + Math.floor(next() * 12) },
        () => PIECES[Math.floor(next() * PIECES.length)],
      ).join(next() < 0.5 ? ' ' : '')
      for (const c of scanned) {
        const starts = leadChars(c.re)
        if (starts === null || starts.some((ch) => text.includes(ch))) continue
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
})
