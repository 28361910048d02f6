import type { TermNode } from './ast'

// docs/queries.md#words as one regular expression per term, run over the post's text once normalised: quicker than
// splitting a long post into words, with the same meaning. A word character is a letter, digit or mark; Chinese and
// Japanese characters are words of their own, so next to one there is always a word boundary.
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}'
const CJK_CHAR = new RegExp(`[${CJK}]`, 'u')
const WORD_CHAR = `(?:(?![${CJK}])[\\p{L}\\p{N}\\p{M}])`
const NOT_WORD = '[^\\p{L}\\p{N}\\p{M}]'
// Anything but printable ASCII and whitespace may change under NFKC.
const NOT_PLAIN = /[^ -~\s]/

const patterns = new WeakMap<TermNode, RegExp>()

/** The text as terms are matched against it: NFKC (plain ASCII already is) and lower case. */
export const normalised = (text: string) => (NOT_PLAIN.test(text) ? text.normalize('NFKC') : text).toLowerCase()

/** Whether the term's words occur side by side, whole (the last one a prefix for `word*`), in normalised text. */
export function occursIn(term: TermNode, text: string): boolean {
  let pattern = patterns.get(term)
  if (!pattern) {
    pattern = patternOf(term)
    patterns.set(term, pattern)
  }
  return pattern.test(text)
}

function patternOf(term: TermNode): RegExp {
  const { words } = term
  const cjk = (w: string) => CJK_CHAR.test(w)
  let source = cjk(words[0]) ? '' : `(?<!${WORD_CHAR})`
  words.forEach((word, i) => {
    if (i > 0) source += cjk(word) || cjk(words[i - 1]) ? `${NOT_WORD}*` : `${NOT_WORD}+`
    source += word
  })
  const last = words[words.length - 1]
  if (!term.prefix && !cjk(last)) source += `(?!${WORD_CHAR})`
  return new RegExp(source, 'u')
}
