import type { ResolvedKeyword } from './keyword-filter'

// What a signals list asks for (its filters) and the shape of its query apart from the values, with one prepared
// statement kept per shape. Apart from queries.ts, which builds the statements: the index and keyword helpers
// (lead-index.ts, keyword-filter.ts) read a shape without importing the statements that use them.

export type SignalFilter = {
  keyword?: string
  intent?: string
  platform?: string
  minScore?: number
  /** ISO 8601 UTC; signals published at or after it. */
  since?: string
  /**
   * docs/api.md#feedback: also the dismissed signals (judged not relevant, or stored while their author was muted),
   * which the default list leaves out.
   */
  withDismissed?: boolean
} & ResolvedKeyword

/**
 * What a list query looks like apart from its values: which filters it has, whether it reads the full text, and
 * whether a keyset anchor bounds its walk. Each shape is one prepared statement with placeholders for the values.
 */
export type FilterShape = {
  keyword: boolean
  intent: boolean
  platform: boolean
  minScore: boolean
  since: boolean
  withDismissed: boolean
  /** Not one spelling holds the keyword's key (keyword-filter.ts): no one seek walks its signals in list order. */
  keywordSpellings: boolean
  full: boolean
  anchored: boolean
}

/** The filters, in the order of a cache key (cache.ts) and of a shape's key. */
export const FILTER_FIELDS = ['keyword', 'intent', 'platform', 'minScore', 'since', 'withDismissed'] as const
const SHAPE_FIELDS: (keyof FilterShape)[] = [...FILTER_FIELDS, 'keywordSpellings', 'full', 'anchored']

/** The shape of a query for `f`: `f.minScore` 0 means no filter. */
export const shapeOf = (f: SignalFilter, full: boolean, anchored: boolean): FilterShape => ({
  keyword: f.keyword !== undefined,
  intent: f.intent !== undefined,
  platform: f.platform !== undefined,
  minScore: !!f.minScore,
  since: f.since !== undefined,
  withDismissed: !!f.withDismissed,
  keywordSpellings: f.keywordSpellings !== undefined,
  full,
  anchored,
})

/**
 * A statement per shape, built on first use (at most 256 shapes). Building a query is a good part of the cost of a
 * list request, so it happens once per combination of filters, not per request.
 */
export function perShape<T>(build: (shape: FilterShape) => T): (shape: FilterShape) => T {
  const built = new Map<string, T>()
  return (shape) => {
    const key = SHAPE_FIELDS.map((field) => (shape[field] ? '1' : '0')).join('')
    const known = built.get(key)
    if (known) return known
    const made = build(shape)
    built.set(key, made)
    return made
  }
}
