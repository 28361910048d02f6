/**
 * Finding a list of cues in one pass over a post's words (docs/model.md#performance). Most cues start with a word
 * boundary and a few literal words ("\b(?:i|we)\s+(?:want|need)"): such a cue can only match where the text starts
 * with one of those (first-words.ts). The starts of every cue of a list are put in a tree of characters when the list
 * is first used (start-tree.ts); at each word start of the post the tree is walked along the text, and each cue is
 * tried, anchored (`y` flag), only where one of its starts is met. A cue whose starts cannot be read (an emoji, a
 * look-behind first) is scanned on its own. Scanning a 1,200-character post this way costs a fraction of scanning it
 * with every cue, or with their union.
 */
import { ASCII_SLOT, PREFIX, SLOTS, SPACE_SLOT, type StartTree, WHOLE, wideSlot } from './start-tree'

export { buildTree as buildIndex } from './start-tree'
export type WordIndex = StartTree

/** 1 for an ASCII letter or digit (a word can start there), 2 for "_" (a word's character that starts none). */
const WORD = new Uint8Array(128)
for (let c = 0; c < 128; c++) {
  const l = c | 0x20
  WORD[c] = (c >= 48 && c <= 57) || (l >= 97 && l <= 122) ? 1 : c === 95 ? 2 : 0
}

// The walk writes down where cues are to be tried, (word start, node and which of its lists) pairs, and the cues are
// tried once it is done: a loop with a call in it, however rare, reloads the text and the tables at every step, and ran
// three times slower (docs/model.md#performance). Shared by all calls: nothing else runs while one is under way.
let met = new Int32Array(2048)
/** Per cue, whether it needs no more tries (the same sharing). */
let finished = new Uint8Array(256)

/**
 * Walks the tree from each word start of `text` from `from` on, writing down (at, node << 2 | lists) pairs in `met`;
 * stops before a word start whose walk might not fit, and answers where it stopped (the text's length when done) and
 * how many pairs it wrote. `lists`: PREFIX, and WHOLE when no word's character follows.
 */
function walk(text: string, from: number, index: WordIndex): { to: number; pairs: number } {
  const { next, flags, depth } = index
  const buffer = met
  const room = buffer.length - 2 * depth
  const length = text.length
  let count = 0
  let inWord = from > 0 && isWordChar(text.charCodeAt(from - 1))
  for (let at = from; at < length; at++) {
    const c = text.charCodeAt(at)
    const w = c < 128 ? (WORD[c] as number) : 0
    const starts = w === 1 && !inWord
    inWord = w !== 0
    if (!starts) continue
    if (count > room) return { to: at, pairs: count }
    let n = next[ASCII_SLOT[c] as number] as number
    let i = at + 1
    while (n !== 0) {
      // The character after the text so far; 0 (no slot, no word's) past the end.
      const d = i < length ? text.charCodeAt(i) : 0
      const f = flags[n] as number
      if (f !== 0) {
        const lists = f & (d >= 128 || WORD[d] === 0 ? PREFIX | WHOLE : PREFIX)
        if (lists !== 0) {
          buffer[count++] = at
          buffer[count++] = (n << 2) | lists
        }
      }
      const s = d < 128 ? (ASCII_SLOT[d] as number) : wideSlot(d)
      if (s < 0) break
      i++
      if (s === SPACE_SLOT)
        while (i < length) {
          const e = text.charCodeAt(i)
          if ((e < 128 ? ASCII_SLOT[e] : wideSlot(e)) !== SPACE_SLOT) break
          i++
        }
      n = next[n * SLOTS + s] as number
    }
  }
  return { to: length, pairs: count }
}

/**
 * Calls `visit(k, at)` for each keyed cue `k` that may start at word start `at` (a letter or digit after anything
 * that is not a word's character, as `\b` sees them), in text order; `visit` answers true once cue `k` needs no more
 * tries. Characters are read only inside the text: one past its end would be NaN, which the compiled loop handles
 * far more slowly.
 */
export function eachCandidate(text: string, index: WordIndex, visit: (k: number, at: number) => boolean): void {
  if (finished.length < index.cues) finished = new Uint8Array(index.cues)
  const done = finished
  done.fill(0, 0, index.cues)
  const tryAll = (cues: number[], at: number) => {
    for (let j = 0; j < cues.length; j++) {
      const k = cues[j] as number
      if (done[k] === 0 && visit(k, at)) done[k] = 1
    }
  }
  if (met.length < 4 * index.depth) met = new Int32Array(4 * index.depth)
  for (let from = 0; from < text.length; ) {
    const { to, pairs } = walk(text, from, index)
    for (let p = 0; p < pairs; p += 2) {
      const at = met[p] as number
      const v = met[p + 1] as number
      if ((v & PREFIX) !== 0) tryAll(index.prefix[v >> 2] as number[], at)
      if ((v & WHOLE) !== 0) tryAll(index.whole[v >> 2] as number[], at)
    }
    from = to
  }
}

const isWordChar = (c: number) => c < 128 && WORD[c] !== 0
