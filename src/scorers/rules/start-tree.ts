/**
 * The tree of a cue list's starts (first-words.ts), built when the list is first used (docs/model.md#performance):
 * a character per level, a run of white space as one, laid out flat for the walk (word-index.ts): node n's child
 * for slot s is `next[n * SLOTS + s]` (0: none; the root is node 0, no one's child), and `flags[n]` says whether
 * cues are tried there: PREFIX, whatever follows; WHOLE, when no word's character follows.
 */
import { firstWords, SPACE } from './first-words'

/** Slots: 0-9, a-z (either case), 36 "'", 37 "’", 38 "-", 39 a run of white space, 40 ".". */
export const SLOTS = 41
export const SPACE_SLOT = 39
export const PREFIX = 1
export const WHOLE = 2

/** The slot of each ASCII character (-1: none), white space as `\s` reads it. */
export const ASCII_SLOT = new Int8Array(128).fill(-1)
for (let c = 0; c < 128; c++) {
  const l = c | 0x20
  if (c >= 48 && c <= 57) ASCII_SLOT[c] = c - 48
  else if (l >= 97 && l <= 122) ASCII_SLOT[c] = l - 87
  else if (c === 32 || (c >= 9 && c <= 13)) ASCII_SLOT[c] = SPACE_SLOT
}
ASCII_SLOT[39] = 36
ASCII_SLOT[45] = 38
ASCII_SLOT[46] = 40

/** White space past ASCII, as `\s` reads it. */
export const isWideSpace = (c: number) =>
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff

/** The slot of a character past ASCII. */
export const wideSlot = (c: number) => (c === 0x2019 ? 37 : isWideSpace(c) ? SPACE_SLOT : -1)

export type StartTree = {
  /** Children by slot; a Uint16Array while the tree has fewer than 65,536 nodes (it has about 16,000). */
  next: Uint16Array | Int32Array
  flags: Uint8Array
  /** Per node: the cues one of whose starts the text so far is, and those whose start needs a non-word next. */
  prefix: number[][]
  whole: number[][]
  cues: number
  /** The most nodes a walk from the root can meet: the longest start's characters. */
  depth: number
  /** Cues whose starts cannot be read: scanned on their own (match.ts). */
  unkeyed: number[]
}

// Most nodes have no cue: their lists are this shared empty one.
const NONE: number[] = []

const slotOf = (ch: string) => {
  const c = ch.charCodeAt(0)
  return ch === SPACE ? SPACE_SLOT : c < 128 ? (ASCII_SLOT[c] as number) : wideSlot(c)
}
const alnum = (ch: string) => ch !== '' && slotOf(ch) >= 0 && slotOf(ch) < 36

export function buildTree(sources: readonly string[]): StartTree {
  let next = new Int32Array(1024 * SLOTS)
  let count = 1
  const prefix: number[][] = [NONE]
  const whole: number[][] = [NONE]
  const childOf = (n: number, s: number): number => {
    const known = next[n * SLOTS + s] as number
    if (known !== 0) return known
    if ((count + 1) * SLOTS > next.length) {
      const grown = new Int32Array(next.length * 2)
      grown.set(next)
      next = grown
    }
    next[n * SLOTS + s] = count
    prefix.push(NONE)
    whole.push(NONE)
    return count++
  }
  /** Whether cue `k` is tried wherever `text` is met already: a shorter start of it is on the way. */
  const covered = (text: string, k: number): boolean => {
    let n = 0
    for (let i = 0; i < text.length; i++) {
      n = next[n * SLOTS + slotOf(text.charAt(i))] as number
      if (n === 0) return false
      const after = text.charAt(i + 1)
      if ((prefix[n] as number[]).includes(k) || (after !== '' && !alnum(after) && (whole[n] as number[]).includes(k)))
        return true
    }
    return false
  }
  const unkeyed: number[] = []
  let depth = 0
  sources.forEach((source, k) => {
    const starts = firstWords(source)
    if (!starts) {
      unkeyed.push(k)
      return
    }
    // Shorter starts first: a start met wherever a shorter one of the same cue is met adds nothing.
    for (const start of [...starts].sort((a, b) => a.text.length - b.text.length)) {
      if (covered(start.text, k)) continue
      let n = 0
      for (const ch of start.text) n = childOf(n, slotOf(ch))
      depth = Math.max(depth, start.text.length)
      const lists = start.whole ? whole : prefix
      const list = lists[n] as number[]
      if (list === NONE) lists[n] = [k]
      else if (!list.includes(k)) list.push(k)
    }
  })
  const flags = new Uint8Array(count)
  for (let n = 0; n < count; n++)
    flags[n] = ((prefix[n] as number[]).length > 0 ? PREFIX : 0) | ((whole[n] as number[]).length > 0 ? WHOLE : 0)
  const used = next.subarray(0, count * SLOTS)
  return {
    next: count < 65_536 ? Uint16Array.from(used) : used.slice(),
    flags,
    prefix,
    whole,
    cues: sources.length,
    depth,
    unkeyed,
  }
}
