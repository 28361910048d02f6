/**
 * The tree of a cue list's starts (first-words.ts), built when the list is first used (docs/scoring.md#performance):
 * a character per level, a run of white space as one. Built as objects, it is then laid out flat for the walk
 * (word-index.ts), its nodes numbered breadth first so that those near the root, met at every word, lie together:
 * node n's child for slot s is `next[n * SLOTS + s]` (0: none; the root is node 0, no one's child), and `flags[n]`
 * says whether cues are tried there: PREFIX, whatever follows; WHOLE, when no word's character follows.
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
  /** Cues whose starts cannot be read: scanned on their own (match.ts). */
  unkeyed: number[]
}

type Node = { id: number; kids: Map<number, Node>; prefix: number[]; whole: number[] }

const slotOf = (ch: string) => {
  const c = ch.charCodeAt(0)
  return ch === SPACE ? SPACE_SLOT : c < 128 ? (ASCII_SLOT[c] as number) : wideSlot(c)
}
const alnum = (ch: string) => ch !== '' && slotOf(ch) >= 0 && slotOf(ch) < 36

/** Whether cue `k` is tried wherever `text` is met already: a shorter start of it is on the way. */
function covered(root: Node, text: string, k: number): boolean {
  let at: Node | undefined = root
  for (let i = 0; i < text.length && at; i++) {
    at = at.kids.get(slotOf(text.charAt(i)))
    const next = text.charAt(i + 1)
    if (at && (at.prefix.includes(k) || (next !== '' && !alnum(next) && at.whole.includes(k)))) return true
  }
  return false
}

export function buildTree(sources: readonly string[]): StartTree {
  const root: Node = { id: 0, kids: new Map(), prefix: [], whole: [] }
  const unkeyed: number[] = []
  sources.forEach((source, k) => {
    const starts = firstWords(source)
    if (!starts) {
      unkeyed.push(k)
      return
    }
    // Shorter starts first: a start met wherever a shorter one of the same cue is met adds nothing.
    for (const { text, whole } of [...starts].sort((a, b) => a.text.length - b.text.length)) {
      if (covered(root, text, k)) continue
      let at = root
      for (const ch of text) {
        const s = slotOf(ch)
        const kid = at.kids.get(s) ?? { id: 0, kids: new Map(), prefix: [], whole: [] }
        at.kids.set(s, kid)
        at = kid
      }
      const list = whole ? at.whole : at.prefix
      if (!list.includes(k)) list.push(k)
    }
  })
  const nodes = [root]
  for (let j = 0; j < nodes.length; j++) for (const kid of (nodes[j] as Node).kids.values()) nodes.push(kid)
  nodes.forEach((n, j) => {
    n.id = j
  })
  const next = nodes.length < 65_536 ? new Uint16Array(nodes.length * SLOTS) : new Int32Array(nodes.length * SLOTS)
  const flags = new Uint8Array(nodes.length)
  for (const n of nodes) {
    for (const [s, kid] of n.kids) next[n.id * SLOTS + s] = kid.id
    flags[n.id] = (n.prefix.length > 0 ? PREFIX : 0) | (n.whole.length > 0 ? WHOLE : 0)
  }
  const lists = (pick: (n: Node) => number[]) => nodes.map(pick)
  return { next, flags, prefix: lists((n) => n.prefix), whole: lists((n) => n.whole), cues: sources.length, unkeyed }
}
