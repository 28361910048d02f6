import type { TermNode } from './ast'

// docs/queries.md#words as one regular expression per term, run over the post's text (matchText): quicker than
// splitting a long post into words, with the same meaning. A word character is a letter, digit or mark; characters
// of the scripts written without spaces between words are words of their own, so next to one there is always a word
// boundary.
/**
 * Scripts written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer, Burmese), and Korean, which
 * joins its particles to a word (고객을 is 고객, customer, with 을).
 */
export const UNSPACED =
  '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\p{Script=Thai}\\p{Script=Lao}' +
  '\\p{Script=Khmer}\\p{Script=Myanmar}'
export const CJK_CHAR = new RegExp(`[${UNSPACED}]`, 'u')
const WORD_CHAR = `(?:(?![${UNSPACED}])[\\p{L}\\p{N}\\p{M}])`
// Anything but printable ASCII and whitespace may change under NFKC; \s holds U+FEFF, which is left out (below).
const NOT_PLAIN = /[^ -~\s]|\ufeff/
const NOT_ASCII = /[^\0-\x7f]/
// Characters that show nothing and join what is on either side: a soft hyphen (where a long word may break across
// lines, as German sites write it), a word joiner and a zero-width no-break space. 'Kunden\u00admanagement' reads
// as one word, so it is one word here (docs/queries.md#words). They are left out, as are the optional marks below.
// Arabic's short vowels, tanween, shadda and sukun, its superscript alef and tatweel (a stretch of the line between
// letters), and Hebrew's niqqud and cantillation marks (not its maqaf, a hyphen): most writing leaves them out and
// some puts them in ("شكراً" is "شكرا" with a tanween), so a word is the same word with or without them.
const INSIDE_WORD = /[\u00ad\u2060\ufeff\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0640\u064b-\u065f\u0670]/u
const INSIDE_WORD_ALL = new RegExp(INSIDE_WORD.source, 'gu')

/** Each term's pattern: [for normalised text, for plain ASCII text as it is (ignoring case)]. */
const patterns = new WeakMap<TermNode, [RegExp, RegExp]>()

/**
 * The text as terms are matched against it: NFKC (plain ASCII already is) and lower case. Lower case turns Turkish
 * İ into i and a combining dot above, which would keep "İstanbul" from matching `istanbul`: the dot is dropped, so
 * both are the word a Turkish reader sees (docs/queries.md#words).
 */
export const normalised = (text: string) => {
  if (!NOT_PLAIN.test(text)) return text.toLowerCase()
  const lower = text.normalize('NFKC').toLowerCase()
  const dotless = lower.includes('i\u0307') ? lower.replaceAll('i\u0307', 'i') : lower
  return INSIDE_WORD.test(dotless) ? dotless.replace(INSIDE_WORD_ALL, '') : dotless
}

/** A text as `occursIn` reads it: normalised, or plain ASCII as it is (`ascii`). */
export type MatchText = { readonly text: string; readonly ascii: boolean }

/**
 * A text ready for `occursIn`. Plain ASCII (most fetched posts) is kept as it is and matched ignoring case: NFKC
 * leaves ASCII alone, and a term's words, being NFKC and lower case already, hold no character that folds to an
 * ASCII letter without being one (ſ, the Kelvin sign), so the answer is the same as on its lower-case copy, without
 * making that copy of every post (docs/performance.md#the-pipeline-second-round). Anything else is normalised.
 */
export const matchText = (text: string): MatchText =>
  NOT_ASCII.test(text) ? { text: normalised(text), ascii: false } : { text, ascii: true }

const NOT_WORD_ALL = /[^\p{L}\p{N}\p{M}]+/gu
const ALL_UNSPACED = new RegExp(`^[${UNSPACED}]+$`, 'u')
/** Each text's words with nothing between them, made once per text however many terms read it. */
const joined = new WeakMap<MatchText, string>()
const wordsJoined = (subject: MatchText) => {
  let text = joined.get(subject)
  if (text === undefined) {
    // Plain ASCII is kept in its case and matched ignoring it (matchText).
    text = subject.text.replace(NOT_WORD_ALL, '')
    if (subject.ascii) text = text.toLowerCase()
    joined.set(subject, text)
  }
  return text
}
const UNSPACED_ALL = new RegExp(`[${UNSPACED}]`, 'gu')
/** Each text's words, one space before and after each, made once per text however many terms read it. */
const spaced = new WeakMap<MatchText, string>()
/**
 * The text's words (docs/queries.md#words) as queries see them, each with a space on either side: runs of letters,
 * digits and marks, and each CJK character alone. A phrase's words occur side by side exactly where ` w1 w2 … ` occurs
 * here, which a substring search finds in time linear in the text.
 */
const wordsSpaced = (subject: MatchText) => {
  let text = spaced.get(subject)
  if (text === undefined) {
    // Plain ASCII is kept in its case and matched ignoring it (matchText); it holds no CJK character.
    text = ` ${subject.text.replace(NOT_WORD_ALL, ' ')} `
    if (subject.ascii) text = text.toLowerCase()
    else text = text.replace(UNSPACED_ALL, ' $& ').replace(/ {2,}/g, ' ')
    spaced.set(subject, text)
  }
  return text
}

/** Whether the term's words occur side by side, whole (the last one a prefix for `word*`), in the text. */
export function occursIn(term: TermNode, subject: MatchText): boolean {
  // A phrase was one pattern tried from every place of the text, and next to a CJK word it lets any run of non-word
  // characters come between words: over text of one repeated CJK character it went through most of the phrase from
  // each place, 12.7 s for a CJK phrase over the preview's 2,000 posts, 1.2 s for a mixed CJK and Latin one over a
  // 1 MB post (docs/performance.md#query-preview). The text's words with a space around each say it in one search.
  // The words joined, looked for in the text's words joined, rule out most texts at less cost, and for a phrase of
  // CJK words alone, where any run of non-word characters may come between, they are the answer.
  if (term.words.length > 1) {
    if (!wordsJoined(subject).includes(term.words.join(''))) return false
    if (term.words.every((w) => ALL_UNSPACED.test(w))) return true
    return wordsSpaced(subject).includes(` ${term.words.join(' ')}${term.prefix ? '' : ' '}`)
  }
  let pair = patterns.get(term)
  if (!pair) {
    const source = patternOf(term)
    pair = [new RegExp(source, 'u'), new RegExp(source, 'iu')]
    patterns.set(term, pair)
  }
  return pair[subject.ascii ? 1 : 0].test(subject.text)
}

/** A single word's pattern: whole, or its start for `word*`; a CJK character is a word of its own. */
function patternOf(term: TermNode): string {
  const [word] = term.words
  if (CJK_CHAR.test(word)) return word
  return `(?<!${WORD_CHAR})${word}${term.prefix ? '' : `(?!${WORD_CHAR})`}`
}
