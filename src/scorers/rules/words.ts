/**
 * The words of a post, read once: their roots (what ICP profiles and market vocabularies are compared with) and the
 * language the post is written in, told from its most common little words (docs/model.md#other-languages).
 */
import { WordTable } from './known-words'
import { STOP_WORDS } from './modifiers'

/** Light stemming so that "founders"/"founder" and "agencies"/"agency" meet; applied to both sides alike. */
export function stem(word: string): string {
  let w = word
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3)
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2)
  else if (w.length > 4 && /(?:ss|x|ch|sh)es$/.test(w)) return w.slice(0, -2)
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1)
  else return w
  // "running" -> "runn" -> "run", but "selling" keeps "sell".
  return /([b-df-hj-km-np-tv-z])\1$/.test(w) && !/(?:ll|ss|zz)$/.test(w) ? w.slice(0, -1) : w
}

/**
 * A word's root: its light stem cut to six letters, so that the forms of one word meet ("invoice", "invoicing";
 * "reconcile", "reconciliation") where the light stem alone keeps them apart. Used for every comparison of words.
 */
export const root = (word: string): string => stem(word).slice(0, 6)

/** Words: letters (Latin, with accents) and digits, lower case; "+" and "#" inside a word for "c++", "c#". */
export const TOKEN_RE = /[a-z0-9\u00df-\u00f6\u00f8-\u024f][a-z0-9\u00df-\u00f6\u00f8-\u024f+#]*/g

/** The languages told apart; `other` is a script the rules have no words for. */
export type Lang = 'en' | 'de' | 'fr' | 'es' | 'pt' | 'it' | 'nl' | 'ja' | 'other'
export const LANG_NAMES: Record<Lang, string> = {
  en: 'English',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  pt: 'Portuguese',
  it: 'Italian',
  nl: 'Dutch',
  ja: 'Japanese',
  other: 'a language the rules do not read',
}

// The commonest little words of each language (articles, pronouns, conjunctions): a post's language is the one whose
// words it uses most. Words shared by two languages count for both.
const LITTLE_WORDS: Array<[Lang, string]> = [
  ['en', 'the and to of is it you that for with this my we are was have be not but our your what how'],
  // Words that are also English ("a", "do", "die", "come") are left out of the other languages' lists.
  ['de', 'der das und ist nicht ich wir mit für auf ein eine einen zu den von es sie wie auch oder aber'],
  ['fr', 'le la les et est pas je nous pour avec des une un du que qui dans sur ce mais ou vous'],
  ['es', 'el la los las y es yo para con una un que en por del lo pero nos muy'],
  ['pt', 'o os e é não eu nós para com uma um que em da por mas você'],
  ['it', 'il lo la gli e è non io noi per con una un che di del della ma'],
  ['nl', 'de het een en niet ik wij voor met van op te dat zijn maar hoe ook'],
]
const LANGS: readonly Lang[] = ['en', 'de', 'fr', 'es', 'pt', 'it', 'nl']
const LITTLE = new Map<string, number>()
for (const [lang, words] of LITTLE_WORDS) {
  const bit = 1 << LANGS.indexOf(lang)
  for (const w of words.split(' ')) LITTLE.set(w, (LITTLE.get(w) ?? 0) | bit)
}
/** Whether a word is one of a language's commonest little words (an article, pronoun or conjunction). */
export const isLittleWord = (word: string): boolean => LITTLE.has(word)
/** Fewer words than this and a post is English unless another language leads: too short to tell. */
const SHORT = 8
/** Enough little words read to tell the language. */
const LANG_SAMPLE = 60

// Kana (Japanese), and other scripts without Latin letters: Cyrillic, Hebrew and Arabic, Indic, Thai and Lao, Hangul,
// Chinese.
const KANA_RE = /[\u3040-\u30ff]/
const isNonLatin = (c: number) =>
  (c >= 0x400 && c <= 0x4ff) ||
  (c >= 0x590 && c <= 0x6ff) ||
  (c >= 0x900 && c <= 0xeff) ||
  (c >= 0x1100 && c <= 0x11ff) ||
  (c >= 0x3400 && c <= 0x9fff) ||
  (c >= 0xac00 && c <= 0xd7af)

/** How much of a post is looked at for characters of another script: enough to tell, and a bound on the cost. */
const MOST_READ = 2000

/**
 * A word of a post's text: the characters of TOKEN_RE, read without it (known-words.ts looks the word up in place),
 * from a table: STARTS, a word starts with it; IN, a word goes on with it. One load per character instead of six
 * comparisons.
 */
const STARTS = 1
const IN = 2
const CLASS = new Uint8Array(0x250)
for (let c = 0; c < CLASS.length; c++) {
  const starts = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 0xdf && c !== 0xf7)
  CLASS[c] = starts ? STARTS | IN : c === 43 || c === 35 ? IN : 0
}

