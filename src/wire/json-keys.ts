import { AppError } from '../errors'
import { echoed } from '../lib/text'

/**
 * Refuses JSON text in which one object names a key twice (docs/api.md#requests-and-responses). JSON.parse keeps the
 * last value without a word, while whatever stands in front of the service (a proxy's rules, a log filter, a signature
 * check) may have read the first: the service would then act on a value nobody checked. Keys are compared as they
 * read once unescaped (`"url"` and `"\u0075rl"` are one key); the same key in two objects, or at two levels, is not a
 * repeat. One pass over the text; malformed text is left for JSON.parse to refuse.
 */
export function checkKeysOnce(text: string): void {
  const key = keyGivenTwice(text)
  if (key !== undefined) throw new AppError('invalid_request', givenTwice(key), { details: [givenTwiceDetail(key)] })
}

/** The first key that an object of `text` names twice, or undefined when none does. */
export function keyGivenTwice(text: string): string | undefined {
  // The keys seen in each open object; null for an open list, whose strings are values.
  const open: (Set<string> | null)[] = []
  let keyNext = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      const end = stringEnd(text, i)
      const keys = open.at(-1)
      if (keys && keyNext) {
        const key = unquoted(text.slice(i, end + 1))
        if (keys.has(key)) return key
        keys.add(key)
        keyNext = false
      }
      i = end
    } else if (c === OPEN_BRACE) {
      open.push(new Set())
      keyNext = true
    } else if (c === OPEN_BRACKET) {
      open.push(null)
      keyNext = false
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      open.pop()
      keyNext = false
    } else if (c === COMMA) {
      keyNext = Boolean(open.at(-1))
    }
  }
  return undefined
}

/**
 * The index of the quote that ends the string starting at `start` (the text's length when none does): the next quote
 * not escaped, found with indexOf, as a long text value is most of a large body (docs/performance.md#the-body).
 */
function stringEnd(text: string, start: number): number {
  let at = start
  for (;;) {
    at = text.indexOf('"', at + 1)
    if (at < 0) return text.length
    let slashes = 0
    while (text.charCodeAt(at - 1 - slashes) === BACKSLASH) slashes++
    if (slashes % 2 === 0) return at
  }
}

/** A quoted key as JSON reads it; escapes are rare in keys, so JSON.parse is asked only when there is one. */
function unquoted(quoted: string): string {
  if (!quoted.includes('\\')) return quoted.slice(1, -1)
  try {
    return String(JSON.parse(quoted))
  } catch {
    return quoted
  }
}

/** The key is the caller's own text: shown cut short and with control and direction characters made visible. */
export const givenTwice = (key: string) => `${echoed(key)} is given twice`
const givenTwiceDetail = (key: string) => ({ field: echoed(key), message: 'is given twice' })

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
