/**
 * A keyword query, parsed (docs/queries.md). Every node keeps `at`, its 1-based character position in the query,
 * so that an error about it can say where it is.
 */
export type FilterField = 'platform' | 'site' | 'author' | 'lang' | 'type'

export type TermNode = {
  kind: 'term'
  at: number
  /** As written, without quotes or the trailing `*`: what a platform's own search is sent. */
  text: string
  /** The words it matches, in order (docs/queries.md#words): one word, or a phrase. */
  words: string[]
  phrase: boolean
  /** `word*`: the last word is a prefix. */
  prefix: boolean
  /** `title:`: only the post's title. */
  inTitle: boolean
}
export type FilterNode = { kind: 'filter'; at: number; field: FilterField; value: string }
export type QueryNode =
  | TermNode
  | FilterNode
  | { kind: 'and'; at: number; items: QueryNode[] }
  | { kind: 'or'; at: number; items: QueryNode[] }
  | { kind: 'not'; at: number; item: QueryNode }

export type Query = { source: string; root: QueryNode }

/** Where a query stops making sense (1-based) and what was expected there. */
export type QueryError = { position: number; expected: string }

export const describeQueryError = (e: QueryError) => `at character ${e.position}: expected ${e.expected}`