// Each word met, with its root ('' for a word that is not topical) and its little-word bits.
const known = new WordTable(
  (word) => ({
    root: word.length > 1 && !STOP_WORDS.has(word) ? root(word) : '',
    little: LITTLE.get(word) ?? 0,
  }),
  16_000,
)

/**
 * The roots of a post's topical words in the order they are met, each with the first word that gave it
 * (`words[i]` for `roots[i]`): plain lists, for a Map of them cost as much as reading the words.
 */
export type PostRoots = { roots: string[]; words: string[] }
/**
 * `english`: the post reads as English and says so in at least two of English's little words (or is too short to
 * tell), and has no more characters of another script than letters of Latin words: posts in languages the rules have
 * no words for (Polish, Swedish, Turkish, ...) are read as `en` by default, a Russian or Thai post that names a few
 * products in Latin letters too, and the embedded model does not answer them with its English weights
 * (model/index.ts). `nonLatin`: more characters of another script than letters of Latin words (Chinese, Korean, Thai,
 * Arabic, Russian, ...), which the model's third set of weights answers, as it does posts in Japanese.
 */
export type Words = { roots: PostRoots; lang: Lang; english: boolean; nonLatin: boolean }

// The words that gave a post its roots, in the order met (word numbers of `known`): the lists of roots and words are
// made once, of their size, at the end. Grown word by word, they were a fifth of what scoring a post allocates, and
// what a scorer allocates is paid again by the collector (docs/model.md#performance).
let firsts = new Int32Array(4096)

/**
 * The roots of a post's topical words (and its keyword's), and its language. `lower` is the post in lower case, when
 * the caller has it already.
 */
export function readWords(content: string, keyword: string | undefined, lower = content.toLowerCase()): Words {
  const counts = [0, 0, 0, 0, 0, 0, 0]
  let seen = 0
  let tokens = 0
  let latin = 0
  // Characters of another script (isNonLatin) among the post's first MOST_READ.
  let otherScript = 0
  let found = 0
  // Whether the text holds a character past U+03FF: without one, no script of another language (all past it, and none
  // lower-cased below it) can be in the post.
  let wide = false
  known.startPost()
  // A word per character at most: room for them all is made before the loop.
  const most = lower.length + (keyword?.length ?? 0)
  if (firsts.length < most) firsts = new Int32Array(most)
  // The post, then its keyword: their words are those of the two joined by a line break.
  for (const text of keyword ? [lower, keyword.toLowerCase()] : [lower]) {
    const length = text.length
    for (let i = 0; i < length; ) {
      let c = text.charCodeAt(i)
      if (c >= 0x250 || ((CLASS[c] as number) & STARTS) === 0) {
        if (c >= 0x400) {
          wide = true
          if (text === lower && i < MOST_READ && isNonLatin(c)) otherScript++
        }
        i++
        continue
      }
      const from = i
      let hash = 0
      // No character is read past the text: NaN there would slow the compiled loop (docs/model.md#performance).
      do {
        hash = (Math.imul(hash, 31) + c) | 0
        c = ++i < length ? text.charCodeAt(i) : 0
      } while (c < 0x250 && (CLASS[c] as number) !== 0)
      tokens++
      latin += i - from
      const word = known.find(text, from, i, hash)
      const little = known.littleOf(word)
      if (seen < LANG_SAMPLE && i - from <= 5 && little !== 0) {
        seen++
        for (let b = 0; b < counts.length; b++) if (little & (1 << b)) counts[b] = (counts[b] ?? 0) + 1
      }
      const r = known.rootOf(word)
      if (r >= 0 && known.firstInPost(r)) firsts[found++] = word
    }
  }
  const roots: PostRoots = { roots: new Array(found), words: new Array(found) }
  for (let k = 0; k < found; k++) {
    const word = firsts[k] as number
    roots.roots[k] = known.roots[known.rootOf(word)] as string
    roots.words[k] = known.words[word] as string
  }
  const lang = language(content, tokens, counts, wide, otherScript)
  const english = lang === 'en' && ((counts[0] ?? 0) >= 2 || tokens < SHORT) && otherScript <= latin
  return { roots, lang, english, nonLatin: otherScript > latin }
}

function language(content: string, tokens: number, counts: number[], wide: boolean, otherScript: number): Lang {
  // A post with few Latin words and text in another script is in that script's language.
  if (wide && KANA_RE.test(content.slice(0, 400))) return 'ja'
  if (tokens < 4 && otherScript > 0) return 'other'
  let best = 0
  for (let i = 1; i < counts.length; i++) if ((counts[i] ?? 0) > (counts[best] ?? 0)) best = i
  // English unless another language clearly leads: short posts and shared words are read as English.
  return (counts[best] ?? 0) >= 3 && (counts[best] ?? 0) > (counts[0] ?? 0) * 1.5 ? (LANGS[best] as Lang) : 'en'
}
