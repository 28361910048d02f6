/**
 * Finding a list of cues in one pass over a post's words (docs/scoring.md#performance). Most cues start with a word
 * boundary and a few literal words ("\b(?:i|we)\s+(?:want|need)"): such a cue can only match where the text starts
 * with one of those (first-words.ts). The starts of every cue of a list are put in a tree of characters when the list
 * is first used; the post's word starts are found once (and shared by every list read from the same post); at each
 * word start the tree is walked along the text, and each cue is tried, anchored (`y` flag), only where one of its
 * starts is met. A cue whose starts cannot be read (an emoji, a look-behind first) is scanned on its own.
 * Scanning a 1,200-character post this way costs a fraction of scanning it with every cue, or with their union.
 */
import { firstWords, SPACE } from './first-words'

/** Index of a character in the tree: 0-9, a-z (either case), the apostrophes and the hyphen; else -1. */
function slot(c: number): number {
  if (c >= 48 && c <= 57) return c - 48
  const l = c | 0x20
  if (l >= 97 && l <= 122) return l - 87
  return c === 39 ? 36 : c === 0x2019 ? 37 : c === 45 ? 38 : -1
}
const isWordChar = (c: number) => (c >= 48 && c <= 57) || c === 95 || ((c | 0x20) >= 97 && (c | 0x20) <= 122)
/** White space as `\s` reads it. */
const isSpace = (c: number) =>
  c === 32 ||
  (c >= 9 && c <= 13) ||
  (c >= 0xa0 &&
    (c === 0xa0 ||
      c === 0x1680 ||
      (c >= 0x2000 && c <= 0x200a) ||
      c === 0x2028 ||
      c === 0x2029 ||
      c === 0x202f ||
      c === 0x205f ||
      c === 0x3000 ||
      c === 0xfeff))

/**
 * A tree of the cues' starts, a character per level (a run of white space is one): at a node, `prefix` holds the
 * cues one of whose starts the text so far is (tried whatever follows), `whole` those whose start needs a character
 * that is not a word's next.
 */
type Node = {
  keys: number[]
  kids: Node[]
  table: Array<Node | undefined> | undefined
  prefix: number[]
  whole: number[]
}
/** `first`: the root's children by slot, for the first character of each word. */
export type WordIndex = { root: Node; first: Array<Node | undefined>; cues: number; unkeyed: number[] }

/** The slot of a run of white space. */
const SPACE_SLOT = 39
// Most nodes have one child and no cue: their lists are this shared empty one until something is added.
const NONE: never[] = []
const node = (): Node => ({ keys: NONE, kids: NONE, table: undefined, prefix: NONE, whole: NONE })
/** Past this many children a node keeps a table of its children by slot. */
const FEW = 4
function added<T>(list: T[], item: T): T[] {
  if (list === NONE) return [item]
  list.push(item)
  return list
}

/** A node's child for a slot: most nodes have few children, and a scan of them beats a table of 40. */
function childAt(parent: Node, s: number): Node | undefined {
  if (parent.table !== undefined) return parent.table[s]
  const keys = parent.keys
  for (let j = 0; j < keys.length; j++) if (keys[j] === s) return parent.kids[j]
  return undefined
}

/** The child of a node for a character of a start, made on first use. */
function childOf(parent: Node, ch: string): Node {
  const s = ch === SPACE ? SPACE_SLOT : slot(ch.charCodeAt(0))
  const known = childAt(parent, s)
  if (known) return known
  const child = node()
  parent.keys = added(parent.keys, s)
  parent.kids = added(parent.kids, child)
  if (parent.kids.length > FEW) {
    const table: Array<Node | undefined> = new Array(SPACE_SLOT + 1).fill(undefined)
    parent.keys.forEach((key, j) => {
      table[key] = parent.kids[j]
    })
    parent.table = table
  }
  return child
}
/** Whether cue `k` is tried wherever `text` is met already: a shorter start of it is on the way. */
function covered(root: Node, text: string, k: number): boolean {
  let at: Node | undefined = root
  for (let i = 0; i < text.length && at; i++) {
    const ch = text.charAt(i)
    at = childAt(at, ch === SPACE ? SPACE_SLOT : slot(ch.charCodeAt(0)))
    const next = text.charAt(i + 1)
    if (at && (at.prefix.includes(k) || (next !== '' && !alnum(next) && at.whole.includes(k)))) return true
  }
  return false
}
const alnum = (c: string) => c !== '' && slot(c.charCodeAt(0)) >= 0 && slot(c.charCodeAt(0)) < 36

export function buildIndex(sources: readonly string[]): WordIndex {
  const index: WordIndex = { root: node(), first: [], cues: sources.length, unkeyed: [] }
  sources.forEach((source, k) => {
    const starts = firstWords(source)
    if (!starts) {
      index.unkeyed.push(k)
      return
    }
    // Shorter starts first: a start met wherever a shorter one of the same cue is met adds nothing.
    for (const { text, whole } of [...starts].sort((a, b) => a.text.length - b.text.length)) {
      if (covered(index.root, text, k)) continue
      let at = index.root
      for (const ch of text) at = childOf(at, ch)
      if (whole && !at.whole.includes(k)) at.whole = added(at.whole, k)
      if (!whole && !at.prefix.includes(k)) at.prefix = added(at.prefix, k)
    }
  })
  index.first = Array.from({ length: SPACE_SLOT + 1 }, (_, s) => childAt(index.root, s))
  return index
}

// The word starts of the last post read: every list of one post reads the same text in a row.
let lastText = ''
let lastStarts: number[] = []

/** Where words start: a letter or digit after anything that is not one (as `\b` sees them). */
export function wordStarts(text: string): number[] {
  if (text === lastText) return lastStarts
  const starts: number[] = []
  let prevWord = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    const l = c | 0x20
    const alnum = (c >= 48 && c <= 57) || (l >= 97 && l <= 122)
    if (alnum && !prevWord) starts.push(i)
    prevWord = alnum || c === 95
  }
  lastText = text
  lastStarts = starts
  return starts
}

/**
 * Calls `visit(k, at)` for each keyed cue `k` that may start at word start `at`, in text order; `visit` answers true
 * once cue `k` needs no more tries.
 */
export function eachCandidate(text: string, index: WordIndex, visit: (k: number, at: number) => boolean): void {
  const done = new Uint8Array(index.cues)
  const tryAll = (cues: number[], at: number) => {
    for (let j = 0; j < cues.length; j++) {
      const k = cues[j] as number
      if (done[k] === 0 && visit(k, at)) done[k] = 1
    }
  }
  for (const at of wordStarts(text)) {
    let n = index.first[slot(text.charCodeAt(at))]
    let i = at + 1
    while (n !== undefined) {
      if (n.prefix.length > 0) tryAll(n.prefix, at)
      if (n.whole.length > 0 && !isWordChar(text.charCodeAt(i))) tryAll(n.whole, at)
      const c = text.charCodeAt(i)
      if (c === 32 || isSpace(c)) {
        while (isSpace(text.charCodeAt(++i))) {}
        n = childAt(n, SPACE_SLOT)
      } else {
        const s = slot(c)
        i++
        n = s < 0 ? undefined : childAt(n, s)
      }
    }
  }
}
