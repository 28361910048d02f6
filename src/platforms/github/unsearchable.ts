import type { QueryNode } from '../../query/ast'
import { readQuery } from '../../query/parse'

/**
 * GitHub refuses a whole search (422, docs/platforms.md#github) when a `user:`, `repo:` or `author:` in it names an
 * account or repository it cannot search, without saying which. A query of one alternative then matches nothing, as
 * github.com shows it. One of OR alternatives is sent as one search, so a mistyped name in one alternative would lose
 * every other without a word: that refusal is the team's to see, with the names that may be wrong (its own words,
 * those that look like a GitHub name: nothing else is repeated).
 */
export function lostAlternatives(keyword: string): string | undefined {
  const { root } = readQuery(keyword)
  if (!hasAlternatives(root)) return undefined
  const names = namesIn(root).filter((n) => /^(site|author):[\w./-]{1,100}$/.test(n))
  const which = names.length > 0 ? ` (${[...new Set(names)].join(', ')})` : ''
  return (
    `github cannot search a user or repository the query names${which}, so it searched none of its alternatives ` +
    '(422): check those names, or track each alternative as a keyword of its own'
  )
}

// Alternatives a post may match by (an OR under NOT only excludes more: the query still has one way to match).
function hasAlternatives(node: QueryNode): boolean {
  if (node.kind === 'or') return node.items.length > 1 || node.items.some(hasAlternatives)
  return node.kind === 'and' && node.items.some(hasAlternatives)
}

function namesIn(node: QueryNode): string[] {
  if (node.kind === 'filter')
    return node.field === 'site' || node.field === 'author' ? [`${node.field}:${node.value}`] : []
  if (node.kind === 'and' || node.kind === 'or') return node.items.flatMap(namesIn)
  return node.kind === 'not' ? namesIn(node.item) : []
}
