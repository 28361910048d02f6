import { describe, expect, test } from 'bun:test'
import * as buyingCues from '../../../src/scorers/rules/buying-cues'
import * as complaintLists from '../../../src/scorers/rules/complaint'
import type { Cue } from '../../../src/scorers/rules/cue'
import { firstWords } from '../../../src/scorers/rules/first-words'
import { findCues, firstMatch, isCancelled, startsSentence } from '../../../src/scorers/rules/match'
import { findCueGroups } from '../../support/cue-groups'
import { sentenceEnds } from '../../../src/scorers/rules/lead-chars'
import * as painCues from '../../../src/scorers/rules/pain-cues'
import * as sellerCues from '../../../src/scorers/rules/seller-cues'
import * as workPainCues from '../../../src/scorers/rules/work-pain-cues'
import { seeded } from '../../support/seeded'
import { oneByOne } from './one-by-one'

// docs/model.md#performance: the cue lists are read in one pass over a post's word starts, each cue tried only where
// one of its own starts (first-words.ts) is met. It must find exactly what scanning the post with each cue on its own
// finds, and exactly what trying each cue at every word start finds (the scan before the tree of starts).

const listsIn = (module: Record<string, unknown>) =>
  Object.values(module).filter((v): v is Cue[] => Array.isArray(v) && v.every((c) => c && c.re instanceof RegExp))
const LISTS = [buyingCues, painCues, complaintLists, sellerCues, workPainCues].flatMap((m) => listsIn(m))

/** Each keyed cue anchored (`y` flag); null for one scanned on its own. */
const anchored = new Map(
  LISTS.flat().map((c) => [c, firstWords(c.re.source) && new RegExp(c.re.source, `${c.re.flags.replace('g', '')}y`)]),
)
/** Each cue tried, anchored, at every place a word starts (`\b\w`): the scan before the tree of starts. */
const atEveryWord = (text: string, cues: readonly Cue[]) =>
  cues.flatMap((c) => {
    let m: RegExpExecArray | null = null
    const re = anchored.get(c)
    if (!re) m = firstMatch(text, c)
    else {
      for (const word of text.matchAll(/\b\w/g)) {
        re.lastIndex = word.index
        m = re.exec(text)
        if (m && !isCancelled(text, c, m)) break
        m = null
      }
    }
    return m ? [{ what: c.what, text: m[0], w: c.w, index: m.index }] : []
  })

// Posts made of the cues' own words, punctuation and negations, in random order: the likeliest to make a cue match
// somewhere the index would not try it.
const WORDS = [
  ...new Set(LISTS.flatMap((cues) => cues.flatMap((c) => c.re.source.match(/[a-z]{2,}/gi) ?? []))),
  "don't",
  'not',
  'never',
  '3',
  '40%',
  '2/5',
  '?',
  '!',
  '.',
  '\n',
  '😡',
  ':(',
  'I',
  'we',
  'MY',
]
function randomPost(next: () => number): string {
  const n = 5 + Math.floor(next() * 40)
  return Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]).join(next() < 0.8 ? ' ' : ', ')
}

// The cues' own starts (first-words.ts), their white space written each way `\s` reads it, in any case, between cue
// words: posts where the tree of starts is walked deep and where most cues match or nearly do.
const STARTS = [
  ...new Set(LISTS.flatMap((cues) => cues.flatMap((c) => firstWords(c.re.source) ?? [])).map((s) => s.text)),
]
const SPACES = [' ', '  ', '\t', '\n', '\r\n', '\u00a0', ' \u2003', '\u3000']
const GLUE = [' ', ' ', ', ', '. ', '? ', '_', '-', "'", '’']
function startsPost(next: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T
  const parts: string[] = []
  for (let i = 0, n = 3 + Math.floor(next() * 12); i < n; i++) {
    const start = pick(STARTS).replace(/ /g, () => pick(SPACES))
    const r = next()
    parts.push(r < 0.2 ? start.toUpperCase() : r < 0.4 ? start.charAt(0).toUpperCase() + start.slice(1) : start)
    parts.push(pick(WORDS))
  }
  return parts.map((p) => p + pick(GLUE)).join('')
}

describe('the word index', () => {
  const written = [
    'We are not looking for a consultant. We are looking for a tool that does invoicing, any recommendations?',
    "It never worked again after the update, I'm so done with this app 😡 3 days and still no reply",
    'Shortlisting helpdesk tools for our 12 agents: Zendesk vs Freshdesk? Budget is approved, must-haves below.',
    "Every Friday I chase the team for timesheets by hand, it's chaos. Not sure we're renewing our plan.",
    '2/5 - the quote went from $20 to $90 and support ignored me, 40% churn rate since',
    'Launch HN: we are building a tiny CRM. Here’s how it works; PSA: read the changelog',
  ]

  test('finds, list by list, what each cue finds on its own (written posts)', () => {
    for (const text of written) for (const cues of LISTS) expect(findCues(text, cues)).toEqual(oneByOne(text, cues))
  })

  test('finds, list by list, what each cue finds on its own (2,000 posts made of the cues’ own words)', () => {
    const next = seeded(2026)
    for (let i = 0; i < 2000; i++) {
      const text = randomPost(next)
      for (const cues of LISTS) expect(findCues(text, cues)).toEqual(oneByOne(text, cues))
    }
  })

  test('finds, list by list, what trying each cue at every word start finds (1,500 posts made of the cues’ starts)', () => {
    const next = seeded(20)
    for (let i = 0; i < 1500; i++) {
      const text = startsPost(next)
      for (const cues of LISTS) expect(findCues(text, cues)).toEqual(atEveryWord(text, cues))
    }
  })

  // The walk writes down where to try cues in a buffer of about a thousand places and goes on where it stopped when the
  // buffer is full (word-index.ts): posts of the cues' starts long enough to fill it several times.
  test('finds what trying each cue at every word start finds in posts that fill the walk’s buffer', () => {
    const next = seeded(7)
    const all = LISTS.flat()
    for (let i = 0; i < 4; i++) {
      const text = Array.from({ length: 150 }, () => startsPost(next)).join(' ')
      expect(text.length).toBeGreaterThan(20_000)
      expect(findCues(text, all)).toEqual(atEveryWord(text, all))
    }
  })

  test('several lists read in one pass give each list its own hits', () => {
    const groups = LISTS.slice(0, 4)
    for (const text of written) expect(findCueGroups(text, groups)).toEqual(groups.map((cues) => oneByOne(text, cues)))
  })

  // A cue written to start a sentence is tried only where one starts (match.ts startsSentence), without its expression.
  test('tells a sentence start exactly as the cues’ own look-behind does (20,000 places)', () => {
    const next = seeded(31)
    const pieces = ['a', 'Is', ' ', '  ', '\n', '\t', '\u00a0', '.', '!', '?', ':', ',', ';', 'x.', '\u3000']
    for (const ends of ['.!?:\n', '.!?\n']) {
      const cls = ends.replace('\n', '\\n')
      const re = new RegExp(`\\b(?<=(?:^|[${cls}])\\s*)is\\b`, 'giy')
      expect(sentenceEnds(re)).toBe(ends)
      for (let i = 0; i < 10_000; i++) {
        const before = Array.from({ length: Math.floor(next() * 6) }, () => pieces[Math.floor(next() * pieces.length)])
        const text = `${before.join('')}is it`
        const at = text.length - 5
        re.lastIndex = at
        if (!/\w/.test(text.charAt(at - 1))) expect(startsSentence(text, at, ends)).toBe(re.exec(text) !== null)
      }
    }
  })
})
