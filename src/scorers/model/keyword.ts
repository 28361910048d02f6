/**
 * The keyword a post is judged against when the team tracks a query (docs/queries.md): its words, not its syntax.
 * "crm -hubspot" found a post holding "crm", and "(crm* OR erp)" one holding either: the excluded words, the filters
 * and the alternatives the post does not hold are not part of what it is about. Plain keywords pass unchanged.
 */
import type { QueryNode } from '../../query/ast'
import { parseQuery } from '../../query/parse'
import { withoutLinks } from '../rules/links'

/** Anything a query has beyond words: an excluded term, quotes, parentheses, a prefix star, a filter, an operator. */
const SYNTAX = /(?:^|\s)-\S|["()*]|\w:\S|\b(?:OR|NOT|AND)\b/

/** The words a query asks a post to hold: terms of every AND, the first alternative of an OR the post holds. */
function wordsOf(node: QueryNode, lower: string, out: string[]): void {
  if (node.kind === 'term') out.push(node.words.join(' '))
  else if (node.kind === 'and') for (const item of node.items) wordsOf(item, lower, out)
  else if (node.kind === 'or') {
    const held = node.items.find((item) => {
      const words: string[] = []
      wordsOf(item, lower, words)
      return words.length > 0 && words.every((w) => lower.includes(w))
    })
    wordsOf(held ?? (node.items[0] as QueryNode), lower, out)
  }
}

const parsed = new Map<string, QueryNode | null>()

export function keywordOfQuery(keyword: string | undefined, content: string): string | undefined {
  if (!keyword || !SYNTAX.test(keyword)) return keyword
  let root = parsed.get(keyword)
  if (root === undefined) {
    // A tracked keyword, read as stored (a mark refused in a new one keeps its meaning: docs/queries.md#spaces).
    const result = parseQuery(keyword, true)
    root = result.ok ? result.query.root : null
    if (parsed.size >= 4096) parsed.clear()
    parsed.set(keyword, root)
  }
  if (!root) return keyword
  const words: string[] = []
  // The post as the rules and the model read it: an alternative written only inside a link is not held.
  wordsOf(root, withoutLinks(content).toLowerCase(), words)
  return words.length > 0 ? words.join(' ') : keyword
}
