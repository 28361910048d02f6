import type { FilterField, QueryError } from './ast'
import { SPACE } from './spaces'

/** The pieces of a query; `at` is 1-based. */
export type Token =
  | { type: '(' | ')' | 'or' | 'and' | 'not' | '-' | 'end'; at: number }
  | { type: 'word' | 'phrase'; at: number; text: string }
  | { type: 'field'; at: number; field: FieldName; value: string }

/** The filters, `title:` and `subreddit:` (a `site:` on Reddit). */
export type FieldName = FilterField | 'title' | 'subreddit'
const FIELDS = new Set<string>(['platform', 'site', 'subreddit', 'author', 'lang', 'type', 'title'])
const OPERATORS: Record<string, 'or' | 'and' | 'not'> = { OR: 'or', AND: 'and', NOT: 'not' }
const OPEN_QUOTES = '"“”„'
// A space is SPACE (spaces.ts): JavaScript's \s holds U+FEFF, which joins a word (docs/queries.md#words).
const BREAK = /(?!\ufeff)[\s()"“”„]/u
const AFTER_PHRASE = /[\p{L}\p{N}\p{M}"“”„]/u

// Full-width forms of ASCII (U+FF01-FF5E), which Chinese and Japanese keyboards type: each is one character as its
// ASCII form is, so positions in errors stay those of the query as written.
const FULL_WIDTH = /[\uff01-\uff5e]/gu
// An en dash or a minus sign where a word starts, as smart punctuation turns "-hubspot" into, is the hyphen that
// excludes; inside a word ("2019–2020") it stays what it is.
const DASH_BEFORE_WORD = /(^|(?!\ufeff)[\s(])[\u2013\u2212](?=[^\s)]|\ufeff)/gu
const halfWidth = (source: string) =>
  source
    .replace(FULL_WIDTH, (c) => String.fromCharCode((c.codePointAt(0) ?? 0) - 0xfee0))
    .replace(DASH_BEFORE_WORD, '$1-')

export class QuerySyntaxError extends Error {
  constructor(readonly detail: QueryError) {
    super(`at character ${detail.position}: expected ${detail.expected}`)
  }
}

/**
 * Splits a query into tokens. A `-` right before a word, phrase, filter or `(` excludes it; elsewhere (as in
 * `follow-up`) it is part of the word. `name:` is a filter only for the names above, so `http://x` stays a word.
 */
export function tokenize(written: string): Token[] {
  const source = halfWidth(written)
  const tokens: Token[] = []
  let i = 0
  while (i < source.length) {
    const c = source[i]
    const at = i + 1
    if (SPACE.test(c)) i++
    else if (c === '(' || c === ')') {
      tokens.push({ type: c, at })
      i++
    } else if (OPEN_QUOTES.includes(c)) {
      const close = source.slice(i + 1).search(/["“”]/u)
      if (close < 0) throw new QuerySyntaxError({ position: at, expected: 'a closing " for the phrase opened here' })
      tokens.push({ type: 'phrase', at, text: source.slice(i + 1, i + 1 + close) })
      i += close + 2
      // A word or a quote right after the closing quote is a quote meant inside the phrase ('"the "best" crm"'),
      // which would otherwise be read as two phrases and a word: a phrase cannot hold a " (docs/queries.md#syntax).
      if (i < source.length && AFTER_PHRASE.test(source[i]))
        throw new QuerySyntaxError({
          position: i + 1,
          expected: `a space after the phrase that ends at character ${i} (a phrase cannot hold a ")`,
        })
      // A * makes a prefix of a word only (docs/queries.md): after a phrase it was read as a word with no letter.
      if (source[i] === '*')
        throw new QuerySyntaxError({
          position: i + 1,
          expected: `a space after the phrase that ends at character ${i}: a * makes a prefix of a word (automat*), and a phrase takes none`,
        })
    } else if (c === '-' && i + 1 < source.length && !SPACE.test(source[i + 1])) {
      tokens.push({ type: '-', at })
      i++
    } else {
      let end = i
      while (end < source.length && !BREAK.test(source[end])) end++
      const text = source.slice(i, end)
      i = end
      const field = /^([A-Za-z]+):/.exec(text)
      const name = field?.[1].toLowerCase()
      if (field && name && FIELDS.has(name))
        tokens.push({ type: 'field', at, field: name as FieldName, value: text.slice(field[0].length) })
      else if (OPERATORS[text]) tokens.push({ type: OPERATORS[text], at })
      else tokens.push({ type: 'word', at, text })
    }
  }
  tokens.push({ type: 'end', at: source.length + 1 })
  return tokens
}
