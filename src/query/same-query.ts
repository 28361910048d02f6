import { SPACE } from './spaces'

const OPEN_QUOTES = '"“”„＂'
const CLOSE_QUOTES = '"“”＂'
const PARENS = '()（）'
const OPERATORS = new Set(['OR', 'AND', 'NOT'])
// A full-width letter is its ASCII form (lexer.ts).
const FULL_WIDTH_LETTERS = /[ＯＲＡＮＤＴ]/gu
const operator = (run: string) =>
  OPERATORS.has(run.replace(FULL_WIDTH_LETTERS, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)))

/**
 * What identifies a tracked keyword (keyword_lc): the same in any case of its words, but OR, AND and NOT keep theirs,
 * as they are operators only in capitals (docs/queries.md#matching): 'crm NOT hubspot' and 'crm not hubspot' are two
 * keywords, each searched, and 'CRM' is 'crm'. Each run of spaces is one space and none is at either end, as a keyword
 * is tracked (docs/queries.md#spaces), so 'crm  erp' stored before that is 'crm erp'.
 *
 * Migration 0023_keyword_key computes the same in SQL from a stored keyword and its `toLowerCase()` (SQLite's lower()
 * folds ASCII only): a change here needs a migration that recomputes the stored keys. A word is what the lexer reads
 * as one (lexer.ts): a run between spaces, parentheses and phrases. ('-NOT x', where the lexer reads a '-' before
 * NOT, is refused as a second exclusion, and a stored keyword that does not parse is read as its words.)
 */
export function keywordKey(keyword: string): string {
  // A polling pass asks for the key of each (team, mention) pair's keyword several times (the tuned threshold, the
  // tracked check before and after scoring), 700,000 times a pass in the bench, of a few thousand keywords: each
  // keyword's key is made once (docs/performance.md#keys-made-once).
  let key = made.get(keyword)
  if (key === undefined) {
    if (made.size >= MADE_MAX) made.clear()
    key = makeKey(keyword)
    made.set(keyword, key)
  }
  return key
}

// Keywords are a team's own, not platform text, but a bound keeps a process that sees many from holding them all.
const MADE_MAX = 10_000
const made = new Map<string, string>()

function makeKey(keyword: string): string {
  // Character by character against its lower case, which has as many except for İ (i and a combining dot).
  const written = [...keyword.replaceAll('\u0130', 'i\u0307')]
  const lower = [...keyword.toLowerCase()]
  let key = ''
  let run = ''
  let runLower = ''
  let phrase = false
  let space = false
  const endRun = () => {
    key += operator(run) ? run : runLower
    run = ''
    runLower = ''
  }
  for (const [i, c] of written.entries()) {
    const lc = lower[i]
    if (SPACE.test(c)) {
      endRun()
      space = key !== ''
      continue
    }
    if (space) key += ' '
    space = false
    if (phrase) {
      key += lc
      phrase = !CLOSE_QUOTES.includes(c)
    } else if (OPEN_QUOTES.includes(c) || PARENS.includes(c)) {
      endRun()
      key += lc
      phrase = OPEN_QUOTES.includes(c)
    } else {
      run += c
      runLower += lc
    }
  }
  endRun()
  return key
}

/**
 * The runs of `keyword` outside phrases (the parts keywordKey keeps in capitals when they are OR, AND or NOT), each
 * with its 0-based position in code points, found as keywordKey finds them.
 */
export function keywordRuns(keyword: string): { start: number; text: string }[] {
  const runs: { start: number; text: string }[] = []
  let run = ''
  let start = 0
  let phrase = false
  const endRun = () => {
    if (run) runs.push({ start, text: run })
    run = ''
  }
  for (const [i, c] of [...keyword].entries()) {
    if (SPACE.test(c)) endRun()
    else if (phrase) phrase = !CLOSE_QUOTES.includes(c)
    else if (OPEN_QUOTES.includes(c) || PARENS.includes(c)) {
      endRun()
      phrase = OPEN_QUOTES.includes(c)
    } else {
      if (!run) start = i
      run += c
    }
  }
  endRun()
  return runs
}

/** Whether a run is OR, AND or NOT as the lexer reads operators (full-width letters as their ASCII forms). */
export const isOperatorRun = operator
