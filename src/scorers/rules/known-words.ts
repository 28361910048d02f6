/**
 * The words the rules have met, found in a post's text without being cut out of it (docs/model.md#performance).
 * Posts share most of their words: a word is looked up by a hash of its letters and compared in place, and only a
 * word not met yet is cut out and described (its root, whether it is a little word of some language). Cutting every
 * word out and looking it up in a Map cost a third of the scorer's time.
 *
 * Everything a lookup reads is in flat arrays of numbers (the slots' hashes and words, each word's letters one after
 * another in one array, its root's number): comparing a word through its string object and its description through
 * another object took a third more time.
 */

/** A table of at most about `max` words (it is emptied when past that, between two posts: memory stays flat). */
export class WordTable {
  // Twice the bound and more, as a power of two: the words of a post of 20,000 characters past the bound still fit.
  private readonly size: number
  private readonly mask: number
  /**
   * Per slot, side by side: the hash of its word's letters (0: a free slot) and the word's number. One array, so that
   * a lookup reads one place of memory, not two: in a server, between two posts, other work pushes the table out of
   * the processor's caches, and every place a lookup reads is then a wait (docs/model.md#performance).
   */
  private table: Int32Array
  /** The letters of every word met, one word after another; a word's own start and length, by its number. */
  private letters = new Uint16Array(1 << 16)
  private used = 0
  /**
   * By word number, four numbers side by side (one place of memory a word, as for the slots): where its letters
   * start, how many there are, its little-word bits and its root's number (-1: not topical).
   */
  private info = new Int32Array(4 * 1024)
  /** By word number: the word. */
  words: string[] = []
  /** By root number: the root, and the post it was last met in. */
  roots: string[] = []
  private marks: number[] = []
  private rootNumbers = new Map<string, number>()
  private post = 0

  constructor(
    private readonly describe: (word: string) => { root: string; little: number },
    private readonly max: number,
  ) {
    this.size = 2 ** Math.ceil(Math.log2(max * 2 + 10_000))
    this.mask = this.size - 1
    this.table = new Int32Array(2 * this.size)
  }

  /** Starts reading a post: every root is new to it until `firstInPost` says otherwise. */
  startPost(): void {
    this.post++
    if (this.words.length < this.max) return
    this.table = new Int32Array(2 * this.size)
    this.used = 0
    this.words = []
    this.roots = []
    this.marks = []
    this.rootNumbers = new Map()
  }

  /** The number of the word `text[from, to)` whose letters hash to `hash`: found, or cut out and kept. */
  find(text: string, from: number, to: number, hash: number): number {
    // Hash 0 marks a free slot: a word's hash is never 0. Kept short, so that the engine writes it into its caller's
    // loop: the rare new word is added by another method.
    const h = hash | 1
    const table = this.table
    for (let i = h & this.mask; ; i = (i + 1) & this.mask) {
      const at = table[2 * i] as number
      if (at === 0) return this.add(text.slice(from, to), i, h)
      if (at === h && this.same(table[2 * i + 1] as number, text, from, to)) return table[2 * i + 1] as number
    }
  }

  /** Word number `word`'s little-word bits. */
  littleOf(word: number): number {
    return this.info[4 * word + 2] as number
  }

  /** Word number `word`'s root number, -1 for a word that is not topical. */
  rootOf(word: number): number {
    return this.info[4 * word + 3] as number
  }

  /** Whether word number `word` is `text[from, to)`. */
  private same(word: number, text: string, from: number, to: number): boolean {
    const length = to - from
    if (this.info[4 * word + 1] !== length) return false
    const letters = this.letters
    const start = this.info[4 * word] as number
    for (let j = 0; j < length; j++) if (letters[start + j] !== text.charCodeAt(from + j)) return false
    return true
  }

  /** Whether root number `root` is met for the first time in the current post. */
  firstInPost(root: number): boolean {
    if (this.marks[root] === this.post) return false
    this.marks[root] = this.post
    return true
  }

  /** Keeps a new word in free slot `slot`, with hash `h`. */
  private add(word: string, slot: number, h: number): number {
    const { root, little } = this.describe(word)
    let r = -1
    if (root) {
      r = this.rootNumbers.get(root) ?? this.roots.length
      if (r === this.roots.length) {
        this.roots.push(root)
        this.marks.push(0)
        this.rootNumbers.set(root, r)
      }
    }
    if (this.used + word.length > this.letters.length) {
      const grown = new Uint16Array(Math.max(this.letters.length * 2, this.used + word.length))
      grown.set(this.letters)
      this.letters = grown
    }
    for (let j = 0; j < word.length; j++) this.letters[this.used + j] = word.charCodeAt(j)
    const n = this.words.length
    if (4 * n + 4 > this.info.length) {
      const grown = new Int32Array(this.info.length * 2)
      grown.set(this.info)
      this.info = grown
    }
    this.info[4 * n] = this.used
    this.info[4 * n + 1] = word.length
    this.info[4 * n + 2] = little
    this.info[4 * n + 3] = r
    this.used += word.length
    this.words.push(word)
    this.table[2 * slot] = h
    this.table[2 * slot + 1] = this.words.length - 1
    return this.words.length - 1
  }
}
