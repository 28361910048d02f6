import type { QueryNode } from './ast'
import { normalised, UNSPACED } from './term-pattern'

const CJK_CHAR = new RegExp(`[${UNSPACED}]`, 'u')
// Where a post's words part: anything but a letter, digit or mark, and the characters of scripts written without
// spaces, each a word of its own (docs/queries.md#words), so "CRM" in "我们需要CRM系统" is the word "crm" here as it
// is to the query. The index never holds such a character (requiredWords), so those are dropped rather than kept.
const NON_WORD = new RegExp(`[^\\p{L}\\p{N}\\p{M}]+|[${UNSPACED}]+`, 'u')

/**
 * Words of which a post must hold at least one for the query to match, or null when the query cannot be narrowed so
 * (a `NOT` alone, a filter alone, a prefix word, a word of a script written without spaces). A term needs its first
 * word; `AND` needs what its most selective part needs; `OR` needs what any of its parts needs.
 */
export function requiredWords(node: QueryNode): Set<string> | null {
  switch (node.kind) {
    case 'term': {
      const first = node.words[0]
      if (!first || CJK_CHAR.test(first) || (node.prefix && node.words.length === 1)) return null
      return new Set([first])
    }
    case 'filter':
    case 'not':
      return null
    case 'and': {
      let best: Set<string> | null = null
      for (const item of node.items) {
        const need = requiredWords(item)
        if (need && (!best || need.size < best.size)) best = need
      }
      return best
    }
    case 'or': {
      const all = new Set<string>()
      for (const item of node.items) {
        const need = requiredWords(item)
        if (!need) return null
        for (const w of need) all.add(w)
      }
      return all
    }
  }
}

/**
 * Many queries matched against one post at a time (a stream, docs/queries.md#matching): an index from each required
 * word to the queries that need it, so a post is matched only against the queries one of its words can satisfy, and
 * the cost of a post grows with its words, not with the number of queries tracked.
 */
export function candidateIndex<T extends { query: { root: QueryNode } }>(items: T[]) {
  const byWord = new Map<string, number[]>()
  const always: number[] = []
  for (const [i, item] of items.entries()) {
    const need = requiredWords(item.query.root)
    if (!need) always.push(i)
    else
      for (const w of need) {
        const list = byWord.get(w)
        if (list) list.push(i)
        else byWord.set(w, [i])
      }
  }
  return {
    /** The items a post of this title and text may match, in their original order. */
    candidates(title: string | undefined, content: string): T[] {
      const found = new Set<number>(always)
      for (const word of new Set(normalised(`${title ?? ''}\n${content}`).split(NON_WORD))) {
        const list = byWord.get(word)
        if (list) for (const i of list) found.add(i)
      }
      return [...found].sort((a, b) => a - b).map((i) => items[i] as T)
    },
  }
}
