/**
 * The words the rules have met, found in a post's text without being cut out of it (docs/scoring.md#performance).
 * Posts share most of their words: a word is looked up by a hash of its letters and compared in place, and only a
 * word not met yet is cut out and described (its root, whether it is a little word of some language). Cutting every
 * word out and looking it up in a Map cost a third of the scorer's time.
 */

/** What is kept of a word; words of one root share `mark`, which says in which post the root was last met. */
export type KnownWord = { word: string; root: string; little: number; mark: { post: number } }

/** A table of at most about `max` words (it is emptied when past that, between two posts: memory stays flat). */
export function wordTable(describe: (word: string) => { root: string; little: number }, max: number) {
  // Twice the bound and more, as a power of two: the words of a post of 20,000 characters past the bound still fit.
  const size = 2 ** Math.ceil(Math.log2(max * 2 + 10_000))
  const mask = size - 1
  let hashes = new Int32Array(size)
  let words: Array<KnownWord | undefined> = new Array(size)
  let marks = new Map<string, { post: number }>()
  let count = 0
  let post = 0

  const sameWord = (text: string, from: number, word: string) => {
    for (let j = 0; j < word.length; j++) if (text.charCodeAt(from + j) !== word.charCodeAt(j)) return false
    return true
  }

  return {
    /** Starts reading a post: every root is new to it until `firstInPost` says otherwise. */
    startPost(): void {
      post++
      if (count < max) return
      hashes = new Int32Array(size)
      words = new Array(size)
      marks = new Map()
      count = 0
    },
    /** The word `text[from, to)` whose letters hash to `hash`: found, or cut out and kept. */
    find(text: string, from: number, to: number, hash: number): KnownWord {
      const length = to - from
      // Hash 0 marks a free slot: a word's hash is never 0.
      const h = hash | 1
      for (let i = h & mask; ; i = (i + 1) & mask) {
        const at = hashes[i]
        if (at === 0) {
          const word = text.slice(from, to)
          const { root, little } = describe(word)
          const mark = marks.get(root) ?? { post: 0 }
          marks.set(root, mark)
          const made = { word, root, little, mark }
          words[i] = made
          hashes[i] = h
          count++
          return made
        }
        const known = words[i] as KnownWord
        if (at === h && known.word.length === length && sameWord(text, from, known.word)) return known
      }
    },
    /** Whether this is the first word of its root in the current post. */
    firstInPost(known: KnownWord): boolean {
      if (known.mark.post === post) return false
      known.mark.post = post
      return true
    },
  }
}
