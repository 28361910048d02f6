import type { FilterNode, QueryNode } from './ast'

/** How a platform's own search writes a query (docs/queries.md#per-platform); what it lacks is left out. */
export type Dialect = {
  /** The OR operator (`OR`, `|`); without one, a top-level OR is searched as its first alternative. */
  or?: string
  /**
   * An exclusion of an already written part, or undefined where the platform cannot exclude that part; without it,
   * exclusions are left to our own matching.
   */
  not?: (text: string, node: QueryNode) => string | undefined
  /** Words with punctuation in them sent in quotes (X matches such a keyword only so). */
  quotePunctuated?: boolean
  /** Prefix wildcards (`word*`); without them the stem is sent. */
  prefix?: boolean
  /** A `title:` term; without it the words are searched anywhere (broader). */
  title?: (text: string) => string
  /** A filter in the platform's own words, or undefined to leave it to our matching. */
  filter?: (node: FilterNode) => string | undefined
  /**
   * No parentheses (YouTube documents `a|b -c` and nothing to group with, its | binding before the spaces): an OR
   * only of words and phrases, written without spaces, and an exclusion only of a word or phrase.
   */
  flat?: boolean
  /** Longest query the platform accepts, and most AND/OR/NOT operators (GitHub: 5). */
  maxLength?: number
  maxOperators?: number
  /** Longest query in UTF-8 bytes (Algolia: 512), which a query of 200 Chinese or Japanese characters exceeds. */
  maxBytes?: number
  /** No negated group (X: "negate each individual operator"): -(a OR b) is written -a -b, the same exclusion. */
  negatesEach?: boolean
}
