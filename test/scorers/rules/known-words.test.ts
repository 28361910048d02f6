import { describe, expect, test } from 'bun:test'
import { WordTable } from '../../../src/scorers/rules/known-words'
import { STOP_WORDS } from '../../../src/scorers/rules/modifiers'
import { readWords, root, TOKEN_RE } from '../../../src/scorers/rules/words'
import { seeded } from '../../support/seeded'

// docs/model.md#performance: a post's words are looked up in a table of the words met before, by a hash of their
// letters and compared in place. These check it against cutting every word out with TOKEN_RE, also past the table's
// bound, where it is emptied between two posts.

const LETTERS = 'abcdeéfghijklmnopqrstuvwxyzß0123456789+#'
const GLUE = [' ', ', ', '. ', '\n', ' ÷ ', ' “', '’s ', '-', ' 😡 ']

/** A post of `n` words drawn from `vocabulary` words (made once from the seed), some of them written in capitals. */
function posts(seed: number, vocabulary: number, count: number): string[] {
  const next = seeded(seed)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T
  const words = Array.from({ length: vocabulary }, () =>
    Array.from({ length: 1 + Math.floor(next() * 9) }, () => pick([...LETTERS])).join(''),
  )
  return Array.from({ length: count }, () =>
    Array.from({ length: 5 + Math.floor(next() * 60) }, () => {
      const w = pick(words)
      return (next() < 0.1 ? w.toUpperCase() : w) + pick(GLUE)
    }).join(''),
  )
}

/** The roots of a post's and its keyword's words cut out with TOKEN_RE, each with the first word that gave it. */
function reference(content: string, keyword: string) {
  const out = { roots: [] as string[], words: [] as string[] }
  for (const text of [content.toLowerCase(), keyword.toLowerCase()])
    for (const w of text.match(TOKEN_RE) ?? []) {
      if (w.length < 2 || STOP_WORDS.has(w)) continue
      const r = root(w)
      if (out.roots.includes(r)) continue
      out.roots.push(r)
      out.words.push(w)
    }
  return out
}

describe('the table of known words', () => {
  test('finds each word as the number of that word, and says when a root is first met in a post, past its bound', () => {
    const table = new WordTable((word) => ({ root: word.slice(0, 3), little: word.length }), 300)
    for (const text of posts(5, 2000, 300)) {
      table.startPost()
      const seen = new Set<string>()
      for (const m of text.matchAll(/[a-z0-9ß]+/g)) {
        let hash = 0
        for (const ch of m[0]) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0
        const word = table.find(text, m.index, m.index + m[0].length, hash)
        expect(table.words[word]).toBe(m[0])
        expect(table.littleOf(word)).toBe(m[0].length)
        const r = table.rootOf(word)
        expect(table.roots[r]).toBe(m[0].slice(0, 3))
        expect(table.firstInPost(r)).toBe(!seen.has(m[0].slice(0, 3)))
        seen.add(m[0].slice(0, 3))
      }
    }
    // Emptied past its bound: the last post's words are all that is left, far fewer than the 2,000 met.
    expect(table.words.length).toBeLessThan(700)
  })

  test('a post’s roots are those of its words cut out one by one (20,000 different words: the table is emptied)', () => {
    const texts = posts(11, 20_000, 1500)
    let met = 0
    for (const [i, text] of texts.entries()) {
      const keyword = texts[(i * 7) % texts.length]?.slice(0, 20) ?? ''
      const { roots } = readWords(text, keyword)
      expect(roots).toEqual(reference(text, keyword))
      met += roots.roots.length
    }
    expect(met).toBeGreaterThan(20_000)
  })
})
