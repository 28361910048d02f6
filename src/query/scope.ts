import type { FilterField, FilterNode, QueryNode, TermNode } from './ast'

/** Whether the query uses a filter on the field anywhere (a `lang:` needs the language detector loaded). */
export function usesField(node: QueryNode, field: FilterField): boolean {
  switch (node.kind) {
    case 'filter':
      return node.field === field
    case 'term':
      return false
    case 'not':
      return usesField(node.item, field)
    default:
      return node.items.some((n) => usesField(n, field))
  }
}

/**
 * The query's value when only some of its words and filters can be told: `leaf` answers true, false, or undefined
 * (unknown), and the result is undefined unless the known parts decide it.
 */
export function evaluate(
  node: QueryNode,
  leaf: (n: TermNode | FilterNode) => boolean | undefined,
): boolean | undefined {
  switch (node.kind) {
    case 'term':
    case 'filter':
      return leaf(node)
    case 'not': {
      const inner = evaluate(node.item, leaf)
      return inner === undefined ? undefined : !inner
    }
    case 'and':
    case 'or': {
      const decisive = node.kind === 'or'
      let result: boolean | undefined = !decisive
      for (const item of node.items) {
        const value = evaluate(item, leaf)
        if (value === decisive) return decisive
        if (value === undefined) result = undefined
      }
      return result
    }
  }
}

/**
 * Whether a post of the platform can match, from the `platform:` filters alone: `crm platform:reddit` is never searched
 * on X.
 */
export const mayMatchOn = (root: QueryNode, platform: string): boolean =>
  evaluate(root, (n) => (n.kind === 'filter' && n.field === 'platform' ? n.value === platform : undefined)) !== false
